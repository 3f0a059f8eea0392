/// Follows a recording's list: finds the region that moves (unless given), then the content's
/// vertical offset in every frame, matched against a reference frame near the prediction from
/// the frames before, so a list of look-alike rows is followed rather than confused.
///
/// Where the content stays still but something moves over it (Material's badge), the offset is
/// the indicator's instead, and the track says so.
public struct RecordingTracker: Sendable {
  /// The list's region, recording pixels; nil finds it.
  public var region: PixelRegion?
  /// Recording pixels per point.
  public var scale: Double
  /// Frames per second to time the frames by, overriding the recording's own times.
  public var fps: Double?
  /// Whether `scale` is only assumed (no flag gave it): a touch disc is then sought no larger
  /// than a screen as wide as the frames at `screenWidth` points would draw it.
  public var scaleAssumed: Bool

  public init(region: PixelRegion? = nil, scale: Double = 1, fps: Double? = nil, scaleAssumed: Bool = false) {
    self.region = region
    self.scale = scale
    self.fps = fps
    self.scaleAssumed = scaleAssumed
  }

  /// The width, points, of the screens recordings show (most Android phones', the lab's window):
  /// frames narrower than that many pixels draw a point smaller than a pixel.
  static let screenWidth = 360.0

  /// How far apart, rows, the reference and the frame before may place a frame and still agree
  /// (about the sub-row refinement's own error): the reference is kept then. At half a row,
  /// SmartRefreshLayout's dropbox demo kept a reference too long and its release read 0.415 s
  /// against 0.34 measured.
  static let agreeing = 0.12
  /// How far, rows, the content may move between two frames and count as held there (the
  /// frame before may then take over as the reference): a list settling moves more.
  static let held = 0.1
  /// The downscale from which a tracked row is refined against the reference interpolated
  /// between rows (`_OffsetMatcher.interpolated`), and the frame before takes over only where
  /// the content is held or the two place the frame apart. A video of a phone's screen
  /// (1080×2400, tracked at a fifth, 0.6 row a point) moves by fractions of a row in nearly
  /// every frame, where the parabola through whole rows' costs reads up to 0.35 row off; the
  /// demo GIFs (2 or 3 pixels a row) keep the parabola and the frame before, on which their
  /// measured holds and durations were matched (smartrefreshlayout-classics' and bezierradar's
  /// releases, and easyrefresh-bezier-hourglass's preset, went wrong with either change).
  static let interpolatedFrom = 4
  /// Matches below this confidence are gaps.
  static let trusted = 0.55
  /// A grey-level change that counts as movement (of 255), above compression noise.
  static let moved: Float = 10

  /// Reads every frame of `source` once and returns the track.
  public func track<Source: FrameSource>(_ source: inout Source) throws(FitError) -> Track {
    guard let first = try source.nextFrame() else { throw .noFrames }
    let down = source.downscale
    let columns: Range<Int>
    let rows: Range<Int>
    if let region {
      guard region.x + region.width <= source.recordingWidth,
        region.y + region.height <= source.recordingHeight
      else {
        throw .badRegion(
          "--region \(region.x),\(region.y),\(region.width),\(region.height) reaches outside the "
            + "\(source.recordingWidth)×\(source.recordingHeight) frames; give one inside them")
      }
      columns =
        (region.x / down)..<min(first.width, max(region.x / down + 1, (region.x + region.width) / down))
      rows =
        (region.y / down)..<min(first.height, max(region.y / down + 1, (region.y + region.height) / down))
    } else {
      columns = 0..<first.width
      rows = 0..<first.height
    }
    var stack = _ProfileStack(columns: columns, rows: rows)
    // Where the scale is only assumed, frames narrower than a screen's width in points draw the
    // touch disc (44 pt) smaller than 44 px: the lab's capture scaled to half, its disc 22 px
    // across in frames 180 px wide, showed no touch to a finder that sought 44 px, and its
    // scroll at 15 fps (19 px a frame over rows 22 px apart) was followed without one, 80 px
    // off. There the disc is sought as such a screen draws it.
    let discScale =
      scaleAssumed ? min(scale, Double(source.recordingWidth) / Self.screenWidth) : scale
    let fingers = _FingerFinder(columns: columns, rows: rows, downscale: down, scale: discScale)
    var fingerRows: [Double?] = []
    var fingerDots: [(x: Double, y: Double)?] = []
    // The middle of the list's upper part, kept whole per frame (a few kilobytes): where
    // Material's badge is pulled down over still content, too small a mark in the band means.
    let strip = _Strip(columns: columns, rows: rows)
    var strips: [[UInt8]] = []
    var frame: GreyFrame? = first
    while let current = frame {
      guard stack.profiles.count < FitLimits.maximumFrames else {
        throw .tooLong(seconds: current.time, limit: FitLimits.maximumDuration)
      }
      guard current.width == first.width, current.height == first.height else {
        throw .unreadable(
          "its frames change size (\(first.width)×\(first.height), then \(current.width)×\(current.height))")
      }
      let finger = fingers.find(in: current)
      stack.append(current, hiding: finger, radius: Double(fingers.diameter) / 2 + 1)
      fingerRows.append(finger?.y)
      fingerDots.append(finger)
      strips.append(strip.cut(current))
      frame = try source.nextFrame()
    }
    let times = fps.map { fps in stack.times.indices.map { Double($0) / fps } } ?? stack.times
    guard let span = times.last, span <= FitLimits.maximumDuration else {
      throw .tooLong(seconds: times.last ?? 0, limit: FitLimits.maximumDuration)
    }

    guard var moving = Self.movingPart(stack, given: region != nil) else { throw .noList }
    func matching(_ moving: _Moving) -> _OffsetMatcher {
      _OffsetMatcher(
        rows: moving.rows, bands: moving.bands, stride: stack.rows,
        interpolated: down >= Self.interpolatedFrom)
    }
    var matcher = matching(moving)
    // A dot found throughout is part of the picture, not a touch (`pictured`).
    if Self.pictured(fingerRows) {
      fingerRows = fingerRows.map { _ in nil }
      fingerDots = fingerDots.map { _ in nil }
    }
    // Where the recording shows a finger at all (a touch disc, a pressed pointer's ring), what
    // the finger did bounds what the list did.
    var fingersShown = Self.touches(fingerRows, times: times) ? fingerRows : nil
    var followed = Self.follow(
      stack.profiles, matcher, fingers: fingersShown, pointsPerRow: Double(down) / scale)
    // A finger that drags the list lies on its content, below the content's top (it moves
    // further than the content it pulls); a dot in the band a pull opens between the list's top
    // and the content's (its centre below the one, all of it above the other) is the header's
    // own drawing (a refresh indicator's round badge), not a drag. Such dots are dropped, judged
    // by the following (a badge lies a whole band above the content, more than a following
    // bounded by it errs), and the list followed again without them, until none is left (a frame
    // the following lost keeps its dot until a following places it). Offsets count from the
    // first frame, which the fitter takes for rest where the recording begins still: a recording
    // that begins scrolled and is pulled from the top reads its band too deep here as everywhere.
    // A touch that grabs the header's band itself (the list can be dragged from there on iOS) is
    // left out with the badges: a drag from the list is what the demos show.
    let listRow = Double(stack.firstRow + moving.rows.lowerBound)
    let radius = Double(fingers.diameter) / 2
    for _ in 0..<Self.badgePasses where fingersShown != nil {
      var dropped = false
      for k in fingerRows.indices {
        guard let row = fingerRows[k], let shift = followed[k].shift,
          row >= listRow, row + radius < listRow + shift
        else { continue }
        fingerRows[k] = nil
        fingerDots[k] = nil
        dropped = true
      }
      guard dropped else { break }
      fingersShown = Self.touches(fingerRows, times: times) ? fingerRows : nil
      followed = Self.follow(
        stack.profiles, matcher, fingers: fingersShown, pointsPerRow: Double(down) / scale)
    }
    let bounded = fingersShown.map { rows in
      rows.indices.map { $0 > 0 && rows[$0] != nil && rows[$0 - 1] != nil }
    }
    followed = Self.unslipped(
      followed, stack.profiles, matcher, times: times, pointsPerRow: Double(down) / scale,
      bounded: bounded ?? [])
    var shifts = Self.restAfterLoss(followed, stack.profiles, matcher)
    var followsIndicator = false
    let pointsPerRow = Double(down) / scale
    let largest = shifts.compactMap { $0.shift.map(abs) }.max() ?? 0
    if largest * pointsPerRow < 1.5 {
      followsIndicator = true
      if moving.bridged != moving.rows {
        moving.rows = moving.bridged
        moving.bands = moving.bridgedBands
        matcher = matching(moving)
      }
      shifts = Self.indicator(
        stack.profiles, matcher, strips: strips, strip: strip, bandCount: stack.bandColumns.count,
        fingers: fingerDots, fingerRadius: Double(fingers.diameter) / 2 + 2)
    }
    let foundRegion =
      region
      ?? PixelRegion(
        x: (stack.bandColumns[moving.bands.first ?? 0].lowerBound) * down,
        y: (stack.firstRow + moving.rows.lowerBound) * down,
        width: (stack.bandColumns[moving.bands.last ?? 0].upperBound
          - stack.bandColumns[moving.bands.first ?? 0].lowerBound) * down,
        height: moving.rows.count * down)
    let listTop = Double(foundRegion.y) / Double(down)
    func points(_ shifts: [_Shift]) -> [TrackPoint] {
      let changes = Self.headerChanges(
        stack.profiles, rows: stack.rows, shifts: shifts, listRow: foundRegion.y / down - stack.firstRow)
      var points: [TrackPoint] = []
      for (k, s) in shifts.enumerated() {
        let finger = fingerRows[k].map { ($0 - listTop) * pointsPerRow }
        points.append(
          TrackPoint(
            t: times[k], offset: s.shift.map { $0 * pointsPerRow }, finger: finger,
            confidence: s.confidence, headerChange: changes[k]))
      }
      return points
    }
    let content = points(shifts)
    let band = content.compactMap(\.offset).max() ?? 0
    var track = Track(
      points: content, region: foundRegion, scale: scale, followsIndicator: followsIndicator,
      headerBand: max(0, band))
    // Content that stands still at rest for a second or more between its moves (a list
    // scrolled up after its refresh to load more, or scrolled down and back to the top before
    // it) may have had an indicator pulled over it meanwhile (EasyRefresh's Material header):
    // those spans followed as the indicator, in a track of its own that the fit takes where the
    // content's shows no refresh. Only at rest (within 1.5 pt: a pull that meets the list's last
    // pixel of a scroll back starts the badge at once, and within the contract's 0.5 pt the span
    // began with the badge already out, read as 8 pt where it held 65): an indicator is pulled
    // from a list's top.
    if !followsIndicator {
      let rest = PhaseSplitter.restLevel(track) / pointsPerRow
      var over = shifts
      var spans: [ClosedRange<Double>] = []
      for span in Self.stillSpans(
        shifts, times: times, at: rest, within: 1.5 / pointsPerRow)
      {
        let found = Self.indicator(
          Array(stack.profiles[span]), matcher, strips: Array(strips[span]), strip: strip,
          bandCount: stack.bandColumns.count, fingers: Array(fingerDots[span]),
          fingerRadius: Double(fingers.diameter) / 2 + 2)
        guard (found.compactMap(\.shift).max() ?? 0) * pointsPerRow >= 1.5 else { continue }
        // The indicator's rows count from the list's top; the content's from the first frame.
        over.replaceSubrange(
          span, with: found.map { _Shift(shift: $0.shift.map { $0 + rest }, confidence: $0.confidence) })
        spans.append(
          times[
            span.lowerBound]...(span.upperBound < times.count
            ? times[span.upperBound] : times[span.upperBound - 1]))
      }
      if !spans.isEmpty {
        track.indicatorOver = points(over)
        track.indicatorSpans = spans
      }
    }
    return track
  }

