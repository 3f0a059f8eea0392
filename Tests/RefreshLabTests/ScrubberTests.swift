import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The timeline of the last run ([ and ]): a stepped-to frame is the frame the run drew then,
/// its offset the one its trace line wrote, with its neighbours for the onion skin.
@Suite struct ScrubberTests {
  /// A pull past the threshold released at 0.6 s, then the refresh and the collapse.
  static let pull = GestureScript(
    events: [ScriptEvent(time: 0, action: .down(x: 200, y: 100))]
      + (1...6).map { ScriptEvent(time: Double($0) * 0.05, action: .move(x: 200, y: 100 + Double($0) * 40)) }
      + [ScriptEvent(time: 0.6, action: .up(x: 200, y: 340)), ScriptEvent(time: 3, action: .end)])

  /// Plays the pull at 60 Hz, keeping every frame in a scrubber as the window does; returns it
  /// and the run's trace, one line a frame.
  static func run(capacity: Int = Scrubber.capacity) -> (Scrubber, [TraceFrame]) {
    var session = ListDriver(
      tuning: Tuning(), data: DataSourceConfiguration(latency: 1),
      viewport: Rect(x: 0, y: 0, width: 400, height: 700), rowHeight: 44, script: pull)
    var scrubber = Scrubber(capacity: capacity)
    var trace: [TraceFrame] = []
    for time in FrameLoop.times(hz: 60, through: 3) {
      session.step(to: time)
      let frame = FrameSnapshots(session, companion: nil, at: time)
      scrubber.keep(frame)
      trace.append(session.traceFrame(frame.table, at: time))
    }
    return (scrubber, trace)
  }

  @Test func steppingShowsTheFrameTheTraceWrote() {
    var (scrubber, trace) = Self.run()
    #expect(scrubber.frames.count == trace.count)
    #expect(scrubber.shown == nil, "the live list shows until a step")
    // Back into the release (let go at 0.6 s), where the offset changes every frame.
    scrubber.step(by: -(trace.count - 40))
    #expect(scrubber.position == 40)
    #expect(scrubber.shown?.table.offset == trace[40].offset)
    #expect(scrubber.shown?.time == trace[40].t)
    #expect(trace[40].offset != trace[41].offset, "the frames stepped through differ")
    scrubber.step(by: 1)
    #expect(scrubber.shown?.table.offset == trace[41].offset)
    scrubber.step(by: -2)
    #expect(scrubber.shown?.table.offset == trace[39].offset)
    #expect(scrubber.caption?.hasPrefix("frame 40 of \(trace.count)") == true)
  }

  @Test func theOnionSkinIsThreeFramesEitherSide() {
    var (scrubber, trace) = Self.run()
    scrubber.step(by: -(trace.count - 10))
    let onion = scrubber.onion
    #expect(onion.map { $0.distance } == [-3, -2, -1, 1, 2, 3])
    #expect(onion.map { $0.frame.table.offset } == [7, 8, 9, 11, 12, 13].map { trace[$0].offset })
    // Row 0's top edge and the header's bottom edge follow the offset: the header rides above
    // row 0 in the iOS style.
    let edges = Scrubber.edges(of: onion[0].frame.table, top: 24)
    #expect(edges.content == 24 - trace[7].offset)
    #expect(edges.header == edges.content)
    // At the oldest frame the skin has only later neighbours.
    scrubber.step(by: -100)
    #expect(scrubber.position == 0)
    #expect(scrubber.onion.map { $0.distance } == [1, 2, 3])
  }

  @Test func aStepPastTheNewestFrameIsTheLiveListAgainAndTheRunStaysStillMeanwhile() {
    var (scrubber, trace) = Self.run()
    scrubber.step(by: -1)
    #expect(scrubber.position == trace.count - 1)
    // A frame kept while stepping (the live list going on) leaves the run as it was.
    let before = scrubber.frames.count
    scrubber.keep(scrubber.frames[0])
    #expect(scrubber.frames.count == before)
    scrubber.step(by: 1)
    #expect(scrubber.shown == nil)
    scrubber.step(by: -3)
    scrubber.startRun()
    #expect(scrubber.shown == nil && scrubber.frames.isEmpty, "a new run starts a new timeline")
    scrubber.step(by: -1)
    #expect(scrubber.shown == nil, "nothing to step through")
  }

  @Test func theKeysStepAFrameOrTenWithShift() {
    func command(_ key: String, _ modifiers: KeyModifiers) -> WindowCommand? {
      WindowCommand(.key(Key(rawValue: key), modifiers: modifiers, isRepeat: false), panelOpen: false)
    }
    #expect(command("[", []) == .bench(.stepFrame(by: -1)))
    #expect(command("]", []) == .bench(.stepFrame(by: 1)))
    #expect(command("[", .shift) == .bench(.stepFrame(by: -10)))
    #expect(command("]", .shift) == .bench(.stepFrame(by: 10)))
    #expect(StudioCommand.stepFrame(by: 1).acceptsRepeats)
    #expect(!StudioCommand.togglePlot.acceptsRepeats)
    // The list's keys keep their meaning.
    #expect(command("Left", []) == nil && command("Up", []) == nil)
  }
}
