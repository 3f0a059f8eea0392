import RefreshSDL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--stats`: what the frames of a run cost, printed as one line at exit for the benchmarks.
///
/// CPU time is the process's (user plus system) from the first frame on, so opening SDL and
/// the fonts is not charged to the frames. Textures and visible rows are the measured table's
/// most at any frame, the pair issue 3's bound compares. The pixels drawn, moved and handed to
/// the display and the CPU time by part (`FrameCost`) are means per frame.
@MainActor
struct RunStats {
  private(set) var frames = 0
  /// Snapshots the frames computed, over all tables: one per table per frame.
  private(set) var snapshots = 0
  private(set) var mostVisibleRows = 0
  /// Times the window's loop woke (for input, or for a frame due), and the frames it then did
  /// not draw because they would have looked exactly like the last.
  var wakeups = 0
  var framesSkipped = 0
  /// The frames' costs added up.
  private(set) var cost = FrameCost()
  private let startCPU = RunStats.processCPUSeconds()

  /// Counts `frame` of `session`, drawn on `surface`.
  mutating func frameDrawn(_ frame: FrameSnapshots, of session: ListDriver, on surface: TableCanvas) {
    frames += 1
    cost.add(surface.renderer.frameCost)
    snapshots += frame.snapshotsComputed
    let rows = surface.tableView.visibleRows(
      offset: frame.table.offset, height: surface.tableRect.height,
      rowCount: session.dataSource.rowCount)
    mostVisibleRows = max(mostVisibleRows, rows.count)
  }

  /// The line printed at exit: `key=value` pairs, so scripts can pick them apart.
  func line(surface: TableCanvas) -> String {
    let cpu = Self.processCPUSeconds() - startCPU
    let perFrame = frames > 0 ? cpu * 1000 / Double(frames) : 0
    let snapshotsPerFrame = frames > 0 ? Double(snapshots) / Double(frames) : 0
    return "frames=\(frames) cpu_seconds=\(cpu.fixed(3)) "
      + "cpu_ms_per_frame=\(perFrame.fixed(4)) "
      + "max_cached_textures=\(surface.tableView.textCache.mostHeld) "
      + "max_visible_rows=\(mostVisibleRows) renderer=\(surface.renderer.name) "
      + "snapshots_per_frame=\(snapshotsPerFrame.fixed(2)) "
      + "driver=\(VideoDriverChoice.current ?? "none") " + costFields
      + " wakeups=\(wakeups) frames_skipped=\(framesSkipped)"
  }

  /// The means per frame of what `FrameCost` counts.
  private var costFields: String {
    let count = Double(max(frames, 1))
    func pixels(_ value: Int) -> String { (Double(value) / count).fixed(0) }
    func milliseconds(_ value: Double) -> String { (value * 1000 / count).fixed(4) }
    return "pixels_drawn_per_frame=\(pixels(cost.pixelsDrawn)) "
      + "pixels_copied_per_frame=\(pixels(cost.pixelsCopied)) "
      + "pixels_presented_per_frame=\(pixels(cost.pixelsPresented)) "
      + "rows_ms_per_frame=\(milliseconds(cost.rowsSeconds)) "
      + "text_ms_per_frame=\(milliseconds(cost.textSeconds)) "
      + "header_ms_per_frame=\(milliseconds(cost.headerSeconds)) "
      + "scrollbar_ms_per_frame=\(milliseconds(cost.scrollbarSeconds)) "
      + "present_ms_per_frame=\(milliseconds(cost.presentSeconds))"
  }

  /// User plus system CPU time of this process so far, seconds.
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      let who = RUSAGE_SELF.rawValue
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
