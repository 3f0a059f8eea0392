import RefreshSDL

/// `--show-touches`: a translucent grey disc centred on each held pointer, as iOS's and
/// Android's "show touches" draw one on a screen recording, so the lab's own recordings carry
/// the finger a fit can follow.
@MainActor
struct TouchDisc {
  /// The disc's diameter, points (the contract's: about a fingertip, and the 44-pt touch
  /// target of Apple's Human Interface Guidelines).
  static let diameter = 44.0
  /// Mid grey at half opacity: visible over white rows and dark headers alike.
  static let color = Color(red: 128, green: 128, blue: 128, alpha: 128)

  private var shapes = ShapeBatch()

  /// Draws a disc at each of `positions` (window points) over everything drawn so far.
  mutating func draw(at positions: [Point], on renderer: Renderer) throws(SDLError) {
    guard !positions.isEmpty else { return }
    shapes.removeAll(scale: renderer.scale)
    for position in positions {
      shapes.addCircle(center: position, radius: Self.diameter / 2, color: Self.color)
    }
    try renderer.preservingState { () throws(SDLError) in
      renderer.setClip(nil)
      try renderer.draw(shapes)
    }
  }
}
