import CSDL2

/// Text rendered once into textures and reused while it stays on screen: a least-recently-used
/// cache whose size follows what the last frame drew.
///
/// Text is rendered in the colour it is drawn in, so drawing it is a plain alpha blend: SDL's
/// software renderer blends a tinted (colour-modulated) texture through a generic per-pixel
/// path several times slower, and row text is most of what a frame draws.
///
/// A frame is one `frameIndex` of the renderer. The cache never holds more than its
/// ``capacity``: the texts drawn in the current frame or in the last one, or on screen
/// (``textsOnScreen``), whichever are most, plus ``slack``, and never more than ``limit``. Texts
/// not drawn in the current frame are evicted, oldest first, to stay within it, so the cache
/// holds what the frames draw now (the visible rows' texts, the bars' labels, a pill, an open
/// second floor's page) and a small constant beyond, however long the list is, however fast it
/// scrolls and whatever the rows and renderers draw. A text drawn in the current frame is only
/// evicted past `limit`, so what a frame draws stays alive until it is presented.
///
/// The capacity follows what is drawn rather than a number fixed from the rows: rows of any
/// shape, section headers, the "N new" pill and a host's second floor each add texts to a frame
/// (an open floor's page, ten, over the rows still in view went past the visible rows plus 12
/// the soak used to check). What it rules out is a retention, a texture kept beyond the slack
/// that no recent frame drew: the soak checks ``count`` against ``capacity`` after every frame.
@MainActor
public final class TextCache {
  /// A cached text: its texture and its size in points.
  public struct Item {
    /// The text in its colour (white from `item(for:font:)`, to be tinted when drawn).
    public let texture: Texture
    /// Width in points.
    public let width: Double
    /// Height in points (the font's line height).
    public let height: Double
  }

  /// Texts are told apart by their UTF-8 bytes, not by `String`'s Unicode equality: glyphs are
  /// rendered from the bytes (two canonically equal spellings may shape differently), and
  /// hashing bytes skips the normalisation `String` hashing does, a lookup per drawn row.
  struct _Line: Hashable {
    var font: Font.ID
    var text: String
    /// The ink as 0xRRGGBB.
    var color: UInt32

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.font == rhs.font && lhs.color == rhs.color && _sameBytes(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(font)
      hasher.combine(color)
      _hashBytes(text, into: &hasher)
    }
  }

