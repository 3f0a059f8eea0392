import Foundation
import RefreshCore
import RefreshSDL
import Testing

@Suite(.serialized)
@MainActor
struct PNGTests {
  @Test func encodesTheFrameAsPNG() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    try canvas.table.draw(
      snapshot, dataSource: NumberedRows(rowCount: 30), lastUpdated: "",
      in: Rect(x: 0, y: 0, width: 320, height: 240), selectedRow: nil, scrollbar: ScrollbarState())
    let png = try canvas.renderer.pngData()
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // The bytes decode back to the frame drawn.
    let drawn = try canvas.renderer.readPixels()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("refreshsdl-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("frame.png").path
    try Data(png).write(to: URL(fileURLWithPath: path))
    let decoded = try PixelImage(contentsOf: path)
    #expect(decoded.width == drawn.width && decoded.height == drawn.height)
    #expect(decoded.pixels.map { $0 & 0xFF_FFFF } == drawn.pixels.map { $0 & 0xFF_FFFF })
    canvas.renderer.present()
  }
}
