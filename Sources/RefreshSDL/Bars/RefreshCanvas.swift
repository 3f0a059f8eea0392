import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a header or footer renderer draws with: rectangles, rounded rectangles, circles, arcs,
/// lines, convex polygons, the bars' icons, text in the table's fonts, and images, in window
/// points, at the table's pixel density.
///
/// The built-in renderers (``ClassicHeaderRenderer``, ``MaterialBadgeHeaderRenderer``,
/// ``AnimatedHeaderRenderer``, ``ClassicFooterRenderer``) draw with nothing else, so a host's
/// renderer can draw all that they do. Everything is drawn in the order it is asked for, later
/// over earlier; shapes in a row (rounded rectangles, circles, arcs, lines, polygons) are
/// gathered and drawn in one call when something else is drawn or the renderer is done. The
/// icons are sprites, rasterised once, on whole pixels.
@MainActor
public struct RefreshCanvas {
  /// The table being drawn.
  let _table: TableView
  /// The table's rectangle, which clips everything drawn.
  public let viewport: Rect

  init(_ table: TableView, viewport: Rect) {
    _table = table
    self.viewport = viewport
  }

  /// The table's sizes and colours: the bar's colour and ink, the badge's, the fonts' sizes.
  public var style: TableStyle { _table.style }
  /// The language the labels are spelt in.
  public var language: Language { _table.language }
  /// Device pixels per point.
  public var scale: Double { _table.renderer.scale }

  /// `value` (points) on the nearest device pixel, for edges that should be sharp.
  public func snapped(_ value: Double) -> Double { _table.renderer.snapped(value) }

  // MARK: Rectangles and shapes

  /// Fills `rect` with `color`.
  public func fill(_ rect: Rect, color: Color) throws(SDLError) {
    try _drawGatheredShapes()
    _table.renderer.fill(rect, color: color)
  }

  /// Draws the shapes gathered so far, so that what comes next lies over them.
  private func _drawGatheredShapes() throws(SDLError) {
    if !_table._shapes.isEmpty { try _table._flushShapes() }
  }