  /// The most times `track` drops dots in the band a pull opens and follows the list again.
  static let badgePasses = 3

  /// How long, seconds, content must stand still at rest for an indicator over it to be sought
  /// (`Track.indicatorOver`): a pull, a hold and a collapse take about as long.
  static let stillFor = 1.0

  /// The runs of frames whose content lies within `within` rows of `at` (the rest) and lasts
  /// `stillFor` seconds or more as shown (until the next frame replaces its last). A span's end
  /// (`Track.indicatorSpans`) is that next frame's time, or the last frame's at the end.
  static func stillSpans(_ shifts: [_Shift], times: [Double], at rest: Double, within: Double) -> [Range<Int>]
  {
    var spans: [Range<Int>] = []
    var k = 0
    while k < shifts.count {
      guard let s = shifts[k].shift, abs(s - rest) <= within else {
        k += 1
        continue
      }
      var end = k + 1
      while end < shifts.count, let next = shifts[end].shift, abs(next - rest) <= within { end += 1 }
      let until = end < times.count ? times[end] : times[end - 1]
      if until - times[k] >= stillFor { spans.append(k..<end) }
      k = end
    }
    return spans
  }

  /// In every frame, how much the header's band changed since the frame before (grey levels,
  /// the largest change of a row's mean in any column band), where the content (or the
  /// indicator) stood still over both frames: the rows between the list's top (`listRow`, rows
  /// into the profiles) and the content, a row in from each. Nil where it moved, was lost or
  /// shows under three rows of band.
  static func headerChanges(_ profiles: [[Float]], rows: Int, shifts: [_Shift], listRow: Int) -> [Double?] {
    guard let first = profiles.first, rows > 0 else { return [] }
    var out: [Double?] = [nil]
    let bands = first.count / rows
    for k in profiles.indices.dropFirst() {
      guard let a = shifts[k - 1].shift, let b = shifts[k].shift, abs(a - b) <= 0.25 else {
        out.append(nil)
        continue
      }
      let lo = max(0, listRow + 1)
      let hi = min(rows, listRow + Int(min(a, b).rounded(.down)) - 1)
      guard hi - lo >= 3 else {
        out.append(nil)
        continue
      }
      var largest: Float = 0
      for band in 0..<bands {
        for y in lo..<hi {
          let d = abs(profiles[k][band * rows + y] - profiles[k - 1][band * rows + y])
          if !d.isNaN { largest = max(largest, d) }
        }
      }
      out.append(Double(largest))
    }
    return out
  }

  struct _Moving {
    var rows: Range<Int>
    var bands: [Int]
    /// The rows before the bars at either end were left out (`trimmed`, `slid`): where the
    /// content never moves, nothing slid to tell a bar from the list, and the indicator is
    /// followed over them all. (Not over still spans of content that moves elsewhere: there a
    /// menu over a bar was read as a badge, RecyclerRefreshLayout's no-data demo.)
    var bridged: Range<Int>
    var bridgedBands: [Int]
  }

