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
  /// The avatar discs, one texture per colour and row fill at the density they were made for:
  /// a texture drawn at its own size gives the same pixels however much of a row a frame
  /// redraws, which a shape cut by the redrawn strip did not; laid over the row's fill it is
  /// opaque, copied instead of blended pixel by pixel.
  private var _discs: [DiscKey: (scale: Double, texture: Texture)] = [:]

  private struct DiscKey: Hashable {
    var rgb: UInt32
    /// The row's fill as `0xRRGGBB` (rows are opaque).
    var background: UInt32
  }
  /// Rows laid out lately, by post and width: wrapping a body measures every word, far more
  /// than drawing it, so a row is wrapped once, not once a frame.
  /// With whether the row's image was decoded (its own shape) when laid out: until it is, each
  /// layout asks again.
  private var _layouts: [LayoutKey: (imageReady: Bool, layout: Layout)] = [:]
  /// The posts of rows drawn lately: a generated post is made of many strings.
  private var _items: [RowID: FeedItem] = [:]
  /// The avatars' initials on their colours: a new row's initial is most often one drawn
  /// before, which the text cache, sized to the texts on screen, has long let go; rendering it
  /// again was a sixth of a scrolling frame's CPU.
  private var _initials: [InitialKey: RefreshCanvas.Text] = [:]

  private struct InitialKey: Hashable {
    var initial: String
    var rgb: UInt32
    var scale: Double
    /// The title font's size (its files are the table's, for good).
    var size: Double
  }

  private struct LayoutKey: Hashable {
    var row: RowID
    var width: Double
    var scale: Double
  }

  /// The avatars' colours, one picked by the name.
  static let _avatarColors: [UInt32] = [
    0x5C6BC0, 0x26A69A, 0xEF6C00, 0x8D6E63, 0xAB47BC, 0x42A5F5, 0x9CCC65, 0xEC407A,
  ]
  static let padding = 12.0
  static let avatar = 40.0
  static let gap = 12.0
  static let imageMaxWidth = 320.0
  static let imageMaxHeight = 240.0

  init(feed: LabFeed, images: ImageCache) {
    self.feed = feed
    self.images = images
  }

  /// The post row `row` shows and its identity; nil for a section's header.
  private func _item(_ row: Int, _ rows: any TableDataSource) -> (id: RowID, item: FeedItem)? {
    guard let lab = rows as? LabRows, let id = lab.rowID(at: row) else { return nil }
    if let kept = _items[id] { return (id, kept) }
    if _items.count > 512 { _items.removeAll(keepingCapacity: true) }
    let item = feed.item(for: id, language: lab.language)
    _items[id] = item
    return (id, item)
  }

  /// `item`'s layout at `width`, wrapped once and kept.
  private func _layout(_ id: RowID, _ item: FeedItem, width: Double, canvas: RefreshCanvas)
    -> Layout
  {
    let key = LayoutKey(row: id, width: width, scale: canvas.scale)
    let kept = _layouts[key]
    if let kept, kept.imageReady || item.image == nil { return kept.layout }
    var ready = false
    if let image = item.image, case .ready = images.image(image, fittingWithin: _box(width, canvas)) {
      ready = true
    }
    if let kept, kept.imageReady == ready { return kept.layout }
    if _layouts.count > 512 { _layouts.removeAll(keepingCapacity: true) }
    let layout = _layout(item, width: width, canvas: canvas)
    _layouts[key] = (ready, layout)
    return layout
  }

  /// The box an image is decoded to fit in a row `width` wide, pixels.
  private func _box(_ width: Double, _ canvas: RefreshCanvas) -> (width: Int, height: Int) {
    let textWidth = max(
      40, width - canvas.style.horizontalPadding - Self.avatar - Self.gap - canvas.style.horizontalPadding)
    return (
      Int((min(textWidth, Self.imageMaxWidth) * canvas.scale).rounded(.down)),
      Int((Self.imageMaxHeight * canvas.scale).rounded(.down))
    )
  }

  /// Where a row's parts go, for `width` points: measured and drawn alike.
  private struct Layout {
    var textX: Double
    var lines: [String]
    /// Each line's width, and the name's: a frame that redraws only a strip at the right (the
    /// scroll indicator's column) skips what ends left of it without looking its text up.
    var lineWidths: [Double]
    var titleWidth: Double
    /// The letter on the avatar: the initial of the name's last word.
    var initial: String?
    /// The avatar's colour, `0xRRGGBB`, from the name.
    var avatarRGB: UInt32
    var imageSize: (width: Double, height: Double)?
    /// The box the image is decoded to fit, pixels.
    var imageBox: (width: Int, height: Int)?
    var height: Double
  }

  private func _layout(_ item: FeedItem, width: Double, canvas: RefreshCanvas) -> Layout {
    let textX = canvas.style.horizontalPadding + Self.avatar + Self.gap
    let textWidth = max(40, width - textX - canvas.style.horizontalPadding)
    let lines = item.body.isEmpty ? [] : canvas.wrap(item.body, .body, width: textWidth)
    var textHeight = canvas.lineHeight(.title) + 2 + Double(lines.count) * canvas.lineHeight(.body)
    var imageSize: (Double, Double)?
    var imageBox: (width: Int, height: Int)?
    if let image = item.image {
      // Decoded to fit the widest image the row allows, in pixels; drawn at its own size.
      let scale = canvas.scale
      let box = _box(width, canvas)
      imageBox = box
      if case .ready(let texture) = images.image(image, fittingWithin: box) {
        imageSize = (Double(texture.pixelWidth) / scale, Double(texture.pixelHeight) / scale)
      } else {
        // Until it is decoded: the shape it is known to have, else 4:3.
        let aspect = item.imageAspect ?? 4.0 / 3
        let fit = min(Double(box.width) / aspect, Double(box.height))
        imageSize = ((fit * aspect).rounded() / scale, fit.rounded() / scale)
      }
      textHeight += 8 + (imageSize?.1 ?? 0)
    }
    let height = (2 * Self.padding + max(Self.avatar, textHeight)).rounded(.up)
    return Layout(
      textX: textX, lines: lines,
      lineWidths: lines.map { canvas.width(of: $0, .body) },
      titleWidth: canvas.width(of: item.title, .title),
      initial: (item.title.split(separator: " ").last.map(String.init) ?? item.title).first.map {
        String($0)
      },
      avatarRGB: Self._avatarColors[
        Int(item.title.unicodeScalars.reduce(UInt32(7)) { $0 &* 31 &+ $1.value } % 8)],
      imageSize: imageSize, imageBox: imageBox, height: height)
  }

  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  {
    guard let (id, item) = _item(row, rows) else { return canvas.style.sectionHeaderHeight }
    if let image = item.image { _rowsByImage[image.key, default: []].insert(row) }
    return _layout(id, item, width: width, canvas: canvas).height
  }

  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    guard let (id, item) = _item(frame.row, rows) else {
      try TitleRowRenderer.drawSectionHeader(
        frame, title: (rows as? LabRows)?.title(at: frame.row) ?? "", in: canvas)
      return
    }
    let rect = frame.rect
    let style = canvas.style
    let layout = _layout(id, item, width: rect.width, canvas: canvas)
    let top = rect.y + Self.padding
    let dirty = frame.dirtyRect
    let x = rect.x + layout.textX
    let widest = max(layout.titleWidth, layout.lineWidths.max() ?? 0, layout.imageSize?.width ?? 0)
    // Nothing of this row reaches the part being drawn: not even looked up.
    guard x + widest > dirty.x else { return }
    // Each text is looked up and drawn only when it reaches the strip being drawn, across and
    // down (a point's margin for snapping): a frame of a scroll draws a strip a few rows tall.
    // The image is asked for whenever the row is drawn, so that its decode starts as the row
    // comes into view, before its picture does.
    func reaches(_ top: Double, _ height: Double) -> Bool {
      top + height + 1 > dirty.y && top - 1 < dirty.maxY
    }
    if rect.x + style.horizontalPadding + Self.avatar > dirty.x, reaches(top, Self.avatar) {
      try _drawAvatar(
        initial: layout.initial, rgb: layout.avatarRGB, top: top, rect: rect,
        background: frame.background, canvas: canvas)
    }
    if x + layout.titleWidth > dirty.x, reaches(top, canvas.lineHeight(.title)),
      let title = try canvas.paragraph(
        [item.title], .title, color: style.titleColor, background: frame.background)
    {
      try canvas.draw(title, at: Point(x: x, y: top))
    }
    var y = top + canvas.lineHeight(.title) + 2
    let bodyHeight = Double(layout.lines.count) * canvas.lineHeight(.body)
    // The body is one opaque paragraph on the row's fill: one copy, not a blend a line.
    if reaches(y, bodyHeight) && x + (layout.lineWidths.max() ?? 0) > dirty.x,
      let body = try canvas.paragraph(
        layout.lines, .body, color: style.titleColor, background: frame.background)
    {
      try canvas.draw(body, at: Point(x: x, y: y))
    }
    y += bodyHeight
    guard let image = item.image, let size = layout.imageSize, let fit = layout.imageBox,
      x + size.width > dirty.x
    else {
      return
    }
    let box = Rect(
      x: canvas.snapped(x), y: canvas.snapped(y + 8), width: size.width, height: size.height)
    switch images.image(image, fittingWithin: fit) {
    case .ready(let texture):
      try canvas.drawImage(texture, in: box)
    case .loading:
      // Drawn again when the image comes (`rows(forImages:)`), wherever the row was measured.
      _rowsByImage[image.key, default: []].insert(frame.row)
      canvas.fillRoundedRect(box, radius: 6, color: Color(rgb: 0xE3E7EC))
    case .failed:
      canvas.fillRoundedRect(box, radius: 6, color: Color(rgb: 0xF4E1E1))
      canvas.drawCross(
        center: Point(x: box.midX, y: box.midY), size: 16, color: Color(rgb: 0xB71C1C))
    }
  }

  /// The avatar: a disc in the author's colour with the initial.
  private func _drawAvatar(
    initial: String?, rgb: UInt32, top: Double, rect: Rect, background: Color,
    canvas: RefreshCanvas
  ) throws(SDLError) {
    let style = canvas.style
    let center = Point(
      x: canvas.snapped(rect.x + style.horizontalPadding) + Self.avatar / 2,
      y: canvas.snapped(top) + Self.avatar / 2)
    let disc = try _disc(rgb, on: background, canvas: canvas)
    try canvas.drawImage(
      disc,
      in: Rect(
        x: center.x - Self.avatar / 2, y: center.y - Self.avatar / 2,
        width: Double(disc.pixelWidth) / canvas.scale, height: Double(disc.pixelHeight) / canvas.scale))
    // The initial on the disc's own colour, opaque: a copy, not a blend.
    if let initial, let text = try _initial(initial, rgb: rgb, canvas: canvas) {
      try canvas.draw(
        text, at: Point(x: center.x - text.width / 2, y: center.y - text.height / 2))
    }
  }

  /// `initial` in white on `rgb`, kept.
  private func _initial(_ initial: String, rgb: UInt32, canvas: RefreshCanvas) throws(SDLError)
    -> RefreshCanvas.Text?
  {
    let key = InitialKey(
      initial: initial, rgb: rgb, scale: canvas.scale, size: canvas.style.titleSize)
    if let kept = _initials[key], canvas.owns(kept) { return kept }
    guard
      let text = try canvas.paragraph(
        [initial], .title, color: Color(rgb: 0xFFFFFF), background: Color(rgb: rgb))
    else { return nil }
    // The letters of a few alphabets in eight colours; a feed of many scripts starts over.
    if _initials.count >= 512 { _initials.removeAll(keepingCapacity: true) }
    _initials[key] = text
    return text
  }

  /// The avatar disc in `rgb` on the row's `background`, made once per colour, fill and
  /// density.
  private func _disc(_ rgb: UInt32, on background: Color, canvas: RefreshCanvas) throws(SDLError)
    -> Texture
  {
    let key = DiscKey(
      rgb: rgb,
      background: UInt32(background.red) << 16 | UInt32(background.green) << 8
        | UInt32(background.blue))
    if let kept = _discs[key], kept.scale == canvas.scale, canvas.owns(kept.texture) {
      return kept.texture
    }
    let size = Int((Self.avatar * canvas.scale).rounded())
    let radius = Double(size) / 2
    var pixels = [UInt32](repeating: 0, count: size * size)
    for y in 0..<size {
      for x in 0..<size {
        // Coverage from 4 × 4 samples a pixel: a smooth edge.
        var inside = 0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let dx = Double(x) + (Double(sx) + 0.5) / 4 - radius
            let dy = Double(y) + (Double(sy) + 0.5) / 4 - radius
            if dx * dx + dy * dy <= radius * radius { inside += 1 }
          }
        }
        pixels[y * size + x] = UInt32(inside * 255 / 16) << 24 | rgb
      }
    }
    let disc = PixelImage(width: size, height: size, pixels: pixels)
    let texture = try canvas.makeImage(try disc.composited(over: background))
    _discs[key] = (canvas.scale, texture)
    return texture
  }

  /// The rows whose images arrived in `keys` (from `ImageCache.collect()`), to measure again.
  func rows(forImages keys: Set<String>) -> [Int] {
    keys.flatMap { _rowsByImage.removeValue(forKey: $0) ?? [] }.sorted()
  }

  /// Forgets which rows showed which images (the rows were replaced).
  func forgetRows() {
    _rowsByImage.removeAll()
    _layouts.removeAll()
    _items.removeAll()
  }
}
