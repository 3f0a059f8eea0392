import RefreshCore

/// The timeline of the last gesture: every frame of the run since the last take or replay
/// started (the newest `capacity` of them), and the frame the person stepped to with `[` and
/// `]`, which the window shows instead of the live one until they step past the newest frame
/// or touch the list.
///
/// Frames are kept as drawn (`FrameSnapshots`), so the list shown at a stepped-to frame is
/// exactly the one that was on screen then, and its offset the one the trace wrote for it.
struct Scrubber {
  /// The run's frames, oldest first.
  private(set) var frames: RingBuffer<FrameSnapshots>
  /// The frame shown instead of the live one; nil while the window shows the live list.
  private(set) var position: Int?

  /// Frames kept: twenty seconds at 60 Hz, ten at 120 Hz.
  static let capacity = 1200
  /// Frames either side of the shown one whose edges the onion skin draws.
  static let onionReach = 3

  init(capacity: Int = Self.capacity) {
    frames = RingBuffer(capacity: capacity)
  }

  /// Whether a stepped-to frame is shown.
  var isScrubbing: Bool { position != nil }

  /// The frame to show, nil for the live one.
  var shown: FrameSnapshots? { position.map { frames[$0] } }

  /// Keeps the live frame `frame`; while a frame is stepped to, the run stays as it was.
  mutating func keep(_ frame: FrameSnapshots) {
    guard position == nil else { return }
    frames.append(frame)
  }

  /// A new run starts (a take or a replay): the old one's frames go, the live list shows.
  mutating func startRun() {
    frames.removeAll()
    position = nil
  }

  /// Back to the live list, keeping the run.
  mutating func leave() {
    position = nil
  }

  /// Steps `count` frames (negative: back). From the live list a step back lands on the newest
  /// frame less `count + 1`, i.e. one step back shows the frame before the newest; a step
  /// forward past the newest frame goes back to the live list. Stops at the oldest frame.
  mutating func step(by count: Int) {
    guard !frames.isEmpty, count != 0 else { return }
    let from = position ?? frames.count
    let to = from + count
    position = to >= frames.count ? nil : max(0, to)
  }

  /// The shown frame's neighbours within `onionReach` either side, with how far each is from
  /// it (−3…3, never 0): what the onion skin draws faintly.
  var onion: [(distance: Int, frame: FrameSnapshots)] {
    guard let position else { return [] }
    let reach = Self.onionReach
    return (max(0, position - reach)...min(frames.count - 1, position + reach))
      .filter { $0 != position }
      .map { ($0 - position, frames[$0]) }
  }

  /// Window y of the two edges the onion skin draws for `snapshot` of a table whose viewport's
  /// top is at `top`: the header's bottom edge (the bar riding above row 0, or Material's badge
  /// pulled down over the rows; nil without a header) and the content's, row 0's top edge.
  static func edges(of snapshot: RefreshSnapshot, top: Double) -> (header: Double?, content: Double) {
    let content = top - snapshot.offset
    guard snapshot.headerHeight > 0 else { return (nil, content) }
    if snapshot.headerStyle == .overlay {
      return (top + snapshot.baselineInset.top + snapshot.headerTravel, content)
    }
    return (top + snapshot.headerY + snapshot.headerHeight - snapshot.offset, content)
  }

  /// Where the shown frame is, for the strip under the list: "frame 12 of 84 · 0.183 s after
  /// the first".
  var caption: String? {
    guard let position, let first = frames.first else { return nil }
    let seconds = frames[position].time - first.time
    return "frame \(position + 1) of \(frames.count) · \(PanelFormat.number(seconds, step: 0.001)) s · "
      + "offset \(PanelFormat.number(frames[position].table.offset, step: 0.1)) pt · [ ] step, Shift ×10"
  }
}