  /// The rows and bands in which the picture changes over the recording: the list. The longest
  /// run of changing rows, bridging still gaps (the blank between a row's lines) of up to a
  /// tenth of the frame; a status bar's clock a long way above it is left out.
  static func movingPart(_ stack: _ProfileStack, given: Bool) -> _Moving? {
    let bandCount = stack.bandColumns.count
    guard let reference = stack.profiles.first else { return nil }
    var change = [Float](repeating: 0, count: bandCount * stack.rows)
    // The time each row first differs from the first frame in some band (infinity: never).
    var firstChange = [Double](repeating: .infinity, count: stack.rows)
    for (profile, time) in zip(stack.profiles, stack.times).dropFirst() {
      // Band after band, each its rows top to bottom: `y` is element `i`'s row.
      var y = 0
      for i in profile.indices {
        let d = abs(profile[i] - reference[i])
        change[i] = max(change[i], d)
        if d > moved && time < firstChange[y] { firstChange[y] = time }
        y = y + 1 == stack.rows ? 0 : y + 1
      }
    }
    var rowMoves = [Bool](repeating: false, count: stack.rows)
    for y in 0..<stack.rows {
      rowMoves[y] = (0..<bandCount).contains { change[$0 * stack.rows + y] > moved }
    }
    if given {
      let bands = (0..<bandCount).filter { b in
        (0..<stack.rows).contains { change[b * stack.rows + $0] > moved }
      }
      return bands.isEmpty
        ? nil : _Moving(rows: 0..<stack.rows, bands: bands, bridged: 0..<stack.rows, bridgedBands: bands)
    }
    let bridge = max(4, stack.rows / 10)
    var best: Range<Int>? = nil
    var start: Int? = nil
    var lastMoving = -1
    for y in 0...stack.rows {
      let moves = y < stack.rows && rowMoves[y]
      if moves {
        if start == nil || y - lastMoving > bridge {
          if let s = start, lastMoving >= s, (best?.count ?? 0) < lastMoving + 1 - s {
            best = s..<(lastMoving + 1)
          }
          start = y
        }
        lastMoving = y
      }
    }
    if let s = start, lastMoving >= s, (best?.count ?? 0) < lastMoving + 1 - s { best = s..<(lastMoving + 1) }
    guard let bridged = best, bridged.count >= 16 else { return nil }
    let rows = pinned(
      slid(trimmed(bridged, moving: rowMoves, gap: bridge / 2), stack), stack, firstChange: firstChange)
    // The bands that change in a twentieth of the rows or more.
    func bands(_ rows: Range<Int>) -> [Int] {
      (0..<bandCount).filter { b in
        rows.filter { change[b * stack.rows + $0] > moved }.count * 20 >= rows.count
      }
    }
    let found = bands(rows)
    return found.isEmpty
      ? nil : _Moving(rows: rows, bands: found, bridged: bridged, bridgedBands: bands(bridged))
  }

  /// `rows` (a run of changing rows, still gaps bridged) without a changing piece at either end
  /// that is shorter than a third of the still gap that parts it from the rest, where that gap
  /// is `least` rows or more: a status bar's digits over a toolbar that never changes are no
  /// part of the list. Bridged in, the toolbar's still rows matched every frame best unmoved,
  /// and EasyRefresh's demo, pulled 140 px and held, was followed within 26 px of rest
  /// throughout. The list's own rows change all along a pull, the blank between them shorter
  /// than the rows' lines. Unchanged where under 16 rows would be left.
  static func trimmed(_ rows: Range<Int>, moving: [Bool], gap least: Int) -> Range<Int> {
    // The runs of changing rows within `rows`, top to bottom.
    var pieces: [Range<Int>] = []
    var start: Int? = nil
    for y in rows.lowerBound...rows.upperBound {
      let moves = y < rows.upperBound && moving[y]
      if moves, start == nil { start = y }
      if !moves, let s = start {
        pieces.append(s..<y)
        start = nil
      }
    }
    // Whether `piece` is parted from its neighbour by a gap long enough to leave it out.
    func parted(_ piece: Range<Int>, from neighbour: Range<Int>) -> Bool {
      let gap = max(neighbour.lowerBound - piece.upperBound, piece.lowerBound - neighbour.upperBound)
      return gap >= least && piece.count * 3 < gap
    }
    while pieces.count > 1, parted(pieces[0], from: pieces[1]) { pieces.removeFirst() }
    while pieces.count > 1, parted(pieces[pieces.count - 1], from: pieces[pieces.count - 2]) {
      pieces.removeLast()
    }
    guard let first = pieces.first, let last = pieces.last, last.upperBound - first.lowerBound >= 16 else {
      return rows
    }
    return first.lowerBound..<last.upperBound
  }

  /// `rows` without the rows at either end that only ever change in place: a menu or a dialog
  /// drawn for a moment over a toolbar pinned above the list made the toolbar "change", and its
  /// still rows, bridged in, outvoted the list in every match (RecyclerRefreshLayout's and
  /// PullRefreshLayout's demos open their overflow menus: their pulls were followed within a
  /// pixel of rest). A list's row changes by moving (`slides`). Only a band of max(8, a
  /// twentieth of the rows) or more goes, so the list's own first rows, which a header drawn
  /// over them may change in place, stay; and no more than a quarter of the rows at either end.
  static func slid(_ rows: Range<Int>, _ stack: _ProfileStack) -> Range<Int> {
    let least = max(8, rows.count / 20)
    let most = rows.count / 4
    guard most >= least else { return rows }
    var lo = rows.lowerBound
    while lo - rows.lowerBound <= most, !slides(lo, stack) { lo += 1 }
    var hi = rows.upperBound
    while rows.upperBound - hi <= most, !slides(hi - 1, stack) { hi -= 1 }
    if lo - rows.lowerBound < least || lo - rows.lowerBound > most { lo = rows.lowerBound }
    if rows.upperBound - hi < least || rows.upperBound - hi > most { hi = rows.upperBound }
    return lo..<hi
  }

  /// `rows` without a band at its top that the first frame shows something in (a toolbar, a
  /// page's own heading bar) and that stays exactly as it was for `pinnedFor` seconds or more
  /// after the list below began to move (a tenth of the rows changed): a bar pinned over the
  /// list, which moves later if at all (a web page scrolled at the end hides its bars with the
  /// address bar). Its edges, matched in place, outvote a list of a few lines of text on a blank
  /// page: the jiangfengming/pull-to-refresh demo's Material page was followed within a pixel of
  /// rest through its 69 px pull (held at 53), its bars 100 rows over three lines of text, and an
  /// indicator was sought instead. A list's own first rows change as soon as it moves (the
  /// content slides, the header is uncovered), and blank padding above them shows nothing in the
  /// first frame. Between `least` rows and `pinnedShare` of the rows, as `slid` leaves.
  /// `firstChange` is the time each profile row first differs from the first frame
  /// (`movingPart`'s, infinity where it never does).
  static func pinned(_ rows: Range<Int>, _ stack: _ProfileStack, firstChange: [Double]) -> Range<Int> {
    let least = max(8, rows.count / 20)
    guard let first = stack.profiles.first, rows.count >= 2 * least else { return rows }
    let bands = stack.bandColumns.count
    let changes = Array(firstChange[rows])
    let known = changes.filter(\.isFinite).sorted()
    guard known.count >= rows.count / 10, rows.count / 10 >= 1 else { return rows }
    let moving = known[rows.count / 10 - 1]
    var cut = 0
    while cut < changes.count, changes[cut] >= moving + pinnedFor { cut += 1 }
    guard cut >= least, Double(cut) <= Double(rows.count) * pinnedShare else { return rows }
    // Something drawn in the band in the first frame: two neighbouring rows of a band apart.
    let drawn = (rows.lowerBound..<(rows.lowerBound + cut - 1)).contains { y in
      (0..<bands).contains { b in abs(first[b * stack.rows + y + 1] - first[b * stack.rows + y]) > 2 * moved }
    }
    return drawn ? (rows.lowerBound + cut)..<rows.upperBound : rows
  }
  /// How long, seconds, a band at the list's top must stay as it was after the list began to
  /// move to be a bar pinned over it (`pinned`): longer than a pull takes to uncover a header.
  static let pinnedFor = 1.0
  /// The most of the region's rows `pinned` leaves out.
  static let pinnedShare = 0.4

