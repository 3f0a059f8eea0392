import RefreshCore

/// Which frame of an animated header shows, from the snapshot alone, as MJRefreshGifHeader
/// picks it: while pulling, frame ⌊count × progress⌋ of the pull frames (clamped to the last);
/// while refreshing, the refresh frames loop at their own delays from the refresh's start.
public struct HeaderAnimationTimeline: Sendable, Equatable {
  /// Frames shown while pulling, in order of progress.
  public var pullFrames: Range<Int>
  /// Frames looped while refreshing.
  public var refreshFrames: Range<Int>
  /// Each frame's delay, seconds, indexed by frame.
  public var delays: [Double]

  /// A timeline over frames whose delays are `delays`.
  public init(pullFrames: Range<Int>, refreshFrames: Range<Int>, delays: [Double]) {
    self.pullFrames = pullFrames
    self.refreshFrames = refreshFrames
    self.delays = delays
  }

  /// The frame to show for `snapshot`.
  public func frame(for snapshot: RefreshSnapshot) -> Int {
    switch snapshot.header {
    case .refreshing:
      return loopFrame(at: snapshot.time - (snapshot.refreshingSince ?? snapshot.time))
    case .idle, .pulling, .armed, .finishing, .twoLevel:
      return pullFrame(progress: snapshot.headerProgress)
    }
  }

  /// The pull frame for `progress` (0…1).
  public func pullFrame(progress: Double) -> Int {
    let count = pullFrames.count
    guard count > 0 else { return 0 }
    let step = progress.isFinite ? Int((Double(count) * min(max(progress, 0), 1)).rounded(.down)) : 0
    return pullFrames.lowerBound + min(step, count - 1)
  }

  /// The refresh frame `elapsed` seconds into the loop.
  public func loopFrame(at elapsed: Double) -> Int {
    let frames = refreshFrames.clamped(to: 0..<delays.count)
    var period = 0.0
    for frame in frames { period += delays[frame] }
    guard !frames.isEmpty, period > 0, elapsed.isFinite else { return refreshFrames.lowerBound }
    var t = max(0, elapsed).truncatingRemainder(dividingBy: period)
    for frame in frames {
      if t < delays[frame] { return frame }
      t -= delays[frame]
    }
    return frames.lowerBound
  }
}
