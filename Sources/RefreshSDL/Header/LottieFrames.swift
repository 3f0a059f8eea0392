import CRLottie
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// A Lottie animation's frames at one size, rendered by rlottie ahead of need in a thread of
/// their own, so no frame of the window ever waits for one.
///
/// rlottie cannot be interrupted, and some files make it loop forever (Debian's rlottie 0.1 on
/// rlottie's own `repro_infinite_loop.json`). Where that work runs was decided thus: a child
/// process would need a second executable that every program embedding the list ships and
/// finds (forking this multithreaded process without exec cannot run rlottie's C++ safely);
/// a thread can be abandoned. So each job runs in its own thread, at the lowest priority, and
/// owns its rlottie handle from load to destroy. When its frames are not all done within the
/// job's budget it is *refused* (``refusal``) and abandoned: if rlottie ever returns the thread
/// stops at once; if it never does, it spins at nice 19 until the process exits, and nothing
/// ever waits for it past the budget.
public final class LottieFrames: @unchecked Sendable {
  // Everything below the lock is guarded by it; the rest never changes.
  private let condition = _PthreadLock()
  private var frames: [PixelImage?]
  private var done = 0
  private var cancelled = false
  private var failure: HeaderAnimationError?
  /// Whether the job's thread has left rlottie for good, and whether it was abandoned first.
  private var threadEnded = false
  private var abandoned = false

  /// The size every frame is rendered at, pixels.
  public let width: Int
  /// The size every frame is rendered at, pixels.
  public let height: Int
  /// Frames in the animation.
  public let frameCount: Int
  /// The order frames are rendered in.
  private let order: [Int]
  /// When the job started and when it must be done (`DispatchTime` nanoseconds).
  private let deadline: UInt64
  private let seconds: Double

  init(_ animation: LottieAnimation, width: Int, height: Int, order: [Int], seconds: Double) {
    self.width = width
    self.height = height
    self.order = order
    self.seconds = seconds
    frameCount = animation.frameCount
    frames = Array(repeating: nil, count: animation.frameCount)
    deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
    let text = animation.text
    // rlottie's parser and renderer recurse with the file's nesting: a stack of 16 MB.
    let started = _startThread(name: "refresh-lottie", stackSize: 16 << 20) { [self] in run(text) }
    if !started { finish(.renderTime(frame: order.first ?? 0, of: frameCount, seconds: seconds)) }
  }

  /// Frame `index` if it has been rendered, `0xAARRGGBB` with straight alpha.
  public func frame(_ index: Int) -> PixelImage? {
    condition.lock()
    defer { condition.unlock() }
    guard frames.indices.contains(index) else { return nil }
    return frames[index]
  }

  /// The rendered frame nearest before `index` in the order frames are shown (or after it, when
  /// none before is done): what shows while `index` is still rendering.
  public func nearestFrame(to index: Int) -> PixelImage? {
    condition.lock()
    defer { condition.unlock() }
    guard !frames.isEmpty else { return nil }
    let clamped = min(max(index, 0), frames.count - 1)
    if let exact = frames[clamped] { return exact }
    for distance in 1..<frames.count {
      if clamped - distance >= 0, let frame = frames[clamped - distance] { return frame }
      if clamped + distance < frames.count, let frame = frames[clamped + distance] { return frame }
    }
    return nil
  }

  /// Whether every frame is rendered.
  public var isComplete: Bool {
    condition.lock()
    defer { condition.unlock() }
    return done == frames.count
  }

  /// Why the job was refused: a frame rlottie could not load or render, or the budget passed
  /// with frames not done (then the job is abandoned). Nil while it is on time, and once done.
  public var refusal: HeaderAnimationError? {
    condition.lock()
    defer { condition.unlock() }
    return _checkDeadline()
  }

