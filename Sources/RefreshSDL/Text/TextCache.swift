import CSDL2

/// Text rendered once into textures and reused while it stays on screen: a least-recently-used
/// cache whose size follows what the last frame drew.
///
/// A frame is one `frameIndex` of the renderer. Texts not drawn in the current frame are
/// evicted, oldest first, whenever the cache would hold more than the last or this frame's texts
/// (whichever is more) plus `slack`, so it holds about the visible rows' texts plus a small
/// constant however long the list is and however fast it scrolls. A text drawn in the current frame is only evicted past
/// `limit`, so what a frame draws stays alive until it is presented.
@MainActor
public final class TextCache {
  /// A cached text: its texture and its size in points.
  public struct Item {
    /// The text, white; tint it when drawing.
    public let texture: Texture
    /// Width in points.
    public let width: Double
    /// Height in points (the font's line height).
    public let height: Double
  }

  struct _Key: Hashable {
    var font: ObjectIdentifier
    var text: String
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

  /// Textures currently held.
  public var count: Int { _index.count }

  /// Texts rendered so far (lookups that missed); a benchmark's measure of text churn.
  public private(set) var renderCount = 0

  /// Textures drawn in the current frame so far.
  public var usedThisFrame: Int { _usedThisFrame }

  /// A cache for `renderer` keeping `slack` entries beyond the last frame's, never more than
  /// `limit`.
  public init(renderer: Renderer, slack: Int = 16, limit: Int = 1024) {
    self.renderer = renderer
    self.slack = max(0, slack)
    self.limit = max(1, limit)
  }

  /// `text` in `font`, rendered on first use; nil for the empty string (SDL_ttf renders nothing).
  public func item(for text: String, font: Font) throws(SDLError) -> Item? {
    guard !text.isEmpty else { return nil }
    _startFrameIfNeeded()
    let key = _Key(font: ObjectIdentifier(font), text: text)
    if let slot = _index[key] {
      _touch(slot)
      return _slots[slot].item
    }
    renderCount += 1
    let surface = try font._renderWhite(text)
    defer { SDL_FreeSurface(surface) }
    let texture = try Texture(renderer: renderer, surface: surface)
    let item = Item(
      texture: texture, width: Double(texture.pixelWidth) / font.scale,
      height: Double(texture.pixelHeight) / font.scale)
    _makeRoom()
    _insert(key, item)
    return item
  }

  /// Draws `text` with its top-left at `origin` (snapped to whole pixels) in `color`; returns
  /// its width in points.
  @discardableResult
  public func draw(_ text: String, font: Font, at origin: Point, color: Color) throws(SDLError)
    -> Double
  {
    guard let item = try item(for: text, font: font) else { return 0 }
    let frame = Rect(
      x: renderer.snapped(origin.x), y: renderer.snapped(origin.y), width: item.width,
      height: item.height)
    renderer.draw(item.texture, in: frame, tint: color)
    return item.width
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
    let keep = _usedThisFrame + slack
    while count > keep { _evictOldest() }
    _frame = renderer.frameIndex
    _usedLastFrame = _usedThisFrame
    _usedThisFrame = 0
  }

  /// Evicts texts not drawn in this frame until one more fits within this frame's working set
  /// plus `slack`, so fast scrolling replaces old rows instead of piling new ones on top.
  private func _makeRoom() {
    // Early in a frame most of the last frame's texts are still to be asked for, so the budget
    // is the larger of the two frames' working sets.
    let budget = max(_usedLastFrame, _usedThisFrame) + slack
    while count > budget, _oldest >= 0, _slots[_oldest].frame != _frame {
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
    _slots[slot].key.text = ""
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