  /// Fills `rect` with its corners rounded by `radius` points (at most half its shorter side).
  public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    guard r > 0 else {
      _table._shapes.addConvexPolygon(
        [
          Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y),
          Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x, y: rect.maxY),
        ], color: color)
      return
    }
    var points: [Point] = []
    let corners = [
      (Point(x: rect.maxX - r, y: rect.y + r), -0.25),
      (Point(x: rect.maxX - r, y: rect.maxY - r), 0.0),
      (Point(x: rect.x + r, y: rect.maxY - r), 0.25),
      (Point(x: rect.x + r, y: rect.y + r), 0.5),
    ]
    let steps = 6
    for (center, start) in corners {
      for step in 0...steps {
        let angle = (start + 0.25 * Double(step) / Double(steps)) * 2 * Double.pi
        points.append(Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle)))
      }
    }
    _table._shapes.addConvexPolygon(points, color: color)
  }

  /// A filled circle.
  public func fillCircle(center: Point, radius: Double, color: Color) {
    _table._shapes.addCircle(center: center, radius: radius, color: color)
  }

  /// A filled convex polygon through `points`, in either winding.
  public func fillPolygon(_ points: [Point], color: Color) {
    _table._shapes.addConvexPolygon(points, color: color)
  }

  /// A straight stroke `width` points wide.
  public func strokeLine(from start: Point, to end: Point, width: Double, color: Color) {
    _table._shapes.addLine(from: start, to: end, width: width, color: color)
  }

  /// An arc `width` points thick, from `startTurn` turns clockwise from twelve o'clock,
  /// `sweepTurns` turns clockwise.
  public func strokeArc(
    center: Point, radius: Double, startTurn: Double, sweepTurns: Double, width: Double, color: Color
  ) {
    _table._shapes.addArc(
      center: center, radius: radius, startTurn: startTurn, sweepTurns: sweepTurns, width: width,
      color: color)
  }

  /// An arrowhead `size` points long on a circle of `radius` at `atTurn`, pointing clockwise:
  /// the end of Material's pull arc.
  public func fillArcHead(center: Point, radius: Double, atTurn turn: Double, size: Double, color: Color) {
    _table._shapes.addArcHead(center: center, radius: radius, atTurn: turn, size: size, color: color)
  }

  // MARK: The bars' icons

  /// The pull arrow, `length` points long; angle 0 points down, π up.
  public func drawArrow(center: Point, length: Double, angle: Double, color: Color) {
    _table._drawIcon(_IconSprites.arrow(angle: angle), center: center, extent: length, color: color)
  }

  /// The twelve-spoke activity spinner, its leading spoke `phase` turns from twelve o'clock,
  /// stepping from spoke to spoke as UIKit's does: phases within one twelfth of a turn draw
  /// the same pixels (``TableView/spinnerStep(_:)``).
  public func drawSpinner(center: Point, radius: Double, phase: Double, color: Color) {
    _table._drawIcon(_IconSprites.spinner(phase: phase), center: center, extent: radius, color: color)
  }

  /// A check mark `size` points wide.
  public func drawCheckmark(center: Point, size: Double, color: Color) {
    _table._drawIcon(.check, center: center, extent: size, color: color)
  }

  /// A cross `size` points wide.
  public func drawCross(center: Point, size: Double, color: Color) {
    _table._drawIcon(.cross, center: center, extent: size, color: color)
  }

  // MARK: Text

  /// Which of the table's fonts a text is set in.
  public enum TextRole: Sendable, Equatable {
    /// A bar's label ("Pull down to refresh"), bold.
    case label
    /// A bar's second line ("Last updated …").
    case detail
    /// A row's title, bold.
    case title
    /// A row's subtitle.
    case subtitle
    /// A row's body text (a message, a post), regular, a little smaller than the title.
    case body
  }

  /// A text set in one of the table's fonts and a colour, ready to draw: its size is known
  /// before it is placed, and it is rendered once (the table's text cache keeps it).
  public struct Text {
    /// Width in points.
    public var width: Double { _item.width }
    /// Height in points (the font's line height).
    public var height: Double { _item.height }
    let _item: TextCache.Item
  }

  /// `string` set in `role`'s font and `color`; nil for an empty string.
  public func text(_ string: String, _ role: TextRole, color: Color) throws(SDLError) -> Text? {
    // Not Optional.map: a closure made here checks it runs on the main actor at each call.
    guard let item = try _table.textCache.item(for: string, font: _font(role), color: color)
    else { return nil }
    return Text(_item: item)
  }

  /// `lines` one under the other in `role`'s font and `color` on the opaque `background` they
  /// will be drawn on (a row's fill), as one text: a paragraph costs one copy to draw, however
  /// many lines it has, where a line at a time costs a blend each. Nil for no lines.
  public func paragraph(_ lines: [String], _ role: TextRole, color: Color, background: Color)
    throws(SDLError) -> Text?
  {
    guard
      let item = try _table.textCache.paragraph(
        lines, font: _font(role), color: color, background: background)
    else { return nil }
    return Text(_item: item)
  }

  /// Draws `text` with its top left at `origin` (snapped to a pixel), at `scale` of its size.
  public func draw(_ text: Text, at origin: Point, scale: Double = 1) throws(SDLError) {
    try _drawGatheredShapes()
    let renderer = _table.renderer
    renderer.draw(
      text._item.texture,
      in: Rect(
        x: renderer.snapped(origin.x), y: renderer.snapped(origin.y), width: text.width * scale,
        height: text.height * scale))
  }

  private func _font(_ role: TextRole) -> Font {
    let fonts = _table._currentFonts
    switch role {
    case .label: return fonts.label
    case .detail: return fonts.detail
    case .title: return fonts.title
    case .subtitle: return fonts.subtitle
    case .body: return fonts.body
    }
  }

  /// The height of a line in `role`'s font, points.
  public func lineHeight(_ role: TextRole) -> Double { _font(role).lineHeight }

  /// How wide `string` is in `role`'s font, points.
  public func width(of string: String, _ role: TextRole) -> Double {
    _font(role).width(of: string)
  }

  /// `string` broken into lines at most `width` points wide in `role`'s font: at spaces, after
  /// CJK characters, inside a word only when it alone is wider.
  public func wrap(_ string: String, _ role: TextRole, width: Double) -> [String] {
    _font(role).wrap(string, width: width)
  }

  // MARK: Images

  /// A texture of `image` for this canvas's renderer (`0xAARRGGBB`, straight alpha), blended
  /// when drawn, or copied when every pixel is opaque (the same pixels, for less: see
  /// ``PixelImage/composited(over:)`` for an image always drawn on one colour). Make it once and keep it: uploading is the costly part. Drawn larger or
  /// smaller than its pixels it is smoothed, unless `smooth` is false (pixel art enlarged by a
  /// whole factor, whose pixels should stay square).
  public func makeImage(_ image: PixelImage, smooth: Bool = true) throws(SDLError) -> Texture {
    try Texture.make(renderer: _table.renderer, image: image, smooth: smooth, opaque: image.isOpaque)
  }

  /// Draws `texture` stretched over `rect`.
  public func drawImage(_ texture: Texture, in rect: Rect) throws(SDLError) {
    try _drawGatheredShapes()
    _table.renderer.draw(texture, in: rect)
  }

  /// Whether `texture` was made for this canvas's renderer (a table may move to another).
  public func owns(_ texture: Texture) -> Bool { texture.renderer === _table.renderer }

  /// Whether `text` belongs to this table's renderer: a text a renderer keeps across frames
  /// itself, beyond the table's text cache, is drawn only while it does.
  public func owns(_ text: Text) -> Bool { owns(text._item.texture) }

  // MARK: Clipping

  /// Runs `draw` with drawing limited to `rect` (within the table); the shapes it added are
  /// drawn under that clip before it returns.
  public func clipped(to rect: Rect, _ draw: () throws(SDLError) -> Void) throws(SDLError) {
    let renderer = _table.renderer
    renderer.setClip(rect.intersection(viewport))
    defer { renderer.setClip(viewport) }
    try draw()
    try _table._flushShapes()
  }
}