  /// Waits until every frame is rendered or the job is refused, never past its budget: for a
  /// headless run or a test that must draw exact frames. Returns the refusal, if any.
  @discardableResult
  public func waitUntilDone() -> HeaderAnimationError? {
    condition.lock()
    defer { condition.unlock() }
    while done < frames.count {
      if let failure = _checkDeadline() { return failure }
      let left = Double(deadline &- min(deadline, DispatchTime.now().uptimeNanoseconds)) / 1e9
      condition.wait(seconds: left + 0.001)
    }
    return nil
  }

  /// Stops the job at its next frame (it is no longer needed).
  public func cancel() {
    condition.lock()
    cancelled = true
    condition.unlock()
  }

  /// Refuses the job when its budget has passed with frames not done. Called under the lock.
  private func _checkDeadline() -> HeaderAnimationError? {
    if let failure { return failure }
    guard done < frames.count, DispatchTime.now().uptimeNanoseconds >= deadline else { return nil }
    let next = order.first { frames[$0] == nil } ?? 0
    failure = .renderTime(frame: next, of: frames.count, seconds: seconds)
    cancelled = true
    if !threadEnded, !abandoned {
      abandoned = true
      Self._abandoned.add(1)
    }
    return failure
  }

  /// Render jobs refused past their budget whose thread is still inside rlottie. A process
  /// with any should end with `_exit` once its output is flushed: rlottie's static destructors
  /// join its worker threads at `exit`, and would wait for that render.
  public static var abandonedRenders: Int { _abandoned.value }

  private static let _abandoned = _Counter()

  /// The job's thread is leaving rlottie.
  private func _threadEnds() {
    condition.lock()
    threadEnded = true
    if abandoned { Self._abandoned.add(-1) }
    abandoned = false
    condition.broadcast()
    condition.unlock()
  }

  /// The job's thread: loads the file, renders the frames in order, destroys the handle.
  private func run(_ text: [UInt8]) {
    #if canImport(Glibc)
      // Linux keeps a nice value per thread, and 0 names the calling one: only this thread
      // drops, so a job that never returns takes only what the window leaves.
      setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
    defer { _threadEnds() }
    let key = Self.key(text)
    let handle = text.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { lottie_animation_from_data($0.baseAddress, key, "") }
    }
    guard let handle else {
      finish(.malformed(kind: "Lottie JSON", detail: "rlottie found no animation in it"))
      return
    }
    defer { lottie_animation_destroy(handle) }
    let total = lottie_animation_get_totalframe(handle)
    var pixels = [UInt32](repeating: 0, count: width * height)
    for index in order {
      condition.lock()
      let stop = cancelled
      condition.unlock()
      if stop { return }
      pixels.withUnsafeMutableBufferPointer { buffer in
        buffer.update(repeating: 0)
        lottie_animation_render(
          handle, min(index, max(total, 1) - 1), buffer.baseAddress, width, height, width * 4)
      }
      let image = PixelImage(width: width, height: height, pixels: Self.straightened(pixels))
      condition.lock()
      if !cancelled, frames[index] == nil {
        frames[index] = image
        done += 1
      }
      condition.broadcast()
      condition.unlock()
    }
  }

  private func finish(_ error: HeaderAnimationError) {
    condition.lock()
    if failure == nil { failure = error }
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  /// rlottie writes premultiplied alpha; SDL blends straight alpha.
  static func straightened(_ premultiplied: [UInt32]) -> [UInt32] {
    premultiplied.map { pixel in
      let alpha = pixel >> 24
      guard alpha != 0, alpha != 255 else { return pixel }
      func channel(_ shift: UInt32) -> UInt32 {
        min(255, (((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift
      }
      return alpha << 24 | channel(16) | channel(8) | channel(0)
    }
  }

  /// rlottie caches parsed files by key: the file's own hash, so two files never share one.
  static func key(_ text: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "refresh-" + String(hash, radix: 16) + "-" + String(text.count)
  }
}

/// A count shared by threads.
private final class _Counter: @unchecked Sendable {
  private let lock = _PthreadLock()
  private var count = 0

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func add(_ delta: Int) {
    lock.lock()
    count += delta
    lock.unlock()
  }
}