  /// Whether row `y` changes by moving: in some frame, the five rows around it match the frame
  /// before shifted (by up to a quarter of the profile's rows) four times better than in place,
  /// and within `moved`'s noise. Sought in the `slideFrames` frames where the rows changed in
  /// place the most, so a bar that changes in every frame (a ticker, a clock) costs no more
  /// than one that changes once.
  static func slides(_ y: Int, _ stack: _ProfileStack) -> Bool {
    let rowCount = stack.rows
    let bands = stack.bandColumns.count
    let reach = max(8, rowCount / 4)
    let noise = moved * moved / 4
    let block = max(0, y - 2)..<min(rowCount, y + 3)
    // The mean squared change of the block in frame `k` against the frame before shown `s`
    // rows lower; nil where under half of it is compared.
    func cost(_ k: Int, _ s: Int) -> Float? {
      let now = stack.profiles[k]
      let before = stack.profiles[k - 1]
      let lo = max(block.lowerBound, s)
      let hi = min(block.upperBound, rowCount + s)
      var sum: Float = 0
      var n = 0
      var b = 0
      while b < bands {
        var r = lo
        while r < hi {
          let d = now[b * rowCount + r] - before[b * rowCount + r - s]
          if !d.isNaN {
            sum += min(d * d, _OffsetMatcher.outlier)
            n += 1
          }
          r += 1
        }
        b += 1
      }
      return n * 2 >= block.count * bands ? sum / Float(n) : nil
    }
    let changed = stack.profiles.indices.dropFirst().compactMap { k in
      cost(k, 0).flatMap { $0 > noise ? (frame: k, still: $0) : nil }
    }
    for (k, still) in changed.sorted(by: { $0.still > $1.still }).prefix(slideFrames) {
      for s in -reach...reach where s != 0 {
        if let c = cost(k, s), c * 4 < still, c < noise { return true }
      }
    }
    return false
  }
  static let slideFrames = 24

  struct _Shift {
    var shift: Double?
    var confidence: Double
  }

