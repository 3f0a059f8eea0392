import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// `--reduced-motion`: inserted and moved rows appear in place, animated headers do not loop
/// while refreshing, the second floor opens at once; with it off (a headless run's default)
/// everything moves as before, and every trace line says which it was.
@MainActor @Suite(.serialized) struct ReducedMotionTests {
  /// The row-insert scripts and the orientation each is written for.
  static let insertScripts: [(script: String, orientation: ListOrientation)] = [
    ("docs/scripts/scroll-then-insert.jsonl", .normal),
    ("docs/scripts/chat-insert-while-loading.jsonl", .chat),
  ]

  /// Rows inserted and removed in view while the list rests at the top, where they push the
  /// rows below down and pull them back up: what slides with full motion.
  static let inView = GestureScript(events: [
    ScriptEvent(time: 0.5, action: .insert(at: 2, count: 3)),
    ScriptEvent(time: 1.5, action: .remove(at: 1, count: 2)),
    ScriptEvent(time: 2.5, action: .end),
  ])

  /// Plays `gestures` on the lab's list at 60 fps: the largest distance any row was shown from
  /// its place in any frame, and in the first frame after each insert.
  func slides(_ gestures: GestureScript, orientation: ListOrientation = .normal, reducesMotion: Bool)
    -> (anyFrame: Double, afterInsert: Double, inserts: Int)
  {
    var data = DataSourceConfiguration()
    data.orientation = orientation
    var session = ListDriver(
      tuning: Tuning(), data: data, viewport: Rect(x: 0, y: 0, width: 400, height: 700), rowHeight: 44,
      script: gestures, reducesMotion: reducesMotion)
    let insertTimes = gestures.events.compactMap { event -> Double? in
      if case .insert = event.action { return event.time }
      return nil
    }
    let end = gestures.events.last?.time ?? 0
    var anyFrame = 0.0
    var afterInsert = 0.0
    var previous = -1.0
    for t in FrameLoop.times(hz: 60, through: end) {
      session.step(to: t)
      let motions = session.list.motions
      let shown = motions.rows.keys.map { abs(motions.offset(ofRow: $0, at: t)) }.max() ?? 0
      anyFrame = max(anyFrame, shown)
      if insertTimes.contains(where: { $0 > previous && $0 <= t }) { afterInsert = max(afterInsert, shown) }
      previous = t
    }
    return (anyFrame, afterInsert, insertTimes.count)
  }

  @Test func insertedAndMovedRowsAppearInPlace() throws {
    for (script, orientation) in Self.insertScripts {
      let gestures = try GestureScript.load(RepositoryFile.path(script))
      let reduced = slides(gestures, orientation: orientation, reducesMotion: true)
      #expect(reduced.inserts > 0, "\(script) inserts rows")
      #expect(reduced.afterInsert == 0, "\(script): rows at their places in the frame after an insert")
      #expect(reduced.anyFrame == 0, "\(script): no row slides in any frame")
    }
    // Rows pushed down and pulled up in view slide with full motion, and not with reduced.
    #expect(slides(Self.inView, reducesMotion: false).afterInsert > 100)
    let reduced = slides(Self.inView, reducesMotion: true)
    #expect(reduced.afterInsert == 0 && reduced.anyFrame == 0)
  }

  @Test func theTraceSaysWhetherMotionWasReduced() throws {
    let script = RepositoryFile.path("docs/scripts/scroll-then-insert.jsonl")
    let on = try HeadlessReplay.frames(script: script, ["--reduced-motion", "on"])
    let off = try HeadlessReplay.frames(script: script, ["--reduced-motion", "off"])
    let system = try HeadlessReplay.lines(script: script, ["--reduced-motion", "system"])
    let plain = try HeadlessReplay.lines(script: script)
    #expect(!on.isEmpty && on.allSatisfy(\.reducedMotion))
    #expect(!off.isEmpty && off.allSatisfy { !$0.reducedMotion })
    // Headless, `system` reads no desktop: the same trace as off, and as no flag.
    #expect(system == plain)
    #expect(plain.allSatisfy { $0.contains(#""reducedMotion":false"#) })
    // The scroll and the content are the person's and the data's: the same either way.
    #expect(on.map(\.offset) == off.map(\.offset))
    #expect(on.map(\.firstRow) == off.map(\.firstRow))
  }

  /// With reduced motion on, the status line says so for as long as the window runs (after the
  /// start note is gone too, and past a long time), and takes a strip of its own; off, it says
  /// nothing of it.
  @Test func theStatusLineSaysReducedMotionIsOn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for on in [true, false] {
      let options = try LabCommand.parse([
        "--size", "400x300", "--output-dir", folder.path, "--reduced-motion", on ? "on" : "off",
      ]).resolve(environment: [:])
      let surface = try TableCanvas(
        options: options, clock: LastUpdatedClock(origin: nil, language: .english))
      let studio = try StudioControls(options: options, tuning: Tuning(), surface: surface, now: 0)
      var session = ListDriver(
        tuning: Tuning(), data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
      _ = studio.poll(atWall: 600, session: &session)
      #expect(studio.status.text == nil, "the start note is still up at 600 s")
      #expect(studio.statusBadges == (on ? "reduced motion" : nil), "\(studio.statusBadges ?? "nil")")
      let height = try studio.statusHeight(windowWidth: 400)
      #expect(on ? height > 0 : height == 0, "the status strip is \(height) pt with reduced motion \(on)")
    }
  }

