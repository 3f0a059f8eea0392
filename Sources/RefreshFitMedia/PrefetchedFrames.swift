import Dispatch
import RefreshFit
import Synchronization

/// A source's frames decoded on a thread of their own, a few ahead of the reader: the tracker
/// reads a frame while the next ones are decoded and scaled. Read one after the other, a
/// phone's 60 s, 1080×2400 video kept two cores 1.3 busy while it was decoded and tracked (10
/// of its fit's 14 s in the debug build); the two at once keep them 1.65 busy.
///
/// The wrapped source is touched only by the decoding thread from the wrapper's creation on.
/// A reader that stops early (a recording found too long) lets the thread go when the wrapper
/// goes: it decodes at most `ahead` frames more.
public struct PrefetchedFrames: FrameSource {
  public let recordingWidth: Int
  public let recordingHeight: Int
  public let downscale: Int
  private let reader: _Reader

  /// Frames decoded ahead of the reader at most (each a downscaled grey frame: a few hundred
  /// kilobytes for a phone's).
  public static let ahead = 8

  /// Starts decoding `source` at once; the caller hands it over (`sending`: the compiler
  /// refuses a use of it after this).
  public init(_ source: sending any FrameSource) {
    recordingWidth = source.recordingWidth
    recordingHeight = source.recordingHeight
    downscale = source.downscale
    let queue = _FrameQueue(capacity: Self.ahead)
    reader = _Reader(queue: queue)
    let producer = _Producer(source: source, queue: queue)
    DispatchQueue.global().async { producer.run() }
  }

  public mutating func nextFrame() throws(FitError) -> GreyFrame? {
    try reader.queue.take().get()
  }
}

/// The reader's hold on the queue: when the last copy of the wrapper goes, the decoding thread
/// is told to stop.
final class _Reader: Sendable {
  let queue: _FrameQueue
  init(queue: _FrameQueue) { self.queue = queue }
  deinit { queue.stop() }
}

/// The frames between the decoding thread and the reader: a ring of `capacity` places and two
/// semaphores (free places, frames ready), ended by nil or the error the source threw.
final class _FrameQueue: @unchecked Sendable {
  // Unchecked: the decoding thread writes a place only once `free` gave it one and the reader
  // reads it only once `ready` said it was written, so no place is touched by both at once; the
  // semaphores order the two. (Not a Synchronization.Mutex around an array: on Linux its lock
  // is the standard library's own futex code, which ThreadSanitizer does not see, and every
  // hand-over was reported as a race.)
  // Both semaphores start at 0: libdispatch traps when a semaphore goes while below the value
  // it was made with, which a queue left with frames in it would be.
  private let free = DispatchSemaphore(value: 0)
  private let ready = DispatchSemaphore(value: 0)
  private let capacity: Int
  private let places: UnsafeMutablePointer<Result<GreyFrame?, FitError>?>
  /// How many items the decoding thread has put (its own).
  private var written = 0
  /// How many items the reader has taken (its own).
  private var taken = 0
  /// Set once the last item (nil or an error) was taken: the reader asks no more (its own).
  private var finished = false
  private let stopped = Atomic<Bool>(false)

  init(capacity: Int) {
    self.capacity = capacity
    places = .allocate(capacity: capacity)
    places.initialize(repeating: nil, count: capacity)
    for _ in 0..<capacity { free.signal() }
  }

  deinit {
    places.deinitialize(count: capacity)
    places.deallocate()
  }

  /// Waits for a free place; false once the reader is gone. The decoding thread's.
  func waitForPlace() -> Bool {
    free.wait()
    return !stopped.load(ordering: .acquiring)
  }

  /// Hands `item` over, into the place `waitForPlace` gave. The decoding thread's.
  func put(_ item: Result<GreyFrame?, FitError>) {
    places[written % capacity] = item
    written += 1
    ready.signal()
  }

  /// The next item, waiting for the decoding thread to hand it over; after the last, nil again.
  /// The reader's.
  func take() -> Result<GreyFrame?, FitError> {
    if finished { return .success(nil) }
    ready.wait()
    let place = taken % capacity
    let item = places[place] ?? .success(nil)
    places[place] = nil
    taken += 1
    free.signal()
    switch item {
    case .success(.some): break
    default: finished = true
    }
    return item
  }

  /// The reader is gone: the decoding thread stops at its next frame.
  func stop() {
    stopped.store(true, ordering: .releasing)
    free.signal()
  }
}

/// The decoding thread's side: reads `source` into `queue` until its end, an error, or the
/// reader's going.
final class _Producer: @unchecked Sendable {
  // Unchecked: `source` is handed over at creation and read only on the decoding thread.
  private var source: any FrameSource
  private let queue: _FrameQueue

  init(source: any FrameSource, queue: _FrameQueue) {
    self.source = source
    self.queue = queue
  }

  func run() {
    while queue.waitForPlace() {
      let item: Result<GreyFrame?, FitError>
      do throws(FitError) { item = .success(try source.nextFrame()) } catch { item = .failure(error) }
      queue.put(item)
      guard case .success(.some) = item else { return }
    }
  }
}
