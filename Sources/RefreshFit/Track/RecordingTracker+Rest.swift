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
    guard let gap = shifts.lastIndex(where: { $0.shift == nil }), gap > 0, gap + 2 <= last,
      let before = shifts[..<gap].lastIndex(where: { $0.shift != nil }),
      let beforeShift = shifts[before].shift,
      let end = shifts[last].shift, let penultimate = shifts[last - 1].shift,
      abs(end - penultimate) <= stillness, abs(end) > stillness,
      // The end moves back by no more than the pull before the loss reached.
      (shifts[..<gap].compactMap(\.shift).max() ?? 0) > abs(end)
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
    for k in (gap + 1)...last {
      guard let followed = shifts[k].shift else { continue }
      let atRest = followed - end
      let byEnd = confidence(k, against: last, at: atRest, spread: spreadEnd)
      // Placed from the end, a frame lies between the offset before the loss and rest (the list
      // collapsing to rest; a look-alike row puts it beyond).
      let between = min(0, beforeShift) - stillness...max(0, beforeShift) + stillness
      if !fromEnd && between.contains(atRest) {
        let byBefore = confidence(k, against: before, at: followed - beforeShift, spread: spreadBefore)
        fromEnd = byEnd > byBefore + clearly
      }
      if fromEnd { placed[k] = _Shift(shift: atRest, confidence: byEnd) }
    }
    return placed
  }

  /// How far two frames' offsets may differ and the list still count as still, rows.
  static let stillness = 0.25
  /// How much better the end must match a frame to place it from there.
  static let clearly = 0.1
}