  /// The content's shift in every frame, rows, against a reference frame that is replaced when
  /// the content has moved far from it or changed (rows loaded by the refresh).
  ///
  /// `fingers`, where the recording shows a finger at all, is the finger's row in each frame
  /// (nil where none shows). Then the list never jumps: on its own (a fling, a spring, a bounce)
  /// its speed changes little from a frame to the next; under a finger it moves the finger's way
  /// no further than the finger did; where the finger lands it moves about as far as the
  /// finger's next motion. So the match is sought only there, `fingerWindow` beyond. Without
  /// that, a capture of the lab's window was followed a look-alike row off (44 to 62 pt in a
  /// frame) where its status line faded out as the list settled and where the touch disc
  /// appeared. (The frames no finger bounds are weighed for slips afterwards, `unslipped`.)
  static func follow(
    _ profiles: [[Float]], _ matcher: _OffsetMatcher, fingers: [Double?]? = nil, pointsPerRow: Double = 1
  ) -> [_Shift] {
    var result: [_Shift] = [_Shift(shift: 0, confidence: 1)]
    var reference = 0
    var referenceShift = 0.0
    var spread = matcher.spread(profiles[0])
    let firstSpread = spread
    var last = 0.0
    // The reach of a match around a finger's prediction, or of the first frame around a
    // placing, rows (`fingerWindow`).
    let reach = max(2, Int((fingerWindow / pointsPerRow).rounded(.up)))
    var velocity = 0.0
    let limit = Double(matcher.rows.count) * 0.35
    // Whether the frames since the last placed by a match changed in place (`inPlace`).
    var changedInPlace = false
    // The frame where the content last stood still away from rest, and its placing, until it
    // comes back to rest or moves further out: a collapse's first rows are placed against it
    // (`topPlacing`).
    var stood: (frame: Int, shift: Double)? = nil
    // How far the finger found in frame `k` moves next: to the first of the next few frames
    // that shows it elsewhere, by more than a row (a 30 fps capture resampled to 60 shows each
    // picture twice, re-encoded no longer alike), or not at all where it stays; nothing where
    // the next frame shows no finger (a dot in one frame alone is no touch to bound by: two demo
    // recordings, their lists pulled fast, were held to a grey dot in one frame and read a row
    // off).
    func nextMotion(after k: Int, _ fingers: [Double?]) -> Double? {
      guard let now = fingers[k] else { return nil }
      var moved: Double? = nil
      for j in k + 1..<min(profiles.count, k + 4) {
        guard let then = fingers[j] else { break }
        moved = then - now
        if abs(then - now) > 1 { break }
      }
      return moved
    }
    for k in profiles.indices.dropFirst() {
      // A frame repeated (a 30 fps capture resampled to 60, a recorder's duplicate) is where the
      // frame before was, whatever its matches would say: read afresh against an older
      // reference, every other frame of a resampled capture's hold came out 2 pt off the one
      // before. Its speed is kept: a repeat is no stop.
      if let previous = result[k - 1].shift, repeats(profiles[k], profiles[k - 1], matcher) {
        result.append(_Shift(shift: previous, confidence: result[k - 1].confidence))
        // Where the list is held, the repeat becomes the reference: a picture that changes a
        // little a frame (a label fading in, a spinner stopping) drifts from an older one.
        if abs(velocity) <= Self.held && !changedInPlace {
          reference = k
          referenceShift = previous
          spread = matcher.spread(profiles[k])
        }
        continue
      }
      let predicted = last + velocity
      // Wide enough for a scripted finger's jump; the nearest good minimum to the prediction is
      // taken, so look-alike rows a row away do not win.
      var window = max(8, matcher.rows.count / 3)
      // Where the match is sought: about the prediction, unless a finger says otherwise.
      var sought = predicted
      if let fingers {
        // A finger shown in both frames held the list between them, and a held list moves
        // the finger's way by as far as the finger or less (a rubber band's resistance, a drag
        // rate), never on past it: the match is sought from where the list was to where the
        // finger took it, `reach` beyond either. Not about the list's speed in the frame before:
        // a capture's frames come unevenly (30 fps grabbed from a 60 fps window moves 11 px and
        // 24 px in turn), and a capture of the lab's window scaled to 1.25, its rows 55 px
        // apart, predicted 24 px where the list moved 11 and took the row 55 px on (which the
        // frame matched better): the scroll back up read 176 pt short of the top, and the two
        // refreshes after it one merged refresh held at 220 pt. A finger first shown in this
        // frame came down since the frame before (a recorder that keeps only changed frames
        // keeps the first with the touch) and dragged the list at most about as far as it moves
        // in the next frame that shows it elsewhere: the lab's window at 1.25 moved 23 px in
        // the frame its touch first showed, where twice no speed and `reach` looked 16 px about
        // rest, and the look-alike row 32 px the other way was taken: read 44 pt off from there
        // on.
        let motion: Double? =
          if let now = fingers[k], let before = fingers[k - 1] {
            now - before
          } else if fingers[k - 1] == nil {
            nextMotion(after: k, fingers)
          } else {
            nil
          }
        if let motion {
          let low = min(0, motion) - Double(reach)
          let high = max(0, motion) + Double(reach)
          sought = last + (low + high) / 2
          window = min(window, Int(((high - low) / 2).rounded(.up)))
        } else {
          window = min(window, Int((2 * abs(velocity)).rounded(.up)) + reach)
        }
      }
      var found: _Shift? = nil
      var fromReference: (shift: _Shift, cost: Float)? = nil
      if let m = matcher.match(
        profiles[k], profiles[reference], top: referenceShift, predicted: sought - referenceShift,
        window: window,
        spread: spread, weighed: fingers == nil)
      {
        // A header drawn anew lowers the whole match's confidence where its content matches
        // well, and the content's confidence is what says the placing holds: the ice cream's
        // fast pull matched its boxes at 0.98 and the whole frame at 0.36, left as a gap, and
        // the frame before (0.62) took over a pixel off, 2 px short by the peak.
        let confidence = Double(max(0, 1 - min(m.cost, m.content ?? m.cost) / spread))
        if confidence >= trusted {
          fromReference = (_Shift(shift: referenceShift + m.shift, confidence: confidence), m.cost)
        }
      }
      // The frame before, near where the content was heading: when the content changed (rows
      // loaded by the refresh, all laid out alike), the old reference may match a row away with
      // some confidence, and the frame before matches far better. It wins only then and, where
      // the matcher is interpolated (`interpolatedFrom`), only where the content stood still
      // since the frame before (the lab replaces its rows while the list is held) or the two
      // place the frame apart: chaining frame to frame adds each match's error to the next.
      // (A moving frame at another fraction of a row than the reference matches it less well
      // than the frame before, at the same fraction, does; taking the frame before there
      // re-anchored a 1080×2400 video's track every few frames, and it walked a point off in
      // each refresh.) Near means as widely as the reference is sought where the reference
      // placed the frame nowhere: a pull that jumps 101 px in a frame as a photograph comes into
      // view over the list (PullToRefreshKit's youku demo) matched the frame before at the edge
      // of a window twice the speed wide, near where it was, and the pull and its hold were read
      // 101 px low.
      // The reference as it was before the frame before may take over (the in-place rule below
      // undoes that).
      let kept = (reference: reference, shift: referenceShift, spread: spread)
      if reference != k - 1 && !changedInPlace {
        let afterGap = result[k - 1].shift == nil
        let close = max(8, Int(abs(velocity).rounded(.up)) * 2 + 8)
        let near = afterGap || fromReference == nil ? max(window, close) : close
        let previousSpread = matcher.spread(profiles[k - 1])
        if let m = matcher.match(
          profiles[k], profiles[k - 1], top: last, predicted: afterGap ? 0 : velocity, window: near,
          spread: previousSpread),
          m.cost * 3 < (fromReference?.cost ?? .infinity),
          !matcher.interpolated || abs(m.shift) <= Self.held && abs(velocity) <= Self.held
            || abs(last + m.shift - (fromReference?.shift.shift ?? .infinity)) > Self.agreeing
        {
          let confidence = Double(max(0, 1 - m.cost / previousSpread))
          if confidence >= trusted {
            found = _Shift(shift: last + m.shift, confidence: afterGap ? confidence / 2 : confidence)
            reference = k
            referenceShift = last + m.shift
            spread = matcher.spread(profiles[k])
          }
        }
      }
      if found == nil { found = fromReference?.shift }
      // A picture that changes in place does not start a list at rest moving: a row
      // highlighted where the finger pressed before it dragged (a 44 px band of grey across a
      // white list of numbered rows, PullToRefreshKit's taobao demo) cost 108 at rest against 26
      // three rows down, where the look-alike rows' separators line up and the band is off the
      // compared rows, and the list was followed 132 px down and lost. So where a list at rest
      // and still jumps beyond `reach` and the frame matches the frame before in place, row by
      // row with the worst fifth of the rows (the change) left out (`inPlace`), more than four
      // times better than at the jump (and by two grey levels squared: not two blank bands), the
      // list stayed, and nothing else places the frame; and the frame, changed, is no reference:
      // the frames after are matched against the one before the change (the band goes as the
      // drag begins). Only at rest: a collapse's first frame at 10 fps jumps as far from a hold.
      // Over rows all alike a jump of whole rows matches as well as none, and a frame the same
      // in place (`unchanged`) that matches no better at the jump stayed too; but only where
      // those rows show something a row's shift would change: over rows mostly blank every
      // placing matches alike, and a pull from rest would be held there.
      if let chain = found, let shift = chain.shift, result[k - 1].shift != nil, abs(last) <= Self.stillness,
        abs(velocity) <= Self.held, abs(shift - last) > Double(reach),
        let still = matcher.rowQuantile(profiles[k], profiles[k - 1], shift: 0, quantile: Self.inPlace),
        let moved = matcher.rowQuantile(
          profiles[k], profiles[k - 1], shift: Int((shift - last).rounded()), quantile: Self.inPlace),
        moved > 4 * still + 2
          || (still <= Self.unchanged && moved >= still
            && (matcher.rowQuantile(profiles[k], profiles[k - 1], shift: 1, quantile: Self.inPlace) ?? 0)
              > 4 * Self.unchanged)
      {
        (reference, referenceShift, spread) = kept
        changedInPlace = true
        velocity = 0
        result.append(_Shift(shift: last, confidence: chain.confidence))
        continue
      }
      changedInPlace = false
      // Where the recording shows its finger (a capture with touches shown: a whole session,
      // scrolls and several refreshes) and the content stands still within reach of the first
      // frame (a hold, the rest), it is placed against the first frame, as a measure by eye
      // reads it, rather than through the chain of references whose sub-row errors add up over
      // a session: a capture of the lab's window scaled to 0.9 held its second refresh 3.6 pt
      // high and came back to rest 1 to 5 pt off. Only near where the track already has it, so
      // a look-alike row is out of reach; a first frame that no longer matches there (rows
      // replaced) places nothing. In the demo recordings that show no finger, only where the
      // chain has drifted a row or more from it (`drifted`): their headers are drawn over the
      // list's top rows, where the first frame and a pulled one differ, and the hold placed so
      // lay a few tenths of a pixel off the approach the chain follows (SmartRefreshLayout's
      // releases read 0.03 to 0.07 s long); but a chain through a fast pull over look-alike
      // placeholder boxes (customrefreshindicator-ice-cream.gif) held 12 px high, 152 against
      // the 164 its boxes' edges show, which the first frame matches exactly.
      // Still is judged on either placing: the chain's, or the anchor's against where the frame
      // before was placed. The chain alone let a hold alternate between the anchor's 60.03 pt
      // and its own 60.74 (a step over the stillness each time back to the chain's).
      if let shift = found?.shift, abs(shift) <= limit,
        let anchor = anchored(
          profiles[k], profiles[0], near: shift,
          reach: reach,
          matcher: matcher, spread: firstSpread),
        let placed = anchor.shift,
        abs(shift - last) <= Self.stillness || abs(placed - last) <= Self.stillness,
        fingers != nil || abs(placed - shift) > drifted
      {
        found = anchor
      }
      // Rest found again: where the list was heading back to rest, a frame that the first frame
      // matches at rest three times better than where the chain placed it is at rest. Both are
      // judged against the one frame, so the costs compare (the chain's own confidence is
      // against another reference). A collapse over look-alike boxes, three frames long, was
      // placed 23 px up in its last frame against a reference whose top was the header's
      // drawing, and read 0.21 s for the 0.14 its boxes show; a web page's collapse, back from
      // its refresh, stayed 1 px up until the page scrolled (0.72 s for 0.29). "Heading back":
      // predicted near rest, or moving toward it whatever the prediction says: a quick return
      // at 10 fps predicts a row past rest, and a grid's collapse stopped a row above it (the
      // hold after read 373 px for 82).
      if fingers == nil, let chain = found, let shift = chain.shift, abs(shift) > Self.stillness,
        abs(predicted) <= Double(reach) || (last > Self.stillness && velocity < -Self.held),
        let anchor = anchored(
          profiles[k], profiles[0], near: 0, reach: 1, matcher: matcher, spread: firstSpread),
        let atRest = matcher.cost(profiles[k], profiles[0], at: anchor.shift ?? 0),
        let atChain = matcher.cost(profiles[k], profiles[0], at: shift),
        atRest * 3 < atChain
      {
        found = anchor
      }
      // The content's top edge: over look-alike rows, a placing a row too low matches as well
      // as the true one (the rows below look the same), and only the band it leaves above the
      // content tells them apart: a header there, or, if that band matches the first frame's
      // top rows as well as the rest does, more content. The least shift that matches the first
      // frame as well is where the content's top is.
      if fingers == nil, let chain = found, let shift = chain.shift,
        let lower = contentTop(profiles[k], profiles[0], below: shift, matcher: matcher, spread: firstSpread),
        let anchor = anchored(
          profiles[k], profiles[0], near: Double(lower), reach: 1, matcher: matcher, spread: firstSpread)
      {
        found = anchor
        if let placed = anchor.shift {
          reference = k
          referenceShift = placed
          spread = matcher.spread(profiles[k])
          // The frame before was placed on the chain's wrong row too: the speed is the chain's.
          last += placed - shift
        }
      }
      // The content's top, where a collapse slides the rows below it (`topPlacing`): only while
      // the content comes back toward rest from where it stood, short of rest.
      if let at = stood, var chain = found, let shift = chain.shift, shift < at.shift - Self.held,
        last > Self.stillness,
        let top = topPlacing(
          profiles[k], held: profiles[at.frame], heldShift: at.shift, shift: shift, predicted: predicted,
          matcher: matcher)
      {
        chain.shift = top
        found = chain
        // A frame made the reference above is placed where its first rows say.
        if reference == k { referenceShift = top }
      }
      if let found, let shift = found.shift {
        // Standing still away from rest (a hold, a pull's peak) marks the frame; back at rest,
        // or out beyond where it stood (pulled further), the mark is dropped.
        if abs(shift - last) <= Self.held && shift > Self.stillness {
          stood = (k, shift)
        } else if shift <= Self.stillness || shift > (stood?.shift ?? 0) + Self.held {
          stood = nil
        }
        velocity = max(-limit / 2, min(limit / 2, shift - last))
        last = shift
        result.append(found)
        if abs(shift - referenceShift) > limit {
          reference = k
          referenceShift = shift
          spread = matcher.spread(profiles[k])
        }
      } else {
        // Lost: nothing matches (a hand over the screen, a cut). Keep the reference and the
        // last position, and leave a gap; the content matches again when it comes back. Where
        // it stood is forgotten: the frames after a gap are no collapse from it.
        velocity = 0
        stood = nil
        result.append(_Shift(shift: nil, confidence: 0))
      }
    }
    return result
  }