  /// The classic header under reduced motion, drawn: mid-turn the arrow is not turned (the
  /// picture is the same upside down, down and up cross-faded), and while refreshing the spinner
  /// does not turn (two frames a quarter turn apart show the same shape, only fainter or not).
  @Test func theClassicHeaderNeitherTurnsNorSpins() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var shots: [Bool: [PixelImage]] = [:]
    for on in [false, true] {
      let paths = ["flip", "busy-a", "busy-b"].map { folder.file("\($0)-\(on).png") }
      let options = try LabCommand.parse([
        "--headless", "--latency", "1", "--reduced-motion", on ? "on" : "off", "--replay",
        RepositoryFile.path("docs/scripts/pull.jsonl"), "--screenshot", "0.367:" + paths[0],
        "--screenshot", "1.5:" + paths[1], "--screenshot", "1.75:" + paths[2],
      ]).resolve(environment: [:])
      try AppLaunch(options: options).run()
      shots[on] = try paths.map { try PixelImage(contentsOf: $0) }
    }
    // The arrow's box: left of the label, in the pulled bar.
    func icon(_ image: PixelImage) -> [[Int]] {
      var rows: [[Int]] = []
      for y in 0..<image.height where y < 140 {
        var row: [Int] = []
        for x in 80..<115 {
          let p = image[x, y]
          row.append(Int(p.red) + Int(p.green) + Int(p.blue))
        }
        rows.append(row)
      }
      return rows
    }
    func darkRows(_ rows: [[Int]]) -> [Int] {
      rows.indices.filter { y in rows[y].contains { $0 < 300 } }
    }
    let off = try #require(shots[false])
    let on = try #require(shots[true])
    // Mid-turn: the turned arrow lies across (few dark rows); the faded pair stands up and down.
    let turned = darkRows(icon(off[0])).count
    let faded = darkRows(icon(on[0])).count
    #expect(faded > turned + 6, "dark rows of the arrow mid-turn: \(faded) reduced, \(turned) turning")
    // Refreshing: the spinner's darkest pixel is where its leading spoke is; turning, it moves
    // between two frames; still, it stays. Its box: left of "Loading…", in the bar held 60 pt
    // open (the list at rest from 1.5 s, refreshing until 1.78 s).
    func darkest(_ image: PixelImage) -> (Int, Int) {
      var best = (0, 0, Int.max)
      for y in 5..<min(55, image.height) {
        for x in 100..<132 {
          let p = image[x, y]
          let v = Int(p.red) + Int(p.green) + Int(p.blue)
          if v < best.2 { best = (x, y, v) }
        }
      }
      return (best.0, best.1)
    }
    #expect(darkest(off[1]) != darkest(off[2]), "the spinner did not turn with reduced motion off")
    #expect(darkest(on[1]) == darkest(on[2]), "the spinner turned with reduced motion on")
  }

  @Test func aBadValueIsRefused() {
    #expect(throws: LabError.self) {
      try LabCommand.parse(["--reduced-motion", "maybe"]).resolve(environment: [:])
    }
  }

  /// The header's pixels at two times well inside a long refresh of `header` (a file under
  /// Assets/Headers), pulled and held by docs/scripts/pull-and-hold.jsonl.
  func refreshingShots(header: String, _ flags: [String]) throws -> (Data, Data) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = folder.file("a.png")
    let b = folder.file("b.png")
    let frames = try HeadlessReplay.frames(
      script: RepositoryFile.path("docs/scripts/pull-and-hold.jsonl"),
      [
        "--header", RepositoryFile.path("Assets/Headers/" + header), "--latency", "2.5",
        "--screenshot", "4.5:" + a, "--screenshot", "4.9:" + b,
      ] + flags, in: folder)
    let shown = frames.filter { $0.t >= 4.5 && $0.t <= 4.9 }
    #expect(!shown.isEmpty && shown.allSatisfy { $0.header == "refreshing" && !$0.animating })
    return (try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
  }

  @Test(arguments: ["pull.gif", "pull.json"])
  func animatedHeadersDoNotLoopWhileRefreshing(header: String) throws {
    let reduced = try refreshingShots(header: header, ["--reduced-motion", "on"])
    #expect(reduced.0 == reduced.1, "\(header): the same header pixels across the refresh")
    let full = try refreshingShots(header: header, [])
    #expect(full.0 != full.1, "\(header) loops while refreshing with full motion")
  }

  @Test func theSecondFloorOpensAtOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tuning = try folder.write(#"{"twoLevelFloorRate": 1.9}"#, to: "t.json")
    let flags = ["--size", "300x400", "--latency", "0.5", "--tuning", tuning]
    let script = TwoLevelHeadlessTests.pull(340)
    let reduced = try HeadlessReplay.frames(
      scriptText: script, flags + ["--reduced-motion", "on"], in: folder)
    let full = try HeadlessReplay.frames(scriptText: script, flags, in: folder)
    // The first frame after the finger lifts at 1 s: the floor fills the viewport at once.
    let first = try #require(reduced.first { $0.t > 1.0 })
    #expect(first.header == "twoLevel" && first.insetTop == 400 && first.offset == -400)
    let firstFull = try #require(full.first { $0.t > 1.0 })
    #expect(firstFull.header == "twoLevel" && firstFull.insetTop < 400)
  }
}
