import RefreshCore

/// Draws what an open second floor shows: the host's own page (a mini-program grid, a
/// promotion, an app's "second floor"), as SmartRefreshLayout's TwoLevelHeader shows the
/// host's content behind the list and Taobao's and WeChat's floors show theirs.
///
/// ``TableView`` calls it while the header is `twoLevel`, instead of the header renderer, with
/// drawing clipped to `floor`: the gap the pull opened, which grows over the floor's duration
/// until it is the whole viewport. The way back (an arrow up and its words at the floor's
/// bottom) is drawn over it by the table, once the floor is three headers tall.
@MainActor
public protocol SecondFloorRenderer: AnyObject {
  /// Draws the floor's content into `floor` (window points) for `frame`.
  func drawSecondFloor(_ frame: HeaderFrame, in floor: Rect, on canvas: RefreshCanvas)
    throws(SDLError)
}
