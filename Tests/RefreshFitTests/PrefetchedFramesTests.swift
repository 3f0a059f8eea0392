import Dispatch
import RefreshFit
import RefreshFitMedia
import Synchronization
import Testing

/// `PrefetchedFrames` hands a source's frames over from a decoding thread: every frame in
/// order, the source's error where it threw, and no decoding left running once the reader is
/// gone.
@Suite struct PrefetchedFramesTests {
  /// How many frames a source was asked for, from any thread.
  final class Reads: Sendable {
    let count = Atomic<Int>(0)
  }

  /// Frames 0, 1, … of one grey each, `count` of them, then nil, or `failure` in their place;
  /// counts its reads and says when it is released.
  final class CountingSource: FrameSource, @unchecked Sendable {
    // Unchecked: read on one thread at a time (the wrapper's decoding thread).
    let count: Int
    let failure: FitError?
    let reads: Reads
    let released: DispatchSemaphore
    var next = 0
    var recordingWidth: Int { 4 }
    var recordingHeight: Int { 3 }
    var downscale: Int { 1 }

    init(
      count: Int, failure: FitError? = nil, reads: Reads = Reads(),
      released: DispatchSemaphore = DispatchSemaphore(value: 0)
    ) {
      self.count = count
      self.reads = reads
      self.failure = failure
      self.released = released
    }

    deinit { released.signal() }

    func nextFrame() throws(FitError) -> GreyFrame? {
      reads.count.add(1, ordering: .relaxed)
      guard next < count else {
        if let failure { throw failure }
        return nil
      }
      defer { next += 1 }
      return GreyFrame(
        time: Double(next) / 10, width: 4, height: 3, pixels: [UInt8](repeating: UInt8(next % 256), count: 12)
      )
    }
  }

  @Test func everyFrameArrivesInOrderThenTheEndStaysTheEnd() throws {
    var frames = PrefetchedFrames(CountingSource(count: 50))
    #expect((frames.recordingWidth, frames.recordingHeight, frames.downscale) == (4, 3, 1))
    var greys: [UInt8] = []
    while let frame = try frames.nextFrame() { greys.append(frame.pixels[0]) }
    #expect(greys == (0..<50).map { UInt8($0) })
    #expect(try frames.nextFrame() == nil)
  }

  @Test func theSourcesErrorArrivesWhereItThrew() {
    var frames = PrefetchedFrames(
      CountingSource(count: 3, failure: .unreadable("its video is corrupt at frame 4")))
    var taken = 0
    #expect(throws: FitError.unreadable("its video is corrupt at frame 4")) {
      while try frames.nextFrame() != nil { taken += 1 }
    }
    #expect(taken == 3)
  }

  @Test func aReaderThatStopsEarlyStopsTheDecoding() {
    let released = DispatchSemaphore(value: 0)
    let reads = Reads()
    do {
      var frames = PrefetchedFrames(CountingSource(count: 10_000, reads: reads, released: released))
      for _ in 0..<5 { _ = try? frames.nextFrame() }
    }
    // The decoding thread holds the source until it stops.
    let stopped = released.wait(timeout: .now() + 30) == .success
    #expect(stopped, "the decoding thread did not let the source go within 30 s of the reader's going")
    #expect(reads.count.load(ordering: .relaxed) <= 5 + PrefetchedFrames.ahead + 1)
  }
}