  /// The most the rows `inPlace` compares may differ from the frame before, grey levels squared,
  /// for the frame to be the frame before with something drawn over a fifth of it or less: a
  /// jump that matches no better there is no motion. Over rows all alike a jump of a whole
  /// number of rows matches as well as none (INSPullToRefresh's simulator cells, a row
  /// highlighted where the finger pressed: the pull was read from three rows, 132 px, low).
  static let unchanged: Float = 1
  /// The share of rows whose costs `follow` compares a placing by, for a picture that changes in
  /// place: a change over the other fifth leaves it alone.
  static let inPlace = 0.8

  /// The share of a recording's frames from which a dot found in its first and last frames
  /// too is something drawn rather than a touch (`pictured`). A finger is down only while it
  /// drags, and a recording of a refresh ends with the list let go: the lab's captures with
  /// touches shown show it in 27 to 44 % of their frames, a synthetic drag in its first 80 %.
  /// TwinklingRefreshLayout's phone recordings, round album covers down a list, were found a
  /// "finger" in 86 to 100 % of their frames, the first and the last among them, and with the
  /// finger on it the list never held (a hold is a still list with no finger on it).
  static let touchShare = 0.8

  /// Whether the dots `_FingerFinder` found (`rows`, nil where none) are part of the picture:
  /// found in the first frame, the last and `touchShare` of them or more.
  static func pictured(_ rows: [Double?]) -> Bool {
    guard let first = rows.first, first != nil, let last = rows.last, last != nil else { return false }
    let found = rows.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    return Double(found) >= touchShare * Double(rows.count)
  }

  /// How long, seconds, a recording must show a finger to be taken for one that shows it
  /// whenever it touches (`follow`'s `fingers`: a frame without one then has the list moving on
  /// its own, its speed changing little). A pull's drag lasts longer; a button pressed, a tap,
  /// or something drawn found as a dot in a frame or two does not. CircleRefreshLayout's demo
  /// showed a "finger" in two frames of 120 (its button pressed, 0.14 s): the whole recording
  /// was matched in the finger's narrow window, and the pull's first frame, 21 px from rest
  /// with no finger seen, was lost, the chain after it one frame's motion (21 px) low.
  static let touchLasts = 0.3

  /// Whether `rows` (a dot found in each frame, nil where none) show a finger for `touchLasts`
  /// or more, each frame counted for the usual interval between frames.
  static func touches(_ rows: [Double?], times: [Double]) -> Bool {
    let found = rows.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    guard found > 0 else { return false }
    return Double(found) * PhaseSplitter.usualInterval(times) >= touchLasts
  }

  /// The match's reach, points, where the recording shows its finger (`follow`'s `fingers`):
  /// beyond the span from where the list was to where the finger took it, or beyond twice the
  /// speed where no finger bounds the frame (a spring's first frame after the lift). Well under a
  /// list row's pitch (44 pt and up), so at a thumb's speeds a look-alike row is out of reach
  /// (from a finger's motion of a pitch less twice the reach in a frame, the span's middle lies
  /// as near a look-alike row a pitch behind as the finger's placing).
  static let fingerWindow = 16.0

  /// How far, rows, a frame's placing by the chain of references may lie from the first
  /// frame's exact match near it before the first frame places it where no finger shows
  /// (`follow`). A few tenths of a row is the header's drawing over the list's top rows, which
  /// the chain follows better; a row or more is the chain's own error, summed over a pull.
  static let drifted = 1.0

  /// The most a compared row's mean may differ between two frames that show the same picture,
  /// grey levels (a video's noise on a still picture, averaged over a band).
  static let repeated: Float = 0.5

  /// Whether frame `a` repeats frame `b`: every compared row's mean within `repeated`.
  static func repeats(_ a: [Float], _ b: [Float], _ matcher: _OffsetMatcher) -> Bool {
    for band in matcher.bands {
      let base = band * matcher.stride
      var y = base + matcher.rows.lowerBound
      let end = base + matcher.rows.upperBound
      while y < end {
        // A finger's hidden rows (NaN) are alike where both frames hide them: a repeated frame
        // shows its finger where the frame it repeats did. Hidden in one frame alone, they
        // differ (NaN compares false). Counted as differing everywhere, no frame of a drag
        // with touches shown was a repeat: a 30 fps capture resampled to 60 read each repeat
        // afresh, a point off its twin, and its speed halved and doubled frame to frame.
        if a[y].isNaN && b[y].isNaN {
          y += 1
          continue
        }
        if !(abs(a[y] - b[y]) <= repeated) { return false }
        y += 1
      }
    }
    return true
  }

