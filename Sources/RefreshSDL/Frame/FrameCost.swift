/// What one frame cost: the pixels it drew, moved and handed to the display, and where its CPU
/// time went. The renderer starts a fresh one with each frame; `--stats` adds them up.
public struct FrameCost: Sendable, Equatable {
  /// Pixels drawn (the rectangles the table view painted, in output pixels).
  public var pixelsDrawn = 0
  /// Pixels moved from where the last frame drew them (content that only scrolled).
  public var pixelsCopied = 0
  /// Pixels handed to the display: the changed rectangles, or the whole output.
  public var pixelsPresented = 0
  /// Seconds drawing rows (their fills and separators), text excluded.
  public var rowsSeconds = 0.0
  /// Seconds finding or rendering text (the text cache).
  public var textSeconds = 0.0
  /// Seconds drawing the header and footer bars.
  public var headerSeconds = 0.0
  /// Seconds drawing the scroll indicator.
  public var scrollbarSeconds = 0.0
  /// Seconds handing the frame to the display.
  public var presentSeconds = 0.0

  /// A frame that has cost nothing yet.
  public init() {}

  /// Adds `other`'s figures to these.
  public mutating func add(_ other: FrameCost) {
    pixelsDrawn += other.pixelsDrawn
    pixelsCopied += other.pixelsCopied
    pixelsPresented += other.pixelsPresented
    rowsSeconds += other.rowsSeconds
    textSeconds += other.textSeconds
    headerSeconds += other.headerSeconds
    scrollbarSeconds += other.scrollbarSeconds
    presentSeconds += other.presentSeconds
  }
}
