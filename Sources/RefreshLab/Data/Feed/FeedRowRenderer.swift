import RefreshCore
import RefreshSDL

/// Draws the lab's feed rows as an app would: a round avatar with the author's initial, the
/// name in bold, the body wrapped at the row's width, and the image (a placeholder while it
/// decodes, off the main thread, through the `ImageCache`).
@MainActor
final class FeedRowRenderer: RowRenderer {
  let feed: LabFeed
  let images: ImageCache
  /// Rows whose image arrived since the host last asked (`takeArrivals`), to measure again.
  private var _rowsByImage: [String: Set<Int>] = [:]

  static let padding = 12.0
  static let avatar = 40.0
  static let gap = 12.0
  static let imageMaxWidth = 320.0
  static let imageMaxHeight = 240.0

  init(feed: LabFeed, images: ImageCache) {
    self.feed = feed
    self.images = images
  }

  /// The post row `row` shows; nil for a section's header.
  private func _item(_ row: Int, _ rows: any TableDataSource) -> FeedItem? {
    guard let lab = rows as? LabRows, let id = lab.rowID(at: row) else { return nil }
    return feed.item(for: id, language: lab.language)
  }

  /// Where a row's parts go, for `width` points: measured and drawn alike.
  private struct Layout {
    var textX: Double
    var textWidth: Double
    var lines: [String]
    var imageSize: (width: Double, height: Double)?
    var height: Double
  }

  private func _layout(_ item: FeedItem, width: Double, canvas: RefreshCanvas) -> Layout {
    let textX = canvas.style.horizontalPadding + Self.avatar + Self.gap
    let textWidth = max(40, width - textX - canvas.style.horizontalPadding)
    let lines = item.body.isEmpty ? [] : canvas.wrap(item.body, .body, width: textWidth)
    var textHeight = canvas.lineHeight(.title) + 2 + Double(lines.count) * canvas.lineHeight(.body)
    var imageSize: (Double, Double)?
    if let image = item.image {
      var aspect = item.imageAspect ?? 4.0 / 3
      if case .ready(let texture) = images.image(image), texture.pixelHeight > 0 {
        aspect = Double(texture.pixelWidth) / Double(texture.pixelHeight)
      }
      var imageWidth = min(textWidth, Self.imageMaxWidth)
      var imageHeight = imageWidth / aspect
      if imageHeight > Self.imageMaxHeight {
        imageHeight = Self.imageMaxHeight
        imageWidth = imageHeight * aspect
      }
      imageSize = (imageWidth.rounded(), imageHeight.rounded())
      textHeight += 8 + imageHeight.rounded()
    }
    let height = (2 * Self.padding + max(Self.avatar, textHeight)).rounded(.up)
    return Layout(
      textX: textX, textWidth: textWidth, lines: lines, imageSize: imageSize, height: height)
  }

  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  {
    guard let item = _item(row, rows) else { return canvas.style.sectionHeaderHeight }
    if let image = item.image { _rowsByImage[image.key, default: []].insert(row) }
    return _layout(item, width: width, canvas: canvas).height
  }

  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    guard let item = _item(frame.row, rows) else {
      try TitleRowRenderer.drawSectionHeader(frame, title: rows.title(at: frame.row), in: canvas)
      return
    }
    let rect = frame.rect
    let style = canvas.style
    let layout = _layout(item, width: rect.width, canvas: canvas)
    let top = rect.y + Self.padding
    // The avatar: a disc in the author's colour with the initial.
    let hue = item.title.unicodeScalars.reduce(UInt32(7)) { $0 &* 31 &+ $1.value }
    let colors = [0x5C6BC0, 0x26A69A, 0xEF6C00, 0x8D6E63, 0xAB47BC, 0x42A5F5, 0x9CCC65, 0xEC407A]
    let center = Point(x: rect.x + style.horizontalPadding + Self.avatar / 2, y: top + Self.avatar / 2)
    canvas.fillCircle(
      center: center, radius: Self.avatar / 2, color: Color(rgb: UInt32(colors[Int(hue % 8)])))
    let name = item.title.split(separator: " ").last.map(String.init) ?? item.title
    if let initial = name.first,
      let text = try canvas.text(String(initial), .title, color: Color(rgb: 0xFFFFFF))
    {
      try canvas.draw(
        text, at: Point(x: center.x - text.width / 2, y: center.y - text.height / 2))
    }
    let x = rect.x + layout.textX
    if let title = try canvas.text(item.title, .title, color: style.titleColor) {
      try canvas.draw(title, at: Point(x: x, y: top))
    }
    var y = top + canvas.lineHeight(.title) + 2
    let lineHeight = canvas.lineHeight(.body)
    for line in layout.lines {
      // Lines outside the part being drawn are not looked up at all.
      if y + lineHeight > frame.dirtyRect.y && y < frame.dirtyRect.maxY,
        let text = try canvas.text(line, .body, color: style.titleColor)
      {
        try canvas.draw(text, at: Point(x: x, y: y))
      }
      y += lineHeight
    }
    guard let image = item.image, let size = layout.imageSize else { return }
    let box = Rect(x: x, y: y + 8, width: size.width, height: size.height)
    switch images.image(image) {
    case .ready(let texture):
      try canvas.drawImage(texture, in: box)
    case .loading:
      canvas.fillRoundedRect(box, radius: 6, color: Color(rgb: 0xE3E7EC))
    case .failed:
      canvas.fillRoundedRect(box, radius: 6, color: Color(rgb: 0xF4E1E1))
      canvas.drawCross(
        center: Point(x: box.midX, y: box.midY), size: 16, color: Color(rgb: 0xB71C1C))
    }
  }

  /// The rows whose images arrived in `keys` (from `ImageCache.collect()`), to measure again.
  func rows(forImages keys: Set<String>) -> [Int] {
    keys.flatMap { _rowsByImage.removeValue(forKey: $0) ?? [] }.sorted()
  }

  /// Forgets which rows showed which images (the rows were replaced).
  func forgetRows() { _rowsByImage.removeAll() }
}
