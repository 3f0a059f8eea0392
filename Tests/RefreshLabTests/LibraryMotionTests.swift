import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 7's acceptance, read from `--headless` traces: each preset's pull follows its library's
/// formula, Smart's release rebounds in its 300 ms, Flutter's bounce is its spring, and the
/// Material overlay leaves the rows where they are.
@MainActor @Suite(.serialized) struct LibraryMotionTests {
  static let staircase = RepositoryFile.path("docs/scripts/staircase.jsonl")
  static let release = RepositoryFile.path("docs/scripts/release.jsonl")
  /// F5, then the staircase again while the header is held open refreshing.
  static let staircaseRefreshing = RepositoryFile.path("docs/scripts/staircase-refreshing.jsonl")
  /// F5 (so nothing may load), End, then a staircase up past the end: 20, 40, 60, 120, 240 pt.
  static let staircaseFooter = RepositoryFile.path("docs/scripts/staircase-footer.jsonl")
  /// The staircase's steps: finger travel past the top, and when the finger rests there.
  static let steps: [(travel: Double, rest: ClosedRange<Double>)] = [
    (40, 0.3...0.7), (120, 1.0...1.4), (240, 1.7...2.1), (400, 2.4...2.8),
  ]

  func trace(_ script: String, preset: TuningPreset, fps: Int = 60, latency: Double = 1) throws
    -> [StudioTraceFrame]
  {
    try HeadlessReplay.frames(
      script: script, ["--preset", preset.rawValue, "--fps", "\(fps)", "--latency", "\(latency)"])
  }

  /// The libraries' formulas, from their sources, for finger travel `x` over a viewport `d`.
  static func formula(_ preset: TuningPreset, travel x: Double, viewport d: Double) -> Double {
    switch preset {
    case .ios, .mjrefresh, .ego: return x * d * 0.55 / (d + 0.55 * x)
    case .flutter: return x * d * 0.52 / (d + 0.52 * x)
    case .smart: return min(2.5 * 60 * (1 - pow(100, -0.5 * x / d)), 0.5 * x)
    case .material:
      let s = 0.5 * x
      guard s > 64 else { return s }
      let u = min(s - 64, 128)
      return 64 + u - u * u / 256
    }
  }

  @Test(arguments: [(TuningPreset.ios, 1.0), (.mjrefresh, 1), (.flutter, 2), (.smart, 2)])
  func aStaircasePullShowsTheLibrarysFormula(preset: TuningPreset, tolerance: Double) throws {
    let frames = try trace(Self.staircase, preset: preset)
    for step in Self.steps {
      let resting = frames.filter { step.rest.contains($0.t) }
      #expect(resting.count >= 20)
      for frame in resting {
        let expected = Self.formula(preset, travel: step.travel, viewport: frame.viewportHeight)
        #expect(
          abs(frame.pullDistance - expected) <= tolerance,
          "\(preset) at \(step.travel) pt of finger: shows \(frame.pullDistance), formula \(expected)")
      }
    }
  }

  /// SmartRefreshLayout's `moveSpinnerInfinitely` past an open bar: what is left of the reach,
  /// `M′ = 2.5·bar − bar`, over `H′ = max(screen·4/3, view) − bar`, for finger travel `x` past it.
  static func smartPastOpenBar(travel x: Double, bar: Double, viewport d: Double) -> Double {
    let reach = 2.5 * bar - bar
    let dimension = d * 4 / 3 - bar
    return min(reach * (1 - pow(100, -0.5 * x / dimension)), 0.5 * x)
  }

  @Test func smartDampsAPullPastTheOpenHeaderWithWhatIsLeftOfItsReach() throws {
    let frames = try trace(Self.staircaseRefreshing, preset: .smart, latency: 30)
    // The finger goes down at 1.0 s, after F5 opened the header; each step is reached 0.1 s
    // after the last rest and held 0.4 s.
    let steps: [(travel: Double, rest: ClosedRange<Double>)] = [
      (40, 1.15...1.45), (120, 1.65...1.95), (240, 2.15...2.45), (400, 2.65...2.95),
    ]
    for step in steps {
      let resting = frames.filter { step.rest.contains($0.t) }
      #expect(resting.count >= 15)
      for frame in resting {
        #expect(frame.header == "refreshing" && frame.insetTop == 60, "held open at \(frame.t)")
        let expected = Self.smartPastOpenBar(travel: step.travel, bar: 60, viewport: frame.viewportHeight)
        #expect(
          abs(frame.pullDistance - expected) <= 2,
          "\(step.travel) pt past the open header: shows \(frame.pullDistance), library \(expected)")
      }
    }
  }

  @Test func smartsAutoLoadFooterRestsInViewAndDampsPastIt() throws {
    let frames = try HeadlessReplay.frames(
      script: Self.staircaseFooter, ["--preset", "smart", "--latency", "30"])
    // The finger goes down at 1.5 s; each step is reached 0.1 s after the last rest and held 0.4 s.
    let steps: [(travel: Double, rest: ClosedRange<Double>)] = [
      (20, 1.65...1.95), (40, 2.15...2.45), (60, 2.65...2.95), (120, 3.15...3.45), (240, 3.65...3.95),
    ]
    let footer = 60.0
    for step in steps {
      let resting = frames.filter { step.rest.contains($0.t) }
      #expect(resting.count >= 15)
      for frame in resting {
        #expect(frame.footer == "idle", "a refresh is running, so the footer cannot load")
        // The end of the rows. The automatic footer's height lies inside the extent, so End rests
        // with the whole footer in view (SmartRefreshLayout's footer followed the finger for its
        // height to get there); a push past it is damped from its first point, as past an open bar.
        let end = frame.contentHeight + frame.insetBottom - footer - frame.viewportHeight
        let expected =
          footer + Self.smartPastOpenBar(travel: step.travel, bar: footer, viewport: frame.viewportHeight)
        let tolerance = 2.0
        #expect(
          abs(frame.offset - end - expected) <= tolerance,
          "\(step.travel) pt past the end: shows \(frame.offset - end), library \(expected)")
      }
    }
  }

  @Test func materialMovesTheBadgeAndLeavesTheRowsUnmoved() throws {
    let frames = try trace(Self.staircase, preset: .material)
    #expect(frames.allSatisfy { $0.offset == 0 && $0.insetTop == 0 }, "the rows never move")
    for step in Self.steps {
      for frame in frames where step.rest.contains(frame.t) {
        let expected = Self.formula(.material, travel: step.travel, viewport: frame.viewportHeight)
        #expect(
          abs(frame.headerTravel - expected) <= 1, "badge at \(frame.headerTravel), formula \(expected)")
      }
    }
    #expect(frames.contains { $0.header == "refreshing" && abs($0.headerTravel - 64) < 1e-9 })
  }

  @Test func smartReboundsInThreeHundredMilliseconds() throws {
    let frames = try trace(Self.release, preset: .smart)
    let releasedAt = 0.7
    let frame = 1 / 60.0
    let moving = try #require(frames.last { $0.offset != 0 })
    let landed = try #require(frames.first { $0.t > releasedAt && $0.offset == 0 })
    let pulled = try #require(frames.first { $0.t >= releasedAt - 1e-9 })
    #expect(pulled.offset < -40 && moving.t > releasedAt, "it was pulled and let go")
    #expect(
      abs(landed.t - releasedAt - 0.3) <= frame + 1e-9,
      "back at rest \((landed.t - releasedAt) * 1000) ms after the release")
    #expect(landed.t - moving.t <= frame + 1e-9)
    #expect(frames.filter { $0.t >= landed.t }.allSatisfy { $0.offset == 0 })
  }

  @Test func flutterBouncesOnItsSpringsClosedForm() throws {
    let frames = try trace(Self.release, preset: .flutter)
    let start = try #require(frames.first { $0.t >= 0.7 - 1e-9 })
    #expect(start.offset < -50, "pulled \(start.offset)")
    // Mass 0.5, stiffness 100, damping ratio 1.1: overdamped, x(t) = c1·e^(r1·t) + c2·e^(r2·t).
    let omega = (100 / 0.5).squareRoot()
    let zeta = 1.1
    let r1 = -zeta * omega + omega * (zeta * zeta - 1).squareRoot()
    let r2 = -zeta * omega - omega * (zeta * zeta - 1).squareRoot()
    let x0 = start.offset
    let v0 = start.velocity
    let c2 = (v0 - r1 * x0) / (r2 - r1)
    let c1 = x0 - c2
    var compared = 0
    for frame in frames where frame.t > start.t {
      let t = frame.t - start.t
      let expected = c1 * exp(r1 * t) + c2 * exp(r2 * t)
      #expect(abs(frame.offset - expected) <= 0.5, "t \(t): \(frame.offset) vs \(expected)")
      compared += 1
    }
    #expect(compared > 60)
  }
}

