/// One `--screenshot T:PATH`: save the frame shown at time `time` as a PNG at `path`.
public struct ScreenshotRequest: Sendable, Equatable {
  /// Seconds from the start.
  public var time: Double
  /// Where the PNG goes.
  public var path: String

  /// A request for the frame at `time` into `path`.
  public init(time: Double, path: String) {
    self.time = time
    self.path = path
  }

  /// Parses `1.5:pull.png`; the path may itself hold colons, the time may not.
  public init(parsing text: String) throws(LabError) {
    guard let colon = text.firstIndex(of: ":"), let time = Double(text[..<colon]) else {
      throw .badFlag(
        flag: "--screenshot",
        message: "\"\(text)\" is not TIME:PATH; write it like 1.5:pull.png (seconds, then a file)")
    }
    let path = String(text[text.index(after: colon)...])
    guard time.isFinite, time >= 0 else {
      throw .badFlag(
        flag: "--screenshot", message: "time \(text[..<colon]) must be 0 or more seconds")
    }
    guard !path.isEmpty else {
      throw .badFlag(
        flag: "--screenshot", message: "\"\(text)\" has no file after the colon; write 1.5:pull.png")
    }
    self.init(time: time, path: path)
  }
}
