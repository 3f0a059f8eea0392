/// The five fonts a table draws with, opened at one pixel density.
@MainActor
final class _TableFonts {
  let scale: Double
  let title: Font
  let subtitle: Font
  let label: Font
  let detail: Font
  let body: Font

  init(session: SDLSession, files: FontFiles, style: TableStyle, scale: Double) throws(SDLError) {
    self.scale = scale
    title = try Font(
      session: session, files: files, pointSize: style.titleSize, scale: scale, bold: true)
    subtitle = try Font(
      session: session, files: files, pointSize: style.subtitleSize, scale: scale)
    label = try Font(
      session: session, files: files, pointSize: style.labelSize, scale: scale, bold: true)
    detail = try Font(session: session, files: files, pointSize: style.detailSize, scale: scale)
    body = try Font(session: session, files: files, pointSize: style.bodySize, scale: scale)
  }

  func matches(_ style: TableStyle, scale: Double) -> Bool {
    self.scale == scale && title.pointSize == style.titleSize
      && subtitle.pointSize == style.subtitleSize && label.pointSize == style.labelSize
      && detail.pointSize == style.detailSize && body.pointSize == style.bodySize
  }
}