/// Issue 15: under SmartRefreshLayout's curve a fling into the top rebounds as a release does,
/// over the after-fling duration of `SmartRefreshLayout.BounceRunnable`:
/// `10 · clamp(distance in dp, 30, 100)` ms from where the coast past the edge stopped.
@MainActor @Suite(.serialized) struct SmartFlingReboundTests {
  @Test func aFlingIntoTheTopReboundsOverTenMillisecondsAPoint() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A slow scroll 400 pt down that rests before lifting, then a flick back at 3,750 pt/s.
    var lines = [#"{"t":0,"type":"down","x":200,"y":600}"#]
    for step in 1...20 {
      lines.append(#"{"t":\#(Double(step) * 0.02),"type":"move","x":200,"y":\#(600 - step * 20)}"#)
    }
    lines += [#"{"t":0.5,"type":"move","x":200,"y":200}"#, #"{"t":0.5,"type":"up","x":200,"y":200}"#]
    lines.append(#"{"t":1,"type":"down","x":200,"y":100}"#)
    for step in 1...10 {
      lines.append(#"{"t":\#(1 + Double(step) * 0.008),"type":"move","x":200,"y":\#(100 + step * 30)}"#)
    }
    lines += [#"{"t":1.08,"type":"up","x":200,"y":400}"#, #"{"t":3,"type":"end"}"#]
    let frames = try HeadlessReplay.frames(
      scriptText: lines.joined(separator: "\n") + "\n",
      ["--preset", "smart", "--fps", "1000", "--rows", "100", "--total", "100"], in: folder
    ).filter { $0.t > 1.08 }
    #expect(frames.first.map { $0.offset > 0 } == true, "let go inside the list, not past its top")
    let peak = try #require(frames.min { $0.offset < $1.offset })
    #expect(peak.offset < -10, "the fling coasted \(-peak.offset) pt past the top")
    let landed = try #require(frames.first { $0.t > peak.t && $0.offset == 0 })
    let expected = 0.010 * min(max((-peak.offset).rounded(.towardZero), 30), 100)
    #expect(
      abs(landed.t - peak.t - expected) <= 0.001 + 1e-9,
      "back \((landed.t - peak.t) * 1000) ms after the coast stopped; SmartRefreshLayout takes \(expected * 1000)"
    )
    let back = frames.filter { $0.t >= peak.t }
    #expect(zip(back, back.dropFirst()).allSatisfy { $0.offset <= $1.offset }, "it swung like a spring")
  }
}
