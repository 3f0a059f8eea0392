import CSDL2
import CSDL2Image
import Dispatch
import Synchronization

/// Where a row's image comes from: a file (decoded with SDL_image), or pixels a host makes
/// itself (a generated avatar, a thumbnail out of a database), keyed by a name.
public enum ImageSource: Sendable, Hashable {
  /// An image file SDL_image reads (PNG, JPEG, GIF's first frame, BMP, WebP…).
  case file(String)
  /// Pixels `make` returns, called off the main thread; `key` names them in the cache.
  case generated(key: String, make: @Sendable () -> PixelImage?)

  public static func == (a: ImageSource, b: ImageSource) -> Bool { a.key == b.key }
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// What the cache keys the image by (and ``ImageCache/collect()`` reports).
  public var key: String {
    switch self {
    case .file(let path): "file:" + path
    case .generated(let key, _): "made:" + key
    }
  }
}

/// Row images for a renderer: decoded off the main thread, turned into textures on it, kept in
/// a least-recently-used cache within a byte budget.
///
/// A row asks ``image(_:)`` every frame it shows: the first time starts the decode and answers
/// `.loading` (draw a placeholder); a later frame, once ``collect()`` took the decoded pixels in,
/// answers `.ready`. No call waits for a decode. A decode asked for in no frame since the last
/// ``collect()`` (its row scrolled away) is cancelled before it starts. Decoded images larger
/// than ``maximumPixelSize`` on a side are scaled down in the decoder's thread, so a photo
/// costs what its thumbnail does.
///
/// When a decode ends, the cache pushes an SDL user event, so a host that sleeps in
/// `SDL_WaitEvent` wakes, calls ``collect()``, and redraws the rows whose images arrived.
@MainActor
public final class ImageCache {
  /// What ``image(_:)`` found.
  public enum Lookup {
    /// Decoded: draw it.
    case ready(Texture)
    /// Being decoded, or waiting to be: draw a placeholder.
    case loading
    /// The file is missing or is not an image; `reason` says which.
    case failed(reason: String)
  }

  /// The renderer the textures are made for.
  public let renderer: Renderer
  /// Bytes of texture the cache keeps at most (4 per pixel); the least recently drawn go first.
  public let byteBudget: Int
  /// The longest side an image is decoded to, pixels.
  public let maximumPixelSize: Int
  /// How many decodes were cancelled before they started (their rows scrolled away).
  public private(set) var cancelledCount = 0
  /// How many images were decoded and made into textures.
  public private(set) var decodedCount = 0
  /// How many images failed to decode (each shows as a broken-image placeholder).
  public var failedCount: Int { _failures.count }
  /// Whether ``image(_:)`` decodes on the spot, on the calling thread, instead of off it: for
  /// replays in simulated time, whose frames must not depend on how fast a thread ran. A
  /// window keeps it off.
  public var decodesImmediately = false

  private struct _Entry {
    var texture: Texture
    var bytes: Int
    var lastUse: Int
  }

  private var _entries: [String: _Entry] = [:]
  private var _failures: [String: String] = [:]
  private var _newFailures: [(source: String, reason: String)] = []
  private var _bytes = 0
  private var _useCounter = 0
  /// Decodes asked for and not yet collected: key → whether a frame asked since the last collect.
  private var _pending: [String: Bool] = [:]
  private let _shared = _ImageQueue()
  private let _queue = DispatchQueue(label: "refresh-lab.images")
  /// Every decode started and not yet delivered.
  private let _running = DispatchGroup()
  private let _wakeEvent: UInt32

  /// A cache for `renderer`'s textures keeping at most `byteBudget` bytes (64 MB by default),
  /// decoding images to at most `maximumPixelSize` pixels on their longer side.
  public init(renderer: Renderer, byteBudget: Int = 64 << 20, maximumPixelSize: Int = 1024) {
    self.renderer = renderer
    self.byteBudget = max(1, byteBudget)
    self.maximumPixelSize = max(1, maximumPixelSize)
    _wakeEvent = SDL_RegisterEvents(1)
  }

  /// Bytes of texture kept now.
  public var bytesHeld: Int { _bytes }
  /// Images kept now.
  public var count: Int { _entries.count }
  /// Whether decodes are under way or done and not collected yet.
  public var isLoading: Bool { !_pending.isEmpty }

  /// The image for `source`: ready, loading (a decode started or continues), or failed.
  public func image(_ source: ImageSource) -> Lookup {
    let key = source.key
    if var entry = _entries[key] {
      _useCounter += 1
      entry.lastUse = _useCounter
      _entries[key] = entry
      return .ready(entry.texture)
    }
    if let reason = _failures[key] { return .failed(reason: reason) }
    if decodesImmediately {
      _shared.deliver(key, Self._decode(source, maximum: maximumPixelSize))
      collect()
      return image(source)
    }
    if _pending[key] == nil {
      _shared.want(key)
      let maximum = maximumPixelSize
      let shared = _shared
      let wake = _wakeEvent
      _queue.async(group: _running) {
        guard shared.stillWanted(key) else { return }
        let result = Self._decode(source, maximum: maximum)
        shared.deliver(key, result)
        var event = SDL_Event()
        event.type = wake
        SDL_PushEvent(&event)
      }
    }
    _pending[key] = true
    return .loading
  }

  /// Waits at most `seconds` for every decode started so far to be delivered (or cancelled);
  /// returns whether they were. For a host that must have its images before it goes on (a
  /// test, a screenshot at start); a frame never calls it.
  public func waitForDecodes(timeout seconds: Double) -> Bool {
    _running.wait(timeout: .now() + seconds) == .success
  }