  struct _Key: Hashable {
    var first: _Line
    /// A block's second line.
    var second: _Line? = nil
    /// A block's opaque background as 0xRRGGBB; nil for text on transparency.
    var background: UInt32? = nil
    /// A paragraph's lines, the first among them, when it has more than one: all in the first's
    /// font and colour. The caller's own array, so a lookup allocates none.
    var more: [String] = []

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.first == rhs.first && lhs.second == rhs.second && lhs.background == rhs.background
        && lhs.more.elementsEqual(rhs.more, by: _sameBytes)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(first)
      hasher.combine(second)
      hasher.combine(background)
      hasher.combine(more.count)
      for line in more { _hashBytes(line, into: &hasher) }
    }
  }

  struct _Slot {
    var key: _Key
    var item: Item?
    var newer = -1
    var older = -1
    var frame = -1
  }

  /// The renderer the textures belong to.
  public let renderer: Renderer
  /// Entries kept beyond the last frame's working set, for text scrolling back into view.
  public let slack: Int
  /// A ceiling that holds even if frames never end.
  public let limit: Int

  private var _slots: [_Slot] = []
  private var _free: [Int] = []
  private var _index: [_Key: Int] = [:]
  private var _newest = -1
  private var _oldest = -1
  private var _frame = -1
  private var _usedThisFrame = 0
  private var _usedLastFrame = 0

  /// Texts on screen whether or not this frame draws them: a frame that draws only what
  /// changed asks for a few, and the rest it moved must not be evicted as unused (the table
  /// view sets it to its visible rows times the texts a row draws).
  public var textsOnScreen = 0 {
    didSet { _trim() }
  }

  /// Texts asked for so far, found or rendered (a table view counts a row's texts by it).
  public private(set) var lookupCount = 0

  /// Textures currently held.
  public var count: Int { _index.count }

  /// The most textures held at any moment so far (for the benchmark's bound).
  public private(set) var mostHeld = 0

  /// Texts rendered so far (lookups that missed); a benchmark's measure of text churn.
  public private(set) var renderCount = 0

  /// Textures drawn in the current frame so far.
  public var usedThisFrame: Int { _usedThisFrame }

  /// Textures drawn in the frame before the current one.
  public var usedLastFrame: Int { _usedLastFrame }

  /// The most textures the cache holds: the texts drawn in the current frame or the last one,
  /// or on screen, whichever are most, plus `slack`; never more than `limit`. ``count`` is
  /// within it after every call.
  public var capacity: Int {
    min(limit, max(_usedThisFrame, _usedLastFrame, textsOnScreen) + slack)
  }

  /// A cache for `renderer` keeping `slack` entries beyond the last frame's, never more than
  /// `limit`.
  public init(renderer: Renderer, slack: Int = 8, limit: Int = 1024) {
    self.renderer = renderer
    self.slack = max(0, slack)
    self.limit = max(1, limit)
  }

  /// `text` in `font`, white, rendered on first use; nil for the empty string (SDL_ttf renders
  /// nothing).
  public func item(for text: String, font: Font) throws(SDLError) -> Item? {
    try item(for: text, font: font, color: Color(rgb: 0xFFFFFF))
  }

  /// `text` in `font` and `color` (its alpha is ignored: pass it as the tint's when drawing),
  /// rendered on first use; nil for the empty string.
  public func item(for text: String, font: Font, color: Color) throws(SDLError) -> Item? {
    guard !text.isEmpty else { return nil }
    let key = _Key(first: _Line(TextLine(text, font: font, color: color)))
    let renderer = self.renderer
    return try _item(for: key, scale: font.scale) { () throws(SDLError) in
      let surface = try font._render(text, color: color)
      defer { SDL_FreeSurface(surface) }
      return try Texture(renderer: renderer, surface: surface)
    }
  }

  /// `first` with `second` (if any) below it, on an opaque `background`, as one texture drawn
  /// by copying: a table row's text costs one copy instead of two blends. Nil when there is no
  /// text at all.
  public func block(_ first: TextLine, _ second: TextLine?, background: Color) throws(SDLError)
    -> Item?
  {
    guard !first.text.isEmpty || second?.text.isEmpty == false else { return nil }
    var key = _Key(first: _Line(first), background: Self._rgb(background))
    if let second { key.second = _Line(second) }
    let renderer = self.renderer
    // The lines' array is made only for a text not drawn before.
    return try _item(for: key, scale: first.font.scale) { () throws(SDLError) in
      var lines = [first]
      if let second { lines.append(second) }
      return try Font._renderBlock(lines, background: background, renderer: renderer)
    }
  }

  /// `lines` one under the other in `font` and `color` on an opaque `background`, as one
  /// texture drawn by copying: a paragraph costs one copy however many lines it has. Nil for no
  /// lines.
  public func paragraph(_ lines: [String], font: Font, color: Color, background: Color)
    throws(SDLError) -> Item?
  {
    guard let first = lines.first else { return nil }
    let key = _Key(
      first: _Line(TextLine(first, font: font, color: color)),
      background: Self._rgb(background), more: lines.count > 1 ? lines : [])
    let renderer = self.renderer
    return try _item(for: key, scale: font.scale) { () throws(SDLError) in
      try Font._renderBlock(
        lines.map { TextLine($0, font: font, color: color) }, background: background,
        renderer: renderer)
    }
  }

  /// The cached item for `key`, made by `make` on a miss.
  private func _item(
    for key: _Key, scale: Double, make: () throws(SDLError) -> Texture
  ) throws(SDLError) -> Item? {
    _startFrameIfNeeded()
    lookupCount += 1
    if let slot = _index[key] {
      _touch(slot)
      return _slots[slot].item
    }
    renderCount += 1
    let texture = try make()
    let item = Item(
      texture: texture, width: Double(texture.pixelWidth) / scale,
      height: Double(texture.pixelHeight) / scale)
    _makeRoom()
    _insert(key, item)
    return item
  }

  nonisolated static func _rgb(_ color: Color) -> UInt32 {
    UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
  }

  /// Draws `text` with its top at `origin.y` and its left edge, centre or right edge at
  /// `origin.x` (snapped to whole pixels) in `color`; returns its width in points.
  @discardableResult
  public func draw(
    _ text: String, font: Font, at origin: Point, color: Color, align: TextAlignment = .leading
  ) throws(SDLError) -> Double {
    guard let item = try item(for: text, font: font, color: color) else { return 0 }
    renderer.draw(
      item.texture, in: _frame(of: item, at: origin, align: align),
      tint: Color(red: 255, green: 255, blue: 255, alpha: color.alpha))
    return item.width
  }

  /// Draws `text` in `font` and opaque `color` on the opaque `background` already under it
  /// (its left edge, centre or right edge at `origin.x` by `align`): the same pixels as
  /// ``draw(_:font:at:color:align:)`` blends there, made once on that background and then
  /// copied, not blended, each time. Returns its width in points.
  @discardableResult
  public func draw(
    _ text: String, font: Font, at origin: Point, color: Color, on background: Color,
    align: TextAlignment = .leading
  ) throws(SDLError) -> Double {
    guard let item = try paragraph([text], font: font, color: color, background: background)
    else { return 0 }
    renderer.draw(item.texture, in: _frame(of: item, at: origin, align: align))
    return item.width
  }

  /// Where `item` is drawn with its top at `origin.y` and its left edge, centre or right edge
  /// at `origin.x`, snapped to whole pixels.
  private func _frame(of item: Item, at origin: Point, align: TextAlignment) -> Rect {
    let left =
      switch align {
      case .leading: origin.x
      case .center: origin.x - item.width / 2
      case .trailing: origin.x - item.width
      }
    return Rect(
      x: renderer.snapped(left), y: renderer.snapped(origin.y), width: item.width,
      height: item.height)
  }

  /// Drops every texture (for example after fonts were reopened at a new density).
  public func removeAll() {
    _slots.removeAll(keepingCapacity: true)
    _free.removeAll(keepingCapacity: true)
    _index.removeAll(keepingCapacity: true)
    _newest = -1
    _oldest = -1
    _usedThisFrame = 0
    _usedLastFrame = 0
  }

  private func _startFrameIfNeeded() {
    guard renderer.frameIndex != _frame else { return }
    _frame = renderer.frameIndex
    _usedLastFrame = _usedThisFrame
    _usedThisFrame = 0
    _trim()
  }

  /// Evicts texts not drawn in this frame, oldest first, until the cache is within its
  /// capacity. Texts drawn in this frame are `_usedThisFrame`, which the capacity covers, and
  /// `_makeRoom` keeps the count within `limit`, so this always gets there.
  private func _trim() {
    while count > capacity, _oldest >= 0, _slots[_oldest].frame != _frame {
      _evictOldest()
    }
  }

  /// Evicts texts not drawn in this frame until one more, drawn in this frame, fits within the
  /// capacity, so fast scrolling replaces old rows instead of piling new ones on top. Early in a
  /// frame most of the last frame's texts are still to be asked for: the last frame's working
  /// set, part of the capacity, keeps them.
  private func _makeRoom() {
    let room = max(_usedThisFrame + 1, _usedLastFrame, textsOnScreen) + slack
    while count + 1 > room, _oldest >= 0, _slots[_oldest].frame != _frame {
      _evictOldest()
    }
    while count >= limit { _evictOldest() }
  }

  private func _touch(_ slot: Int) {
    if _slots[slot].frame != _frame {
      _slots[slot].frame = _frame
      _usedThisFrame += 1
    }
    guard slot != _newest else { return }
    _unlink(slot)
    _linkNewest(slot)
  }

  private func _insert(_ key: _Key, _ item: Item) {
    var slot = _Slot(key: key, item: item)
    slot.frame = _frame
    let index: Int
    if let reused = _free.popLast() {
      _slots[reused] = slot
      index = reused
    } else {
      _slots.append(slot)
      index = _slots.count - 1
    }
    _index[key] = index
    mostHeld = max(mostHeld, _index.count)
    _usedThisFrame += 1
    _linkNewest(index)
  }

  private func _evictOldest() {
    let slot = _oldest
    guard slot >= 0 else { return }
    _unlink(slot)
    _index[_slots[slot].key] = nil
    if _slots[slot].frame == _frame { _usedThisFrame -= 1 }
    _slots[slot].item = nil
    _slots[slot].key = _Key(first: _Line(font: _slots[slot].key.first.font, text: "", color: 0))
    _free.append(slot)
  }

  private func _unlink(_ slot: Int) {
    let newer = _slots[slot].newer
    let older = _slots[slot].older
    if newer >= 0 { _slots[newer].older = older } else { _newest = older }
    if older >= 0 { _slots[older].newer = newer } else { _oldest = newer }
    _slots[slot].newer = -1
    _slots[slot].older = -1
  }

  private func _linkNewest(_ slot: Int) {
    _slots[slot].older = _newest
    _slots[slot].newer = -1
    if _newest >= 0 { _slots[_newest].newer = slot }
    _newest = slot
    if _oldest < 0 { _oldest = slot }
  }
}

extension TextCache._Line {
  init(_ line: TextLine) {
    self.init(font: line.font.id, text: line.text, color: TextCache._rgb(line.color))
  }
}

/// Which edge of a drawn text sits at the x it is drawn at.
public enum TextAlignment: Sendable {
  /// The left edge.
  case leading
  /// The middle.
  case center
  /// The right edge.
  case trailing
}
