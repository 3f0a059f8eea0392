import Foundation
import RefreshCore
import RefreshSDL
import Testing

@Suite(.serialized)
@MainActor
struct PNGTests {
  @Test func savesTheFrameAsPNG() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    try canvas.table.draw(
      snapshot, dataSource: NumberedRows(rowCount: 30), lastUpdated: "",
      in: Rect(x: 0, y: 0, width: 320, height: 240), selectedRow: nil, scrollbar: ScrollbarState())
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("refreshsdl-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("frame.png").path
    try canvas.renderer.savePNG(to: path)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["frame.png"])
    canvas.renderer.present()
  }

  @Test func failedSaveSaysWhereAndLeavesNothing() throws {
    let canvas = try TestCanvas()
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-such-folder-\(UInt32.random(in: 0...UInt32.max))/frame.png").path
    #expect {
      try canvas.renderer.savePNG(to: path)
    } throws: { error in
      guard case .saveFailed(let failedPath, _) = error as? SDLError else { return false }
      return failedPath == path
    }
    canvas.renderer.present()
  }
}
