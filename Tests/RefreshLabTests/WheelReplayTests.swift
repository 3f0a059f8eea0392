import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// The wheel read from `--headless --replay` traces: a spinning wheel keeps its speed from notch
/// to notch (issue 15), and turns during a finished refresh's hold and collapse move the list as
/// far as at rest (issue 19).
@MainActor @Suite(.serialized) struct WheelReplayTests {
  /// Runs `script` (JSON Lines) headless with `arguments` and reads its trace back.
  func trace(_ script: [String], _ arguments: [String] = []) throws -> [StudioTraceFrame] {
    try HeadlessReplay.frames(
      scriptText: script.joined(separator: "\n") + "\n", ["--lang", "en"] + arguments)
  }

  /// `count` notches toward the end, `rate` a second from `start`.
  static func notches(_ count: Int, from start: Double, rate: Double = 10) -> [String] {
    (0..<count).map { #"{"t":\#(start + Double($0) / rate),"type":"wheel","dy":-1}"# }
  }

  /// A slow pull to refresh, let go at 0.8 s (the refresh starts then).
  static let pull: [String] = {
    var lines = [#"{"t":0,"type":"down","x":200,"y":120}"#]
    for step in 1...40 {
      lines.append(#"{"t":\#(Double(step) * 0.02),"type":"move","x":200,"y":\#(120 + step * 7)}"#)
    }
    lines.append(#"{"t":0.8,"type":"up","x":200,"y":400}"#)
    return lines
  }()

  /// Ten notches a second for two seconds: every frame between the first notch's rise and the
  /// last notch moves, no slower than half the wheel's mean speed (400 pt/s).
  @Test func aWheelSpunAtTenNotchesASecondNeverStopsBetweenNotches() throws {
    let frames = try trace(
      Self.notches(20, from: 0.5) + [#"{"t":4,"type":"end"}"#], ["--rows", "200", "--total", "200"])
    let spinning = frames.filter { $0.t >= 0.6 && $0.t <= 2.4 }
    #expect(spinning.count > 100)
    let slowest = try #require(spinning.map(\.velocity).min())
    #expect(slowest > 400 / 2, "the content slowed to \(slowest) pt/s between notches")
    #expect(spinning.allSatisfy { $0.velocity != 0 }, "the velocity returned to 0")
  }

  /// 15 notches while "Refreshed" holds and collapses move the list as far as 15 from rest,
  /// within one row. (A refresh replaces the list with one page: a page as long as the list,
  /// so that the end does not stop either run.)
  @Test func notchesDuringAFinishedRefreshMoveAsFarAsAtRest() throws {
    let data = ["--rows", "100", "--page-size", "100", "--total", "1000", "--latency", "0.5"]
    let rest = try trace(Self.notches(15, from: 0.2, rate: 20) + [#"{"t":3,"type":"end"}"#], data)
    let restMoved = try #require(rest.last).offset - rest[0].offset
    // The refresh ends at 1.3 s; the hold lasts until 1.8 s, the collapse until 2.05 s.
    let finished = try trace(
      Self.pull + Self.notches(15, from: 1.35, rate: 20) + [#"{"t":4,"type":"end"}"#], data)
    let start = try #require(finished.last { $0.t <= 1.35 })
    #expect(start.header == "finishing")
    let finishedMoved = try #require(finished.last).offset - start.offset
    #expect(
      abs(finishedMoved - restMoved) <= 44,
      "15 notches moved \(finishedMoved) pt during the finished refresh, \(restMoved) pt from rest")
    #expect(restMoved > 500)
  }
}
