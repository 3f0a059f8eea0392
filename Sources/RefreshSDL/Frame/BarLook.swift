import RefreshCore

/// What a built-in bar shows, apart from where it is. The classic header in the `translate`
/// style and the classic footer ride with the content, so when a frame's bar looks as the last
/// one's did, the pixels moved with the content carry it already and only what came into view
/// is drawn: pulling, the bar changes when it arms and while its arrow turns; refreshing at
/// rest, when the spinner steps. Redrawing it every frame it showed filled the bar, blended
/// its two labels and rasterised its arrow, the most of a pull's frame.
struct _BarLook: Equatable {
  var label: String
  var detail: String
  /// A spinner's phase is kept to its step, what its sprite shows.
  var icon: _ClassicBar.Icon
  /// The bar's top in content coordinates, and its height.
  var top: Double
  var height: Double

  init(label: String, detail: String, icon: _ClassicBar.Icon, top: Double, height: Double) {
    self.label = label
    self.detail = detail
    switch icon {
    case .spinner(let phase): self.icon = .spinner(phase: ShapeBatch.spinnerStep(phase))
    case .stillSpinner(let phase): self.icon = .stillSpinner(phase: ShapeBatch.spinnerStep(phase))
    default: self.icon = icon
    }
    self.top = top
    self.height = height
  }
}

extension TableView {
  /// The look of the header `snapshot` shows, when the built-in classic bar draws it riding
  /// above row 0; nil when a host's renderer, Material's badge, another style or the second
  /// floor draws it, or a chat's flipped bars.
  func _headerLook(_ snapshot: RefreshSnapshot, lastUpdated: String, mirrored: Bool) -> _BarLook? {
    guard headerRenderer == nil, !mirrored, snapshot.headerStyle == .translate,
      snapshot.header != .twoLevel, snapshot.headerHeight > 0
    else { return nil }
    return _BarLook(
      label: snapshot.headerLabel.text(in: language), detail: lastUpdated,
      icon: ClassicHeaderRenderer.icon(snapshot), top: snapshot.headerY,
      height: snapshot.headerHeight)
  }

  /// The look of the footer `snapshot` shows, when the built-in classic bar draws it; nil
  /// when a host's renderer draws it, it is hidden, or the table is a chat's.
  func _footerLook(_ snapshot: RefreshSnapshot, mirrored: Bool) -> _BarLook? {
    guard footerRenderer == nil, !mirrored, snapshot.footer != .hidden, snapshot.footerHeight > 0
    else { return nil }
    return _BarLook(
      label: snapshot.footerLabel.text(in: language), detail: "",
      icon: ClassicFooterRenderer.icon(snapshot), top: snapshot.footerY,
      height: snapshot.footerHeight)
  }
}
