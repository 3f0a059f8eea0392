import RefreshCore

/// What one frame shows, computed once after the tables stepped to the frame's time: the
/// drawing, the frame-skip test, the trace, the plot and `--stats` all read these snapshots, so a
/// frame never asks the core for the same snapshot twice.
struct FrameSnapshots {
  /// Session time of the frame.
  let time: Double
  /// The measured table.
  let table: RefreshSnapshot
  /// The compared table, when there is one.
  let compared: RefreshSnapshot?

  /// The frame of `session` (and the compared `companion`) at `time`, which both stepped to.
  init(_ session: ListDriver, companion: ListDriver?, at time: Double) {
    self.time = time
    table = session.controller.snapshot
    compared = companion?.controller.snapshot
  }

  /// Snapshots this frame computed: one per table, the figure `--stats` reports per frame.
  var snapshotsComputed: Int { compared == nil ? 1 : 2 }
}