  /// The least whole shift, at least `contentGap` rows above `shift` (rows, placed below rest)
  /// and none above rest, at which `frame` matches the first frame as well as at `shift` (the
  /// cost there within `sameRow`), where it is a local minimum: look-alike content continues
  /// there (the first frame repeats itself at that pitch as closely), so `shift` put a band of content
  /// above the content's top. Nil where none does, or
  /// where `frame` does not match the first frame at `shift` with confidence (rows replaced).
  static func contentTop(
    _ frame: [Float], _ first: [Float], below shift: Double, matcher: _OffsetMatcher, spread: Float
  ) -> Int? {
    let at = Int(shift.rounded())
    guard at >= 2 * contentGap else { return nil }
    // The frame's cost at `shift` (eleven fractional costs) only once a placing above passes
    // the cheaper tests: in most recordings none does, and this runs every frame.
    var bound: Float? = nil
    // costs[i] is the cost at shift i - 1: a minimum at rest has a neighbour on either side.
    var costs: [Float?] = []
    for s in -1...(at - contentGap + 1) { costs.append(matcher.cost(frame, first, shift: s)) }
    for s in 0...(at - contentGap) {
      guard let whole = costs[s + 1], let below = costs[s], let above = costs[s + 2],
        whole <= below && whole <= above,
        // Each at its best fraction of a row: a recording scaled by 0.6 lays rows 38.4 pixels
        // apart, each drawn at another fraction of a pixel.
        // Look-alike: the first frame matches itself that far down all but exactly (rows
        // repeating at that pitch, `repeating`). Not a page of a few lines on a blank ground
        // that a blank band matches nearly as well as anything does (a web page's pull, 15 rows
        // down at a cost of 166, matched rest at 175; the page matched itself 15 rows down at
        // 315, 18 % of its spread), nor rows laid out alike but for their words after a refresh
        // replaced them (a row away at 178 against 175; the first frame matched itself a row
        // down at 175, 8 %).
        let repeated = least(first, first, around: shift - Double(s), matcher: matcher),
        repeated <= repeating * spread
      else { continue }
      if bound == nil {
        guard let here = least(frame, first, around: shift, matcher: matcher),
          Double(max(0, 1 - here / spread)) >= trusted
        else { return nil }
        bound = here * sameRow + sameRowNoise * spread
      }
      // Rows alike to within `repeated` match placings a pitch apart to within it: identical
      // rows scaled by 0.6 cost 7.6 a row too low and 16.7 where they are.
      guard let c = least(frame, first, around: Double(s), matcher: matcher), c <= (bound ?? 0) + repeated
      else { continue }
      return s
    }
    return nil
  }

  /// The least cost of `frame` against `reference` shifted by `shift` rows, give or take half a
  /// row, at tenths of a row.
  static func least(_ frame: [Float], _ reference: [Float], around shift: Double, matcher: _OffsetMatcher)
    -> Float?
  {
    var least: Float? = nil
    for k in -5...5 {
      if let c = matcher.cost(frame, reference, at: shift + Double(k) / 10), c < least ?? .infinity {
        least = c
      }
    }
    return least
  }

  /// How far, rows, a placing must lie above the chain's for `contentTop` to take it: more than
  /// a sub-row refinement's error.
  static let contentGap = 2
  /// How much more a placing above may cost than the chain's, as a share, and as a share of the
  /// first frame's spread, and still match "as well": a look-alike row costs about the same as
  /// the true one, while a header band in its place adds its whole difference.
  static let sameRow: Float = 1.1
  static let sameRowNoise: Float = 0.005
  /// The most the first frame may cost against itself a pitch down, as a share of its spread,
  /// for its rows to count as all alike: placeholder rows, identical cards. Identical rows
  /// scaled by 0.6 (38.4 pixels apart, each drawn at another fraction of a pixel) cost 2.2 %;
  /// rows laid out alike with words of their own, 7.8 %.
  static let repeating: Float = 0.05

  /// `frame` matched against the first frame within `reach` rows of `near`, if it matches
  /// there with confidence.
  static func anchored(
    _ frame: [Float], _ first: [Float], near: Double, reach: Int, matcher: _OffsetMatcher, spread: Float
  ) -> _Shift? {
    guard let m = matcher.match(frame, first, predicted: near, window: reach, spread: spread),
      abs(m.shift - near) <= Double(reach)
    else { return nil }
    let confidence = Double(max(0, 1 - m.cost / spread))
    return confidence >= trusted ? _Shift(shift: m.shift, confidence: confidence) : nil
  }

  /// The middle third of the region's columns over its upper half, cut from each frame.
  struct _Strip {
    let columns: Range<Int>
    let rows: Range<Int>
    init(columns all: Range<Int>, rows all_: Range<Int>) {
      columns = (all.lowerBound + all.count / 3)..<(all.upperBound - all.count / 3)
      rows = all_.lowerBound..<(all_.lowerBound + all_.count / 2)
    }
    func cut(_ frame: GreyFrame) -> [UInt8] {
      var out: [UInt8] = []
      out.reserveCapacity(columns.count * rows.count)
      for y in rows {
        out += frame.pixels[(y * frame.width + columns.lowerBound)..<(y * frame.width + columns.upperBound)]
      }
      return out
    }
  }

  /// Each pixel's commonest grey over `strips` (the mean of the values in the three neighbouring
  /// bins of eight grey levels that hold the most of them): a picture of what stands still
  /// longest where something moves over it part of the time.
  static func background(_ strips: ArraySlice<[UInt8]>) -> [UInt8] {
    guard let first = strips.first else { return [] }
    var out = [UInt8](repeating: 0, count: first.count)
    var counts = [Int](repeating: 0, count: 34)
    for p in first.indices {
      for b in counts.indices { counts[b] = 0 }
      for strip in strips { counts[Int(strip[p]) >> 3 + 1] += 1 }
      var bin = 1
      var most = -1
      for b in 1...32 where counts[b - 1] + counts[b] + counts[b + 1] > most {
        (bin, most) = (b, counts[b - 1] + counts[b] + counts[b + 1])
      }
      var sum = 0
      var count = 0
      for strip in strips where abs(Int(strip[p]) >> 3 + 1 - bin) <= 1 {
        sum += Int(strip[p])
        count += 1
      }
      out[p] = UInt8(sum / max(count, 1))
    }
    return out
  }

  /// The least change, grey levels, by which a pixel of `strip` counts as changed against it:
  /// 12, and half the strip's own contrast there (its largest difference from a neighbouring
  /// pixel) more. A codec's error gathers at edges and grows with them: text re-encoded at a
  /// high quantizer (x264 at CRF 40) flickers by up to 66 grey levels from one frame type to
  /// the next along its letters' edges, which read as a badge 38 px down in three frames of
  /// four at rest. A badge over a plain background changes pixels whose neighbours are alike,
  /// and one over text covers letters by more than their contrast.
  static func edgeSlack(_ strip: [UInt8], width: Int) -> [Int] {
    let height = width > 0 ? strip.count / width : 0
    var out = [Int](repeating: 12, count: strip.count)
    for y in 0..<height {
      for x in 0..<width {
        let i = y * width + x
        let v = Int(strip[i])
        var most = 0
        if x > 0 { most = max(most, abs(v - Int(strip[i - 1]))) }
        if x + 1 < width { most = max(most, abs(v - Int(strip[i + 1]))) }
        if y > 0 { most = max(most, abs(v - Int(strip[i - width]))) }
        if y + 1 < height { most = max(most, abs(v - Int(strip[i + width]))) }
        out[i] = 12 + most / 2
      }
    }
    return out
  }

  /// The list's top for an indicator pulled over still content: the first row that changed,
  /// `row`, raised through the rows above it whose middle grey (the median across `strip`'s
  /// columns) is the list's background (within 8 grey levels of that row's), up to what is
  /// drawn there instead (an app bar, its shadow, a separator line), the frame's top, or a
  /// twenty-fourth of the strip's rows above it. Still
  /// content shows where it begins only by the first row that changed, within its first line
  /// of text; the indicator travels from the list's edge above it. The lab's rows, recorded at
  /// 0.7 scale, first changed 7 px below the window's top, and its 64-pt hold read 7 px short.
  static func listEdge(above row: Int, in strip: [UInt8], width: Int) -> Int {
    guard width > 0, row > 0, row < strip.count / width else { return row }
    // At most a twenty-fourth of the strip's rows (a list's margin above its first line of text
    // is a few of its rows): a bar drawn in the list's own colour is not climbed whole.
    let climb = max(3, strip.count / width / 24)
    func middle(_ r: Int) -> Int { Int(strip[(r * width)..<((r + 1) * width)].sorted()[width / 2]) }
    let background = middle(row)
    var top = row
    while top > max(0, row - climb), abs(middle(top - 1) - background) <= 8 { top -= 1 }
    return top
  }

