import ArgumentParser
import RefreshLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `make soak`: simulated hours of random use, headless, every frame checked (see `SoakRun`).
struct SoakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refresh-lab-soak",
    abstract: "Plays seeded random sessions headless for simulated hours, checking every frame.")

  @Option(help: "Simulated hours of input.")
  var hours = 1.0

  @Option(help: "Seed of the random input.")
  var seed: UInt64 = 1

  @Option(help: "Frames per simulated second.")
  var fps = 60
}

let command = SoakCommand.parseOrExit()
guard command.hours.isFinite, command.hours > 0, command.fps > 0 else {
  SoakCommand.exit(withError: ValidationError("--hours and --fps must be more than 0"))
}
do {
  let report = try SoakRun(
    seed: command.seed, duration: command.hours * 3600, fps: command.fps, checksMemory: true
  ).run()
  print("soak passed: \(report.line)")
} catch {
  print("refresh-lab-soak: \(error)")
  exit(1)
}