  /// Takes in the images decoded since the last call (their textures made now, on the main
  /// thread) and cancels the decodes no frame asked for since; returns the sources' keys that
  /// arrived or failed, for the host to redraw (and re-measure) their rows. Call once a frame,
  /// before drawing.
  @discardableResult
  public func collect() -> Set<String> {
    var arrived = Set<String>()
    for (key, result) in _shared.takeDelivered() {
      _pending[key] = nil
      arrived.insert(key)
      switch result {
      case .success(let image):
        do throws(SDLError) {
          let texture = try Texture.make(renderer: renderer, image: image)
          let bytes = image.width * image.height * 4
          _useCounter += 1
          _entries[key] = _Entry(texture: texture, bytes: bytes, lastUse: _useCounter)
          _bytes += bytes
          decodedCount += 1
        } catch {
          _failures[key] = error.description
          _newFailures.append((key, error.description))
        }
      case .failure(let failure):
        _failures[key] = failure.reason
        _newFailures.append((key, failure.reason))
      }
    }
    for (key, asked) in _pending {
      if asked {
        _pending[key] = false
      } else if _shared.cancel(key) {
        _pending[key] = nil
        cancelledCount += 1
      }
    }
    _evictOverBudget()
    return arrived
  }

  /// The images that failed since the last call, each once: its key (`file:` and the path for
  /// a file) and why, for the host to note.
  public func takeFailures() -> [(source: String, reason: String)] {
    defer { _newFailures = [] }
    return _newFailures
  }

  /// Drops the least recently used images until the cache fits its budget.
  private func _evictOverBudget() {
    guard _bytes > byteBudget else { return }
    let oldestFirst = _entries.sorted { $0.value.lastUse < $1.value.lastUse }
    for (key, entry) in oldestFirst where _bytes > byteBudget {
      _entries[key] = nil
      _bytes -= entry.bytes
    }
  }

  /// Why a decode failed.
  struct _Failure: Error {
    var reason: String
  }

  /// Decodes `source` to at most `maximum` pixels on its longer side. Runs off the main thread.
  nonisolated static func _decode(_ source: ImageSource, maximum: Int) -> Result<
    PixelImage, _Failure
  > {
    switch source {
    case .generated(_, let make):
      guard let image = make() else { return .failure(_Failure(reason: "no pixels were made")) }
      return .success(image)
    case .file(let path):
      guard let loaded = IMG_Load(path) else {
        return .failure(_Failure(reason: String(cString: SDL_GetError())))
      }
      defer { SDL_FreeSurface(loaded) }
      let width = Int(loaded.pointee.w)
      let height = Int(loaded.pointee.h)
      let scale = min(1, Double(maximum) / Double(max(width, height, 1)))
      let outWidth = max(1, Int((Double(width) * scale).rounded()))
      let outHeight = max(1, Int((Double(height) * scale).rounded()))
      guard
        let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
      else { return .failure(_Failure(reason: String(cString: SDL_GetError()))) }
      defer { SDL_FreeSurface(converted) }
      var surface = converted
      var scaled: UnsafeMutablePointer<SDL_Surface>?
      if outWidth != width || outHeight != height {
        guard
          let target = SDL_CreateRGBSurfaceWithFormat(
            0, Int32(outWidth), Int32(outHeight), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return .failure(_Failure(reason: String(cString: SDL_GetError()))) }
        SDL_SetSurfaceBlendMode(converted, SDL_BLENDMODE_NONE)
        var destination = SDL_Rect(x: 0, y: 0, w: Int32(outWidth), h: Int32(outHeight))
        SDL_UpperBlitScaled(converted, nil, target, &destination)
        scaled = target
        surface = target
      }
      defer { if let scaled { SDL_FreeSurface(scaled) } }
      SDL_LockSurface(surface)
      defer { SDL_UnlockSurface(surface) }
      let pitch = Int(surface.pointee.pitch)
      guard let base = surface.pointee.pixels else {
        return .failure(_Failure(reason: "the decoded image has no pixels"))
      }
      var pixels = [UInt32](repeating: 0, count: outWidth * outHeight)
      for y in 0..<outHeight {
        let row = base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
        for x in 0..<outWidth { pixels[y * outWidth + x] = row[x] }
      }
      return .success(PixelImage(width: outWidth, height: outHeight, pixels: pixels))
    }
  }
}

/// What the decoder thread and the main thread share: the keys still wanted and the results
/// delivered, behind one lock.
final class _ImageQueue: Sendable {
  private struct State {
    var wanted: Set<String> = []
    var delivered: [(String, Result<PixelImage, ImageCache._Failure>)] = []
  }
  private let state = Mutex(State())

  func want(_ key: String) { state.withLock { _ = $0.wanted.insert(key) } }

  /// Whether the decode of `key` should still run; it is no longer cancellable once it starts.
  func stillWanted(_ key: String) -> Bool {
    state.withLock { $0.wanted.remove(key) != nil }
  }

  /// Cancels `key` unless its decode started; returns whether it did.
  func cancel(_ key: String) -> Bool {
    state.withLock { $0.wanted.remove(key) != nil }
  }

  func deliver(_ key: String, _ result: Result<PixelImage, ImageCache._Failure>) {
    state.withLock { $0.delivered.append((key, result)) }
  }

  func takeDelivered() -> [(String, Result<PixelImage, ImageCache._Failure>)] {
    state.withLock { state in
      defer { state.delivered = [] }
      return state.delivered
    }
  }
}
