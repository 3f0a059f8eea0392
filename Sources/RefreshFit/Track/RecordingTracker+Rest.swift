extension RecordingTracker {
  /// The frames after the content was lost, placed from where the recording ends when that fits
  /// them better: a pull-to-refresh list comes back to rest where the recording began.
  ///
  /// A refresh may replace the content as it collapses (MJRefresh's demos add five rows as the
  /// refresh ends). The track loses it there, picks it up again against the frame before, and
  /// from then on follows the new rows frame to frame; but one row of the new content looks
  /// like the next, and across the replacement nothing in the picture says which it is, so the
  /// following can come out a row off (mjrefresh-default ended 42 px up: a row's pitch). When
  /// the track ends still after such a loss, each frame after it is matched twice, against the
  /// last frame before the loss at the offset the following gave it, and against the last frame
  /// at the offset it has if the recording ends at rest (as `benchmarks/measure-recording.py`
  /// reads a recording backward from its last frame). From the first frame that the end matches
  /// clearly better and places between the offset before the loss and rest, the frames are
  /// placed from the end. A list scrolled away from rest after a
  /// loss (a hand over the screen) matches both ways alike and keeps its following.
  static func restAfterLoss(_ shifts: [_Shift], _ profiles: [[Float]], _ matcher: _OffsetMatcher) -> [_Shift]
  {
    let last = shifts.count - 1
    guard last >= 2, let end = shifts[last].shift, let penultimate = shifts[last - 1].shift,
      abs(end) > stillness
    else { return shifts }
    // The frames to place again start after the last frame the following lost, where the track
    // ends still and moves back by no more than the pull before the loss reached; or at the
    // last jump that the end repeats (`jump`).
    let lost = shifts.lastIndex(where: { $0.shift == nil }).flatMap { gap -> Int? in
      guard abs(end - penultimate) <= stillness,
        (shifts[..<gap].compactMap(\.shift).max() ?? 0) > abs(end)
      else { return nil }
      return gap + 1
    }
    // After a jump from a pulled list that the end repeats, every frame is placed from the end:
    // so placed, the jump is gone (the first frame after it lies where the one before it lay,
    // within `laidOut`) and the recording ends at rest, where read forward it jumped and ended
    // a hold's height into its content. Nothing in the frames themselves tells look-alike rows
    // apart (PullToRefreshKit's, 67 px apart, matched the first frame at rest better than the
    // last frame a hold down).
    if let jumped = jump(shifts, end: end), jumped > lost ?? -1 {
      guard jumped + 1 <= last else { return shifts }
      var placed = shifts
      for k in jumped...last {
        placed[k] = _Shift(shift: shifts[k].shift.map { $0 - end }, confidence: shifts[k].confidence)
      }
      return placed
    }
    guard let first = lost, first + 1 <= last,
      let before = shifts[..<first].lastIndex(where: { $0.shift != nil }),
      let beforeShift = shifts[before].shift
    else { return shifts }
    let spreadBefore = matcher.spread(profiles[before])
    let spreadEnd = matcher.spread(profiles[last])
    func confidence(_ k: Int, against reference: Int, at shift: Double, spread: Float) -> Double {
      guard
        let m = matcher.match(profiles[k], profiles[reference], predicted: shift, window: 1, spread: spread)
      else { return 0 }
      return Double(max(0, 1 - m.cost / spread))
    }
    var placed = shifts
    var fromEnd = false
    for k in first...last {
      guard let followed = shifts[k].shift else { continue }
      let atRest = followed - end
      let byEnd = confidence(k, against: last, at: atRest, spread: spreadEnd)
      // Placed from the end, a frame lies between the offset before the loss and rest (the list
      // collapsing to rest; a look-alike row puts it beyond).
      // (Within a row's layout of the new rows: `laidOut`.)
      let slack = max(stillness, laidOut * abs(beforeShift))
      let between = min(0, beforeShift) - slack...max(0, beforeShift) + slack
      if !fromEnd && between.contains(atRest) {
        let byBefore = confidence(k, against: before, at: followed - beforeShift, spread: spreadBefore)
        fromEnd = byEnd > byBefore + clearly
      }
      if fromEnd { placed[k] = _Shift(shift: atRest, confidence: byEnd) }
    }
    return placed
  }

  /// Where the content was lost without a frame the following could not place: the last frame
  /// whose offset jumps from the frame before's by half the end's distance from rest or more,
  /// that frame itself being the first of the new content, where the jump goes from a pulled
  /// list toward rest and past it, and the end lies past rest by that jump (within `laidOut`):
  /// the new content was placed at rest while it lay where the old had been, and then came to
  /// rest. PullToRefreshKit's demos replace their numbered rows while held, and the new rows,
  /// alike, match the first frame at rest: the track fell from 88.8 px to 0 in a frame and went
  /// on to -89.6 px as the list collapsed, its last frame the collapse's end (so the end need not
  /// be still, as it must after a loss the following saw). A pull that jumps out by as much as
  /// it then holds, or a fling from rest, is no such jump.
  static func jump(_ shifts: [_Shift], end: Double) -> Int? {
    var k = shifts.count - 1
    while k > 0 {
      if let a = shifts[k - 1].shift, let b = shifts[k].shift, abs(b - a) >= abs(end) / 2 {
        guard a > stillness, b < a, end < -stillness else { return nil }
        return abs(end - (b - a)) <= max(stillness, laidOut * abs(b - a)) ? k : nil
      }
      k -= 1
    }
    return nil
  }

  /// How far, as a share of the offset before the loss, new rows may be placed from it and
  /// still lie between it and rest: rows laid out anew (PullToRefreshKit's held at 88.8 px read
  /// 89.6 px once replaced, the frames' separators 2 px apart).
  static let laidOut = 0.03

  /// How far two frames' offsets may differ and the list still count as still, rows.
  static let stillness = 0.25
  /// How much better the end must match a frame to place it from there.
  static let clearly = 0.1
}
