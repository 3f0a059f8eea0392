import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The chart as pixels: curves land where the scales say, bands sit behind them, and `--plot`
/// writes a PNG of the documented size.
@MainActor @Suite(.serialized) struct PlotRenderTests {
  /// Two seconds at 60 Hz: the content still at `offset`, armed from 0.5 s to 1 s.
  func samples(offset: Double) -> [PlotSample] {
    (0...120).map { frame in
      var snapshot = RefreshController(viewportHeight: 700, contentHeight: 880).snapshot
      snapshot.offset = offset
      snapshot.contentHeight = 880
      snapshot.viewportHeight = 700
      snapshot.header = (30..<60).contains(frame) ? .armed : .idle
      return PlotSample(
        time: Double(frame) / 60, snapshot: snapshot, refreshThreshold: 65, frameMilliseconds: 16.7)
    }
  }

  func isNear(_ color: Color, _ expected: Color, tolerance: Int = 40) -> Bool {
    abs(Int(color.red) - Int(expected.red)) <= tolerance
      && abs(Int(color.green) - Int(expected.green)) <= tolerance
      && abs(Int(color.blue) - Int(expected.blue)) <= tolerance
  }

  @Test func theOffsetCurveIsDrawnWhereTheScaleMapsItsValue() throws {
    let session = try SDLSession(mode: .headless)
    let renderer = try Renderer(session: session, headlessWidth: 600, height: 300)
    let chart = try PlotChart(
      renderer: renderer, session: session, fonts: FontLocator.locate(), metrics: .overlay)
    let data = samples(offset: -50)
    let frame = Rect(x: 0, y: 0, width: 600, height: 300)
    try renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
    try chart.draw(data, in: frame, window: 0...2, caption: PlotCaption(frameHeading: "ms", timeHeading: "s"))
    let image = try renderer.readPixels()

    let layout = PlotLayout(frame: frame, metrics: .overlay)
    let ticks = PlotTicks(covering: PlotRanges.offset(data), count: 5)
    let y = PlotScale(domain: ticks.domain, start: layout.offset.maxY, end: layout.offset.y)
    let curveY = Int(y.position(of: -50).rounded())
    let x = Int(PlotScale(domain: 0...2, start: layout.offset.x, end: layout.offset.maxX).position(of: 1.6))
    // The line is two points wide; the rasteriser may place it up to a pixel either way.
    let inked = (curveY - 1...curveY + 1).filter { isNear(image[x, $0], PlotPalette.curve) }
    #expect(!inked.isEmpty, "no curve near y \(y.position(of: -50)) at x \(x)")
    #expect(!isNear(image[x, curveY - 6], PlotPalette.curve))
    #expect(!isNear(image[x, curveY + 6], PlotPalette.curve))

    // The armed band (0.5 s to 1 s) tints the strip behind the curves; idle time does not.
    let time = PlotScale(domain: 0...2, start: layout.velocity.x, end: layout.velocity.maxX)
    let bandY = Int(layout.velocity.y + 5)
    let armed = image[Int(time.position(of: 0.75)), bandY]
    let idle = image[Int(time.position(of: 1.5)), bandY]
    #expect(isNear(idle, PlotPalette.stripFill, tolerance: 4))
    #expect(armed.green < idle.green - 30 && armed.blue > armed.green, "armed is tinted violet: \(armed)")
    renderer.present()
  }

  @Test func headlessPlotWritesAPNGOfTheDocumentedSize() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write(HeadlessRunTests.script, to: "drag.jsonl")
    let png = folder.file("motion.png")
    let options = try LabCommand.parse([
      "--headless", "--replay", script, "--plot", png, "--size", "320x480",
    ]).resolve(environment: [:])
    try AppLaunch(options: options).run()

    let data = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // The IHDR chunk follows the signature: length, "IHDR", then width and height, big-endian.
    #expect(data.count > 24)
    let bytes = [UInt8](data.prefix(24))
    #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
    func number(at index: Int) -> Int { bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(number(at: 16) == PlotDocument.width)
    #expect(number(at: 20) == PlotDocument.height)
    #expect(data.count > 20_000, "a chart with text and curves, not a blank page (\(data.count) bytes)")
    #expect(try folder.contents() == ["drag.jsonl", "motion.png"], "no temporary file left behind")
  }

  @Test func theHeadlessPlotKeepsEveryFrameOfTheReplay() throws {
    let script = try GestureScript.parse(Data(HeadlessRunTests.script.utf8), path: "drag.jsonl")
    // The script ends at 6 s: frames 0…360 at 60 Hz.
    #expect(StudioInstruments.headlessCapacity(script: script, fps: 60, plotting: true) >= 361)
    #expect(StudioInstruments.headlessCapacity(script: script, fps: 60, plotting: false) == 1)
  }
}
