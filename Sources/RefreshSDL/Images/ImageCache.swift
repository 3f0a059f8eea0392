import CSDL2
import CSDL2Image
import Dispatch

/// Where a row's image comes from: a file (decoded with SDL_image), or pixels a host makes
/// itself (a generated avatar, a thumbnail out of a database), keyed by a name.
public enum ImageSource: Sendable, Hashable {
  /// An image file SDL_image reads (PNG, JPEG, GIF's first frame, BMP, WebP…).
  case file(String)
  /// Pixels `make` returns, called off the main thread with the box (pixels) the image will be
  /// fitted to, if any, so it can make them at that size; `key` names them in the cache.
  case generated(key: String, make: @Sendable (_ box: (width: Int, height: Int)?) -> PixelImage?)

  // Compared and hashed as `key` is, without building it: a row's image is looked up each
  // frame the row is drawn.
  public static func == (a: ImageSource, b: ImageSource) -> Bool {
    switch (a, b) {
    case (.file(let x), .file(let y)): x == y
    case (.generated(let x, _), .generated(let y, _)): x == y
    default: false
    }
  }
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .file(let path):
      hasher.combine(0)
      hasher.combine(path)
    case .generated(let key, _):
      hasher.combine(1)
      hasher.combine(key)
    }
  }

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
/// A row asks ``image(_:fittingWithin:)`` every frame it shows: the first time starts the decode and answers
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
  /// What ``image(_:fittingWithin:)`` found.
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
  /// Whether ``image(_:fittingWithin:)`` decodes on the spot, on the calling thread, instead of off it: for
  /// replays in simulated time, whose frames must not depend on how fast a thread ran. A
  /// window keeps it off.
  public var decodesImmediately = false

  private struct _Entry {
    var texture: Texture
    var bytes: Int
    var lastUse: Int
  }

  /// An image as kept: its source, fitted to a box (pixels) or, with width -1, not.
  struct _Key: Hashable, Sendable {
    var source: ImageSource
    var width: Int
    var height: Int
  }

  private var _entries: [_Key: _Entry] = [:]
  private var _failures: [_Key: String] = [:]
  private var _newFailures: [(source: String, reason: String)] = []
  private var _bytes = 0
  private var _useCounter = 0
  /// Decodes asked for and not yet collected: key → whether a frame asked since the last collect.
  private var _pending: [_Key: Bool] = [:]
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

  /// The image for `source`: ready, loading (a decode started or continues), or failed. With
  /// `box` (pixels), the image is scaled in the decoder's thread to fit it with its aspect kept
  /// (area-averaged down, bilinear up): draw the texture at its own pixel size, never scaled,
  /// so that it looks the same however much of it a frame redraws.
  public func image(_ source: ImageSource, fittingWithin box: (width: Int, height: Int)? = nil)
    -> Lookup
  {
    let key = _Key(source: source, width: box?.width ?? -1, height: box?.height ?? -1)
    if var entry = _entries[key] {
      _useCounter += 1
      entry.lastUse = _useCounter
      _entries[key] = entry
      return .ready(entry.texture)
    }
    if let reason = _failures[key] { return .failed(reason: reason) }
    if decodesImmediately {
      _shared.deliver(key, Self._decode(source, maximum: maximumPixelSize, box: box))
      collect()
      return image(source, fittingWithin: box)
    }
    if _pending[key] == nil {
      _shared.want(key)
      let maximum = maximumPixelSize
      let shared = _shared
      let wake = _wakeEvent
      _queue.async(group: _running) {
        guard shared.stillWanted(key) else { return }
        let result = Self._decode(source, maximum: maximum, box: box)
        shared.deliver(key, result)
        var event = SDL_Event()
        event.type = wake
        SDL_PushEvent(&event)
        _LoopWakeup.signal()
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
      arrived.insert(key.source.key)
      switch result {
      case .success(let image):
        do throws(SDLError) {
          let texture = try Texture.make(renderer: renderer, image: image, opaque: image.isOpaque)
          let bytes = image.width * image.height * 4
          _useCounter += 1
          _entries[key] = _Entry(texture: texture, bytes: bytes, lastUse: _useCounter)
          _bytes += bytes
          decodedCount += 1
        } catch {
          _failures[key] = error.description
          _newFailures.append((key.source.key, error.description))
        }
      case .failure(let failure):
        _failures[key] = failure.reason
        _newFailures.append((key.source.key, failure.reason))
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
  nonisolated static func _decode(
    _ source: ImageSource, maximum: Int, box: (width: Int, height: Int)?
  ) -> Result<PixelImage, _Failure> {
    let decoded = _decode(source, maximum: maximum, hint: box)
    guard let box, case .success(let image) = decoded else { return decoded }
    return .success(image.fitted(within: box))
  }

  nonisolated static func _decode(
    _ source: ImageSource, maximum: Int, hint: (width: Int, height: Int)? = nil
  ) -> Result<PixelImage, _Failure> {
    switch source {
    case .generated(_, let make):
      guard let image = make(hint) else { return .failure(_Failure(reason: "no pixels were made")) }
      return .success(image)
    case .file(let path):
      guard let loaded = csdl2image_load(path) else {
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
/// delivered, behind one lock. A pthread mutex (`_PthreadLock`) rather than the standard
/// library's `Mutex`, whose futex ThreadSanitizer does not see as a lock, so it reported the
/// guarded accesses as races.
final class _ImageQueue: @unchecked Sendable {
  private var wanted: Set<ImageCache._Key> = []
  private var delivered: [(ImageCache._Key, Result<PixelImage, ImageCache._Failure>)] = []
  private let lock = _PthreadLock()

  func want(_ key: ImageCache._Key) { lock.withLock { _ = wanted.insert(key) } }

  /// Whether the decode of `key` should still run; it is no longer cancellable once it starts.
  func stillWanted(_ key: ImageCache._Key) -> Bool {
    lock.withLock { wanted.remove(key) != nil }
  }

  /// Cancels `key` unless its decode started; returns whether it did.
  func cancel(_ key: ImageCache._Key) -> Bool {
    lock.withLock { wanted.remove(key) != nil }
  }

  func deliver(_ key: ImageCache._Key, _ result: Result<PixelImage, ImageCache._Failure>) {
    lock.withLock { delivered.append((key, result)) }
  }

  func takeDelivered() -> [(ImageCache._Key, Result<PixelImage, ImageCache._Failure>)] {
    lock.withLock {
      defer { delivered = [] }
      return delivered
    }
  }
}

extension PixelImage {
  /// This image scaled to fit `box` (pixels) with its aspect kept: each output pixel the
  /// average of the source pixels it covers when shrinking, bilinear when growing. Alpha is
  /// straight; colours are averaged weighted by it, so a transparent edge gains no dark fringe.
  public func fitted(within box: (width: Int, height: Int)) -> PixelImage {
    guard width > 0, height > 0, box.width > 0, box.height > 0 else { return self }
    let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
    let outWidth = max(1, Int((Double(width) * scale).rounded()))
    let outHeight = max(1, Int((Double(height) * scale).rounded()))
    guard outWidth != width || outHeight != height else { return self }
    let stepX = Double(width) / Double(outWidth)
    let stepY = Double(height) / Double(outHeight)
    if stepX >= 1 && stepY >= 1 { return _averaged(outWidth, outHeight) }
    var out = [UInt32](repeating: 0, count: outWidth * outHeight)
    for oy in 0..<outHeight {
      for ox in 0..<outWidth {
        var sum = (a: 0.0, r: 0.0, g: 0.0, b: 0.0, weight: 0.0)
        func add(_ x: Int, _ y: Int, _ weight: Double) {
          let p = pixels[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
          let alpha = Double(p >> 24) / 255
          sum.a += alpha * weight
          sum.r += Double((p >> 16) & 0xFF) * alpha * weight
          sum.g += Double((p >> 8) & 0xFF) * alpha * weight
          sum.b += Double(p & 0xFF) * alpha * weight
          sum.weight += weight
        }
        let sx = (Double(ox) + 0.5) * stepX - 0.5
        let sy = (Double(oy) + 0.5) * stepY - 0.5
        let x = Int(sx.rounded(.down))
        let y = Int(sy.rounded(.down))
        let fx = sx - Double(x)
        let fy = sy - Double(y)
        add(x, y, (1 - fx) * (1 - fy))
        add(x + 1, y, fx * (1 - fy))
        add(x, y + 1, (1 - fx) * fy)
        add(x + 1, y + 1, fx * fy)
        guard sum.weight > 0 else { continue }
        let alpha = sum.a / sum.weight
        func channel(_ value: Double) -> UInt32 {
          alpha > 0 ? UInt32(min(255, max(0, (value / sum.weight / alpha).rounded()))) : 0
        }
        out[oy * outWidth + ox] =
          UInt32(min(255, (alpha * 255).rounded())) << 24 | channel(sum.r) << 16
          | channel(sum.g) << 8 | channel(sum.b)
      }
    }
    return PixelImage(width: outWidth, height: outHeight, pixels: out)
  }

  /// This image shrunk to `outWidth`×`outHeight`, each output pixel the average of the source
  /// pixels it covers (weighted by how much of each it covers, and colours by their alpha), in
  /// two passes: the columns of each source row into the output's columns, then those rows
  /// into the output's rows. The shares each output column and row take are worked out once,
  /// so a source pixel costs four multiply-adds: a GIF header's hundreds of large frames are
  /// shrunk as they are decoded.
  func _averaged(_ outWidth: Int, _ outHeight: Int) -> PixelImage {
    let columns = _Shares(source: width, output: outWidth)
    let rows = _Shares(source: height, output: outHeight)
    // Premultiplied alpha, red, green, blue of each source row shrunk to the output's columns.
    var narrow = [Double](repeating: 0, count: 4 * outWidth * height)
    let columnFirst = columns.first
    let columnCount = columns.count
    let columnOffset = columns.offset
    let columnWeights = columns.weights
    pixels.withUnsafeBufferPointer { source in
      narrow.withUnsafeMutableBufferPointer { target in
        columnWeights.withUnsafeBufferPointer { weights in
          for y in 0..<height {
            let row = source.baseAddress! + y * width
            var at = 4 * y * outWidth
            for ox in 0..<outWidth {
              var sum = (a: 0.0, r: 0.0, g: 0.0, b: 0.0)
              let from = row + columnFirst[ox]
              let share = weights.baseAddress! + columnOffset[ox]
              for index in 0..<columnCount[ox] {
                let p = from[index]
                let alpha = Double(p >> 24) * share[index]
                sum.a += alpha
                sum.r += Double((p >> 16) & 0xFF) * alpha
                sum.g += Double((p >> 8) & 0xFF) * alpha
                sum.b += Double(p & 0xFF) * alpha
              }
              target[at] = sum.a
              target[at + 1] = sum.r
              target[at + 2] = sum.g
              target[at + 3] = sum.b
              at += 4
            }
          }
        }
      }
    }
    var out = [UInt32](repeating: 0, count: outWidth * outHeight)
    narrow.withUnsafeBufferPointer { narrow in
      for oy in 0..<outHeight {
        let first = rows.first[oy]
        let weights = rows.offset[oy]
        for ox in 0..<outWidth {
          var sum = (a: 0.0, r: 0.0, g: 0.0, b: 0.0)
          for index in 0..<rows.count[oy] {
            let at = 4 * ((first + index) * outWidth + ox)
            let weight = rows.weights[weights + index]
            sum.a += narrow[at] * weight
            sum.r += narrow[at + 1] * weight
            sum.g += narrow[at + 2] * weight
            sum.b += narrow[at + 3] * weight
          }
          // The alpha sum is of 0…255 values: the mean alpha over the area, 0…255.
          let area = rows.total[oy] * columns.total[ox]
          guard area > 0, sum.a > 0 else { continue }
          let alpha = sum.a / area
          func channel(_ value: Double) -> UInt32 { UInt32(min(255, max(0, (value / sum.a).rounded()))) }
          out[oy * outWidth + ox] =
            UInt32(min(255, alpha.rounded())) << 24 | channel(sum.r) << 16 | channel(sum.g) << 8
            | channel(sum.b)
        }
      }
    }
    return PixelImage(width: outWidth, height: outHeight, pixels: out)
  }

  /// For each of `output` pixels shrunk from `source`: the first source pixel it covers, how
  /// many it covers, the share of each (from `offset` in `weights`), and their sum.
  struct _Shares {
    var first: [Int] = []
    var count: [Int] = []
    var offset: [Int] = []
    var weights: [Double] = []
    var total: [Double] = []

    init(source: Int, output: Int) {
      let step = Double(source) / Double(output)
      for index in 0..<output {
        let start = Double(index) * step
        let from = Int(start)
        let end = max(from + 1, min(source, Int((start + step).rounded(.up))))
        first.append(from)
        count.append(end - from)
        offset.append(weights.count)
        var sum = 0.0
        for pixel in from..<end {
          let share = min(Double(pixel + 1), start + step) - max(Double(pixel), start)
          weights.append(share)
          sum += share
        }
        total.append(sum)
      }
    }
  }
}