  /// Where content stays still: in every frame, how far down the list reaches the run of changed
  /// rows nearest the top in the middle of the list (an indicator pulled over the content,
  /// Material's badge), rows.
  ///
  /// The change is against a frame of the same content: the recording splits where many rows
  /// spread over the list change at once (the refresh replaced them), and each part is compared
  /// with its first frame or, for a part after a replacement, with its last or the middle of its
  /// longest still run (below). A run of changed rows thinner than three rows is no indicator.
  static func indicator(
    _ profiles: [[Float]], _ matcher: _OffsetMatcher, strips: [[UInt8]], strip: _Strip, bandCount: Int,
    fingers: [(x: Double, y: Double)?] = [], fingerRadius: Double = 0
  )
    -> [_Shift]
  {
    // The content changed where the bands beside the middle (which the badge leaves alone)
    // change in many rows at once, spread over half the list or more: a pointer drawn over the
    // list changes as many rows where it moves, all within its own height.
    let side = matcher.bands.filter { $0 < bandCount / 3 || $0 >= bandCount - bandCount / 3 }
    func changed(_ a: [Float], _ b: [Float], _ y: Int) -> Bool {
      side.contains { abs(a[$0 * matcher.stride + y] - b[$0 * matcher.stride + y]) > moved }
    }
    var starts = [0]
    for k in profiles.indices.dropFirst() {
      let rows = matcher.rows.filter { changed(profiles[k], profiles[k - 1], $0) }
      if rows.count * 12 > matcher.rows.count, let first = rows.first, let last = rows.last,
        (last - first) * 2 >= matcher.rows.count
      {
        starts.append(k)
      }
    }
    let width = strip.columns.count
    let gap = max(3, strip.rows.count / 24)
    let sliver = 3
    let listTop = listEdge(above: matcher.rows.lowerBound, in: strips.first ?? [], width: width)
    var result: [_Shift] = []
    // Each reference's `edgeSlack`, made once.
    var slack: [Int: [Int]] = [:]
    // The frames' strips, and after them each later part's background (`background`).
    var pictures = strips
    // How far down the list the indicator reaches in frame `k` against `reference`, rows (nil:
    // no indicator).
    func reading(_ k: Int, against c: Int) -> Int? {
      var top: Int? = nil
      var bottom = 0
      let reference = pictures[c]
      if slack[c] == nil { slack[c] = edgeSlack(reference, width: width) }
      let allowed = slack[c] ?? []
      // A finger's dot (`fingers`, downscaled pixels) is no indicator: its pixels are left out,
      // the frame's and the reference's (a touch disc in the reference, where the finger came
      // down to pull, read as a badge 110 pt down in every frame).
      let dot = k < fingers.count ? fingers[k] : nil
      let referenceDot = c < fingers.count ? fingers[c] : nil
      func covered(_ r: Int, _ x: Int, by dot: (x: Double, y: Double)?) -> Bool {
        guard let dot else { return false }
        let dx = Double(strip.columns.lowerBound + x) - dot.x
        let dy = Double(strip.rows.lowerBound + r) - dot.y
        return dx * dx + dy * dy <= fingerRadius * fingerRadius
      }
      func change(_ r: Int, _ x: Int) -> Int {
        if covered(r, x, by: dot) || covered(r, x, by: referenceDot) { return 0 }
        let d = abs(Int(strips[k][r * width + x]) - Int(reference[r * width + x]))
        return d > allowed[r * width + x] ? d : 0
      }
      for r in 0..<strip.rows.count {
        var differing = 0
        for x in 0..<width where change(r, x) > 12 { differing += 1 }
        guard differing >= 2 else { continue }
        // A gap ends the run only when wider than a badge's plain inside: the lab's badge is
        // white over a white list, so where its top crosses a row's separator line the line
        // and the spinner are two runs, and the first alone read 42 pt for 84.
        // A run of under `sliver` rows, a gap before the next, is no badge: a line at the
        // list's top that stayed changed once the content settled under a badge that had
        // emerged there read the badge at 0 for 1.5 s after a scroll back to the top.
        if let t = top, r - bottom > gap, bottom > t {
          if bottom - t >= sliver { break }
          top = nil
        }
        if top == nil { top = r }
        bottom = r + 1
      }
      // The last run too, unless it starts at the list's top (a badge emerging there): a row
      // or two a codec's noise changed, at 108 pt down in a frame that showed no badge yet.
      if let t = top, bottom - t < sliver, t > listTop + gap { top = nil }
      guard let t = top, bottom > t else { return nil }
      // The indicator's own edge: a shadow falls below it (Material's elevation, the lab's
      // badge), darkest at the edge and fading away from it, so the edge is the strongest
      // change among the run's last rows, below the indicator's lowest point (the middle of
      // the last row's changed columns), rather than its last changed row (which read the
      // lab's 64 pt hold as 66).
      let lowest = (0..<width).filter { change(bottom - 1, $0) > 12 }
      let x = lowest.isEmpty ? width / 2 : lowest.reduce(0, +) / lowest.count
      let rim = max(t, bottom - 2)..<bottom
      if let edge = rim.max(by: { change($0, x) < change($1, x) }) { bottom = edge }
      // Rows of the strip from the frame's top; the list's top is `listTop` rows into the profile.
      return max(0, bottom - listTop)
    }
    // The pixels of the strip that changed from frame k − 1 to frame k.
    func changedPixels(_ k: Int) -> Int {
      zip(strips[k], strips[k - 1]).reduce(0) { $0 + (abs(Int($1.0) - Int($1.1)) > 12 ? 1 : 0) }
    }
    for (i, start) in starts.enumerated() {
      let end = i + 1 < starts.count ? starts[i + 1] : profiles.count
      // The reference: the first part's first frame (the content at rest before any pull: the
      // recording's start, or where the list came to rest); for a later part, which begins
      // with the badge held (the refresh replaced the rows), its last frame unless that holds
      // the next refresh's badge (which then read as the badge wherever none was shown), when
      // the middle of the part's longest still run (where no indicator is shown nothing
      // there moves). Of those two, the one that reads the part's first frame nearest where
      // the part before left the indicator (it does not jump as the rows are replaced): a
      // recording cut short after the collapse shows hardly a frame without the badge, and
      // its longest still run is the "completed" mark held.
      var reference = start
      if i > 0 {
        // The strip stays still from one frame to the next where it changes within twice the
        // part's least change (at least four pixels more: a codec's or a sensor's noise). A badge
        // moves while pulled and collapsing and its spinner turns while held; a "completed" mark
        // may stand still for the finishing hold, half a second, where a list shows no badge for
        // longer between refreshes.
        let steps = (start..<end).dropFirst().map(changedPixels)  // steps[j]: frame start + j to the next
        let least = steps.min() ?? 0
        let still = least + max(4, least)
        func run(around f: Int) -> Range<Int> {
          var lo = f
          var hi = f + 1
          while lo > start, steps[lo - 1 - start] <= still { lo -= 1 }
          while hi < end, steps[hi - 1 - start] <= still { hi += 1 }
          return lo..<hi
        }
        // The middle of the longest still run.
        var longest = start..<(start + 1)
        var f = start
        while f < end {
          let r = run(around: f)
          if r.count > longest.count { longest = r }
          f = r.upperBound
        }
        let before = Double(result.last?.shift ?? 0)
        var nearest = Double.infinity
        // And the part's background, each pixel's commonest grey over its frames (`background`):
        // where the part's longest still run and its last frame both hold a badge (a "completed"
        // mark held, the next refresh held at its end), what the list shows most of the time.
        pictures.append(Self.background(strips[start..<end]))
        for c in Set([(longest.lowerBound + longest.upperBound) / 2, end - 1]).sorted() + [pictures.count - 1]
        {
          let off = abs(Double(reading(start, against: c) ?? 0) - before)
          if off < nearest { (reference, nearest) = (c, off) }
        }
      }
      for k in start..<end {
        let value = reading(k, against: reference) ?? 0
        result.append(_Shift(shift: Double(value), confidence: i == 0 || k != start ? 1 : 0.5))
      }
    }
    return result
  }
}
