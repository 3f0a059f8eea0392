import RefreshCore
import RefreshSDL

/// A header of the host's own: a dark ticket card in the gap the pull opens, an arc that fills
/// with the pull and turns while syncing, and the host's own words.
@MainActor
final class TicketHeader: HeaderRenderer {
  static let card = Color(rgb: 0x1E2A3A)
  static let ink = Color(rgb: 0xFFD166)

  func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError) {
    let gap = frame.revealedRect
    guard gap.height > 4 else { return }
    let card = Rect(x: gap.x + 12, y: gap.y + 4, width: gap.width - 24, height: gap.height - 8)
    canvas.fillRoundedRect(card, radius: 10, color: Self.card)
    let center = Point(x: card.x + 30, y: card.midY)
    let radius = min(12, card.height / 3)
    switch frame.state {
    case .refreshing:
      canvas.strokeArc(
        center: center, radius: radius, startTurn: frame.snapshot.spinnerPhase, sweepTurns: 0.75,
        width: 3, color: Self.ink)
    case .finishing:
      canvas.drawCheckmark(center: center, size: radius * 1.6, color: Self.ink)
    case .idle, .pulling, .armed, .twoLevel:
      canvas.strokeArc(
        center: center, radius: radius, startTurn: 0, sweepTurns: max(0.02, frame.progress),
        width: 3, color: Self.ink)
    }
    let words: String
    switch frame.state {
    case .idle, .pulling: words = "Pull to sync tickets"
    case .armed: words = "Let go to sync"
    case .refreshing: words = "Syncing tickets…"
    case .finishing: words = "Tickets are up to date"
    case .twoLevel: words = ""
    }
    guard let text = try canvas.text(words, .label, color: Self.ink), card.height > text.height else {
      return
    }
    try canvas.draw(text, at: Point(x: card.x + 56, y: card.midY - text.height / 2))
  }
}

/// A footer of the host's own: three dots that rise in turn while the next page loads.
@MainActor
final class DotsFooter: FooterRenderer {
  static let ink = Color(rgb: 0x3D5A80)

  func drawFooter(_ frame: FooterFrame, in canvas: RefreshCanvas) throws(SDLError) {
    let bar = frame.barRect
    try canvas.fill(bar, color: Color(rgb: 0xE0FBFC))
    let words: String
    switch frame.state {
    case .loading:
      for dot in 0..<3 {
        let phase = (frame.time * 2 - Double(dot) * 0.2).truncatingRemainder(dividingBy: 1)
        let lift = phase < 0.5 ? phase * 8 : (1 - phase) * 8
        canvas.fillCircle(
          center: Point(x: bar.x + 28 + Double(dot) * 14, y: bar.midY - lift), radius: 4,
          color: Self.ink)
      }
      words = "Fetching older tickets"
    case .noMoreData: words = "That is every ticket"
    case .failed: words = "Could not fetch: tap to retry"
    case .idle, .pulling, .armed, .hidden: words = "More tickets below"
    }
    guard let text = try canvas.text(words, .detail, color: Self.ink) else { return }
    try canvas.draw(text, at: Point(x: bar.x + 80, y: bar.midY - text.height / 2))
  }
}
