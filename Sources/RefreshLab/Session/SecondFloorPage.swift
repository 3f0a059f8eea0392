import RefreshCore
import RefreshSDL

/// The lab's second floor: a sample page of the kind apps keep there (WeChat's mini programs,
/// Taobao's promotions), drawn through `SecondFloorRenderer` as a host draws its own. It sits
/// fixed behind the list at the viewport's top, so the opening floor reveals it from the top.
@MainActor
final class SecondFloorPage: SecondFloorRenderer {
  /// The tiles' names and colours.
  static let tiles: [(english: String, chinese: String, color: UInt32)] = [
    ("Scan", "扫一扫", 0x2E7D32), ("Pay", "付款", 0x1565C0), ("Cards", "卡包", 0xEF6C00),
    ("Trips", "出行", 0x6A1B9A), ("Games", "游戏", 0xC62828), ("Music", "音乐", 0x00838F),
    ("Shop", "购物", 0xAD1457), ("Maps", "地图", 0x558B2F),
  ]

  static let background = Color(rgb: 0xEEF3F7)
  static let ink = Color(rgb: 0x1F2A33)

  func drawSecondFloor(_ frame: HeaderFrame, in floor: Rect, on canvas: RefreshCanvas)
    throws(SDLError)
  {
    try canvas.fill(floor, color: Self.background)
    let page = Rect(
      x: frame.viewport.x, y: frame.top, width: frame.viewport.width,
      height: frame.viewport.maxY - frame.top)
    let title = canvas.language == .chinese ? "小程序" : "Mini programs"
    if let text = try canvas.text(title, .title, color: Self.ink) {
      try canvas.draw(text, at: Point(x: page.x + 20, y: page.y + 24))
    }
    let columns = 4
    let cell = min(88, (page.width - 40) / Double(columns))
    let left = page.midX - cell * Double(columns) / 2
    for (index, tile) in Self.tiles.enumerated() {
      let column = Double(index % columns)
      let row = Double(index / columns)
      let centre = Point(x: left + cell * (column + 0.5), y: page.y + 92 + row * (cell + 16))
      let side = cell * 0.6
      canvas.fillRoundedRect(
        Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side),
        radius: side * 0.24, color: Color(rgb: tile.color))
      let name = canvas.language == .chinese ? tile.chinese : tile.english
      if let text = try canvas.text(name, .detail, color: Self.ink) {
        try canvas.draw(
          text, at: Point(x: centre.x - text.width / 2, y: centre.y + cell * 0.3 + 6))
      }
    }
  }
}
