import RefreshCore
import Testing

@testable import RefreshLab

/// The command line's contract: defaults, and one line naming the flag for every bad value.
@Suite struct OptionsTests {
  func resolve(_ arguments: [String], environment: [String: String] = [:]) throws -> LabOptions {
    try LabCommand.parse(arguments).resolve(environment: environment)
  }

  /// The message `arguments` are refused with.
  func refusal(_ arguments: [String]) -> String? {
    do {
      _ = try resolve(arguments)
      return nil
    } catch let error as LabError {
      return error.description
    } catch {
      return LabCommand.message(for: error)
    }
  }

  @Test func defaultsMatchTheDesign() throws {
    let options = try resolve([])
    #expect(options.data == DataSourceConfiguration(initialRows: 20, pageSize: 20, total: 100, latency: 1))
    #expect(options.size == WindowSize(width: 400, height: 700))
    #expect(options.fps == 60)
    #expect(options.headless == false)
    #expect(options.language == .english)
    #expect(options.screenshots.isEmpty)
  }

  @Test func everyFlagIsRead() throws {
    let options = try resolve([
      "--rows", "5", "--page-size", "7", "--total", "50", "--latency", "0.25", "--fail-rate", "0.5",
      "--seed", "9", "--lang", "zh", "--preset", "ego", "--size", "320x480", "--replay", "a.jsonl",
      "--headless", "--fps", "30", "--trace", "t.jsonl", "--screenshot", "1.5:a.png",
      "--screenshot", "2:dir/b:c.png", "--plot", "p.png", "--compare", "o.json",
    ])
    #expect(
      options.data
        == DataSourceConfiguration(
          initialRows: 5, pageSize: 7, total: 50, latency: 0.25, failureRate: 0.5, seed: 9))
    #expect(options.language == .chinese)
    #expect(options.preset == .ego)
    #expect(options.size == WindowSize(width: 320, height: 480))
    #expect(options.replay == "a.jsonl")
    #expect(options.headless)
    #expect(options.fps == 30)
    #expect(options.trace == "t.jsonl")
    #expect(
      options.screenshots == [
        ScreenshotRequest(time: 1.5, path: "a.png"), ScreenshotRequest(time: 2, path: "dir/b:c.png"),
      ])
    #expect(options.plot == "p.png")
    #expect(options.compare == "o.json")
  }

  /// `800X600` and `800×600` mean what `800x600` does (README and `--help` say so).
  @Test(arguments: ["800x600", "800X600", "800×600"])
  func sizeTakesEitherCaseOfXAndTheTimesSign(text: String) throws {
    #expect(try resolve(["--size", text]).size == WindowSize(width: 800, height: 600))
  }

  @Test func languageDefaultsFromTheLocale() throws {
    #expect(try resolve([], environment: ["LANG": "zh_CN.UTF-8"]).language == .chinese)
    #expect(try resolve([], environment: ["LANG": "en_US.UTF-8"]).language == .english)
    #expect(
      try resolve([], environment: ["LANG": "en_US.UTF-8", "LC_ALL": "zh_TW.UTF-8"]).language
        == .chinese)
    #expect(try resolve(["--lang", "en"], environment: ["LANG": "zh_CN.UTF-8"]).language == .english)
  }

  @Test(arguments: [
    (["--fps", "0"], "--fps: must be more than 0 frames per second, such as --fps 60 (got 0)"),
    (["--fps", "-5"], "--fps: must be more than 0 frames per second, such as --fps 60 (got -5)"),
    (
      ["--size", "0x0"],
      "--size: 0x0 points is outside 200…16384 wide and 200…16384 tall; use a size like 400x700"
    ),
    (
      ["--size", "10x10"],
      "--size: 10x10 points is outside 200…16384 wide and 200…16384 tall; use a size like 400x700"
    ),
    (
      ["--size", "800x20000"],
      "--size: 800x20000 points is outside 200…16384 wide and 200…16384 tall; use a size like 400x700"
    ),
    (["--size", "abc"], "--size: \"abc\" is not WIDTHxHEIGHT in points; write it like 400x700"),
    (["--size", "400x"], "--size: \"400x\" is not WIDTHxHEIGHT in points; write it like 400x700"),
    (
      ["--preset", "fancy"],
      "--preset: unknown preset \"fancy\"; choose one of ios, mjrefresh, ego, smart, flutter, material"
    ),
    (
      ["--headless"],
      "--headless needs --replay FILE: without a window the gesture script is the only input"
    ),
    (["--fail-rate", "2"], "--fail-rate: must lie between 0 and 1, such as 0.2 (got 2.0)"),
    (["--latency", "-1"], "--latency: must be 0 or more seconds (got -1.0)"),
    (["--page-size", "0"], "--page-size: must be 1 or more (got 0)"),
    (["--rows", "-1"], "--rows: must be 0 or more (got -1)"),
    (["--rows", "200"], "--rows 200 is more than --total 100; raise --total or lower --rows"),
    (["--lang", "fr"], "--lang: \"fr\" is not a language here; use en or zh"),
    (
      ["--screenshot", "soon.png"],
      "--screenshot: \"soon.png\" is not TIME:PATH; write it like 1.5:pull.png (seconds, then a file)"
    ),
    (["--screenshot", "-1:a.png"], "--screenshot: time -1 must be 0 or more seconds"),
    (
      ["--screenshot", "1:"],
      "--screenshot: \"1:\" has no file after the colon; write 1.5:pull.png"
    ),
    (
      ["--headless", "--replay", "a", "--record", "b"],
      "--record writes real input from the window; drop --headless or --record"
    ),
    (["--plot", "p.png"], "--plot charts a whole replay; add --headless --replay FILE"),
    (["--rows", "abc"], "The value 'abc' is invalid for '--rows <n>'"),
  ])
  func badInputIsOneLineNamingTheFlag(arguments: [String], message: String) {
    let refused = refusal(arguments)
    #expect(refused == message)
    #expect(refused?.contains("\n") == false)
  }

  @MainActor @Test func theProgramExitsNonZeroOnBadInput() {
    #expect(RefreshLabApp.main(arguments: ["--fps", "0"], environment: [:]) != 0)
    #expect(RefreshLabApp.main(arguments: ["--size", "0x0"], environment: [:]) != 0)
    #expect(RefreshLabApp.main(arguments: ["--no-such-flag"], environment: [:]) != 0)
    #expect(
      RefreshLabApp.main(
        arguments: ["--headless", "--replay", "/nonexistent/script.jsonl"], environment: [:]) != 0)
  }

  /// Found by fuzz-options: ArgumentParser quotes refused arguments as they are, so one holding
  /// a line break made a refusal of two lines; the app folds it into one.
  @Test func aRefusedArgumentWithALineBreakIsStillOneLine() throws {
    let arguments = ["en_US.UTF-8", "", "\n", "", "rize", "20\u{FFFD}", "--total", "100"]
    let message = try #require(refusal(arguments))
    #expect(message.contains("\n"), "the refusal quotes the argument with its line break")
    let line = RefreshLabApp.errorLine(message)
    #expect(line.hasPrefix("refresh-lab: "))
    let breaks = line.filter(\.isNewline).count
    #expect(breaks == 0)
  }
}
