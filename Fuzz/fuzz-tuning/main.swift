import CLibFuzzer
import FoundationEssentials
import RefreshCore
import RefreshLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tuning files: the first byte picks the preset under the file (or none), the rest is the
/// file. Any bytes either decode into a tuning that passed the core's checks and saves and
/// loads back the same, or are refused with one line.
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = UnsafeBufferPointer(start: bytes, count: count)
  let presets = TuningPreset.allCases
  let pick = input.first.map { Int($0) % (presets.count + 1) } ?? presets.count
  let preset = pick < presets.count ? presets[pick] : nil
  let data = Data(input.dropFirst())
  do throws(LabError) {
    let tuning = try TuningFile.decode(data, path: "fuzz.json", over: preset)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let saved = try? encoder.encode(tuning) else {
      preconditionFailure("an accepted tuning does not encode: \(tuning)")
    }
    let again = try TuningFile.decode(saved, path: "fuzz.json")
    precondition(again == tuning, "an accepted tuning did not survive saving: \(tuning)")
  } catch {
    precondition(!error.description.contains("\n"), "an error spans lines: \(error)")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
