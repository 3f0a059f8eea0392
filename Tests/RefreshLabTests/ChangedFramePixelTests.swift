import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Frames drawn as only what changed (the pixels moved with the content, the new strip, the
/// bars and the indicator drawn again) against the same replays drawn whole (`--full-redraw`):
/// every frame must hold the very same bytes.
@MainActor @Suite(.serialized) struct ChangedFramePixelTests {
  /// Wheel notches down and back, a mouse wheel's steps rather than a touchpad's.
  static let wheel = """
    {"t":0.1,"type":"wheel","dy":-3}
    {"t":0.15,"type":"wheel","dy":-3}
    {"t":0.2,"type":"wheel","dy":-2}
    {"t":0.8,"type":"wheel","dy":4}
    {"t":0.85,"type":"wheel","dy":5}
    {"t":2.5,"type":"end"}

    """

  /// The frames of a replay, each as a hash of all its bytes (the same in both runs, which
  /// share a process: a pixel off changes it).
  func frames(_ script: GestureScript, extra: [String], fullRedraw: Bool) throws -> [UInt64] {
    let command = try LabCommand.parse(
      ["--headless", "--replay", "unused.jsonl", "--latency", "0.5", "--rows", "40", "--total", "80"]
        + extra)
    var options = try command.resolve(environment: [:])
    options.fullRedraw = fullRedraw
    var runner = HeadlessRunner(
      options: options, tuning: options.preset?.tuning ?? Tuning(), script: script)
    var hashes: [UInt64] = []
    var failure: SDLError?
    runner.frameObserver = { _, renderer in
      do throws(SDLError) {
        var hasher = Hasher()
        try renderer.readPixels().pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
        hashes.append(UInt64(bitPattern: Int64(hasher.finalize())))
      } catch {
        failure = error
      }
    }
    try runner.run()
    if let failure { throw failure }
    return hashes
  }

  func expectSameFrames(_ script: GestureScript, extra: [String] = [], name: String) throws {
    let whole = try frames(script, extra: extra, fullRedraw: true)
    let changed = try frames(script, extra: extra, fullRedraw: false)
    #expect(whole.count == changed.count, "\(name): frame counts differ")
    let first = zip(whole, changed).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(first == nil, "\(name): frame \(first?.offset ?? -1) differs from its whole redraw")
    #expect(whole.count > 30, "\(name): too few frames to show anything")
  }

  @Test(arguments: [
    "pull", "pull-and-fling", "push-to-end", "touchpad-swipe", "touchpad-pull", "touch-pull",
    "click-select", "pull-to-floor", "staircase-footer",
  ])
  func replayMatchesWholeRedraw(_ name: String) throws {
    let script = try GestureScript.load(RepositoryFile.path("docs/scripts/\(name).jsonl"))
    try expectSameFrames(script, name: name)
  }

  @Test func wheelMatchesWholeRedraw() throws {
    let script = try GestureScript.parse(Data(Self.wheel.utf8), path: "wheel.jsonl")
    try expectSameFrames(script, name: "wheel")
  }

  @Test func flingOverAMillionRowsMatchesWholeRedraw() throws {
    let script = try GestureScript.load(RepositoryFile.path("benchmarks/fling-10s.jsonl"))
    try expectSameFrames(
      script, extra: ["--rows", "1000000", "--total", "1000000", "--size", "400x300", "--fps", "30"],
      name: "fling")
  }

  /// Rows of their own heights (measured as they show, anchored as they are), with images, and
  /// section headers that stay pinned while the rows move under them.
  @Test(arguments: [
    ["--rows-style", "varied"], ["--sections", "4"], ["--rows-style", "varied", "--sections", "3"],
  ])
  func rowsOfAnyShapeMatchWholeRedraw(_ extra: [String]) throws {
    let script = try GestureScript.load(RepositoryFile.path("docs/scripts/pull-and-fling.jsonl"))
    try expectSameFrames(
      script, extra: extra + ["--rows", "60", "--total", "60"], name: "pull-and-fling \(extra)")
  }

  @Test(arguments: ["material", "smart"])
  func headerStylesMatchWholeRedraw(_ preset: String) throws {
    let script = try GestureScript.load(RepositoryFile.path("docs/scripts/pull-and-fling.jsonl"))
    try expectSameFrames(script, extra: ["--preset", preset], name: "pull-and-fling \(preset)")
  }

  @Test func changedFramesMovePixelsAndDrawLess() throws {
    let script = try GestureScript.load(RepositoryFile.path("docs/scripts/pull-and-fling.jsonl"))
    let command = try LabCommand.parse(["--headless", "--replay", "unused.jsonl", "--rows", "40"])
    var runner = HeadlessRunner(
      options: try command.resolve(environment: [:]), tuning: Tuning(), script: script)
    var cost = FrameCost()
    var frames = 0
    runner.frameObserver = { _, renderer in
      cost.add(renderer.frameCost)
      frames += 1
    }
    try runner.run()
    let whole = frames * 400 * 700
    #expect(cost.pixelsCopied > 0)
    #expect(cost.pixelsDrawn < whole / 2, "drew \(cost.pixelsDrawn) of \(whole) pixels")
  }
}
