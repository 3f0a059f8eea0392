import RefreshCore
import RefreshSDL

/// A headless renderer and table view of a fixed size, for drawing snapshots and reading back
/// their pixels. No display is needed.
@MainActor
final class TestCanvas {
  let session: SDLSession
  let renderer: Renderer
  let table: TableView
  let width: Double
  let height: Double

  init(width: Int = 320, height: Int = 240, scale: Double = 1) throws {
    session = try SDLSession(mode: .headless)
    renderer = try Renderer(session: session, headlessWidth: width, height: height, scale: scale)
    table = try TableView(renderer: renderer, fonts: try FontLocator.locate())
    self.width = Double(width)
    self.height = Double(height)
  }

  /// Draws one frame of `snapshot` over `rowCount` rows and returns its pixels.
  func render(
    _ snapshot: RefreshSnapshot, rowCount: Int = 30, language: Language = .english,
    lastUpdated: String = "", selectedRow: Int? = nil, scrollbar: ScrollbarState = ScrollbarState()
  ) throws -> PixelImage {
    table.language = language
    try renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
    try table.draw(
      snapshot, dataSource: NumberedRows(rowCount: rowCount), lastUpdated: lastUpdated,
      in: Rect(x: 0, y: 0, width: width, height: height), selectedRow: selectedRow,
      scrollbar: scrollbar)
    let image = try renderer.readPixels()
    renderer.present()
    return image
  }

  /// Draws `snapshot` as a frame of changes over the last one (what a window's frames are);
  /// false when the renderer could not build on the last frame and drew it whole.
  func renderChanges(_ snapshot: RefreshSnapshot, rowCount: Int = 30) throws -> Bool {
    let changes = try renderer.beginPartialFrame()
    try table.draw(
      snapshot, dataSource: NumberedRows(rowCount: rowCount), lastUpdated: "",
      in: Rect(x: 0, y: 0, width: width, height: height), selectedRow: nil,
      scrollbar: ScrollbarState())
    renderer.present()
    return changes
  }

  /// A snapshot at rest at the top of `rowCount` rows, with a 60 pt header and a 44 pt footer
  /// in place; tests set the fields they are about.
  func snapshot(rowCount: Int = 30) -> RefreshSnapshot {
    let contentHeight = table.contentHeight(rowCount: rowCount)
    var snapshot =
      RefreshController(viewportHeight: height, contentHeight: contentHeight).snapshot
    snapshot.viewportHeight = height
    snapshot.contentHeight = contentHeight
    snapshot.headerHeight = 60
    snapshot.headerY = -60
    snapshot.footerHeight = 44
    snapshot.footerY = max(contentHeight, height)
    snapshot.footer = .idle
    snapshot.footerLabel = .pullUpToLoadMore
    snapshot.indicatorOpacity = 0
    return snapshot
  }
}

/// Rows whose text names their number.
struct NumberedRows: TitledRowSource {
  var rowCount: Int
  func id(ofRow row: Int) -> Int { row }
  func title(at row: Int) -> String { "Row \(row)" }
  func subtitle(at row: Int) -> String { "Detail \(row)" }
}

extension Color {
  /// Whether every channel is within `tolerance` of `other`'s.
  func isClose(to other: Color, tolerance: Int = 12) -> Bool {
    abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
      && abs(Int(blue) - Int(other.blue)) <= tolerance
  }

  /// Darker than mid grey: text or icon ink on a light background.
  var isInk: Bool { Int(red) + Int(green) + Int(blue) < 3 * 110 }
}

extension PixelImage {
  /// How many rows of column `x` are the colour `color`.
  func rowsMatching(_ color: Color, column x: Int) -> Int {
    (0..<height).filter { self[x, $0].isClose(to: color) }.count
  }

  /// The first row of column `x` that is `color`, nil if none.
  func firstRow(matching color: Color, column x: Int) -> Int? {
    (0..<height).first { self[x, $0].isClose(to: color) }
  }

  /// The bounding box (minX, minY, maxX, maxY) of the pixels that differ from `other`.
  func differenceBox(_ other: PixelImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<height {
      for x in 0..<width where pixels[y * width + x] != other.pixels[y * width + x] {
        if let (a, b, c, d) = box {
          box = (min(a, x), min(b, y), max(c, x), max(d, y))
        } else {
          box = (x, y, x, y)
        }
      }
    }
    return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
  }

  /// The mean y of the ink pixels inside the box, nil if there are none.
  func inkCentroidY(minX: Int, minY: Int, maxX: Int, maxY: Int) -> Double? {
    var sum = 0.0
    var count = 0.0
    for y in minY...maxY {
      for x in minX...maxX where self[x, y].isInk {
        sum += Double(y)
        count += 1
      }
    }
    return count > 0 ? sum / count : nil
  }
}
