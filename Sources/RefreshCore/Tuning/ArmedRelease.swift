/// How content let go past the trigger reaches the held height, as the libraries differ.
///
/// The refresh begins as the finger lifts and the header's inset opens over `openDuration`
/// either way; what differs is the content. iOS's and Flutter's scroll views spring back to the
/// edge the new inset makes, and SmartRefreshLayout rebounds to it: the curve family's own
/// release motion. MJRefresh moves the content itself: entering its refreshing state
/// (`MJRefreshHeader`'s `headerRefreshingAction`) it sets the inset and the content offset in
/// one `UIView animateWithDuration:` block of `MJRefreshFastAnimationDuration` (0.25 s), on
/// UIView's default curve, ease-in-out.
///
/// Only the release that starts a refresh differs. A pull let go short of the trigger, or one
/// let go while a refresh is already held, returns on the family's motion under both, as
/// MJRefresh leaves those to the scroll view's own bounce.
public enum ArmedRelease: String, Codable, Sendable, CaseIterable {
  /// The curve family's release motion (``ScrollPhysics/releaseMotion(from:velocity:to:)``),
  /// carrying the finger's speed into it.
  case family
  /// An ``EasedMotion`` from where the finger let go to the held height over `openDuration` on
  /// `easing`, in step with the inset. It starts still, whatever the finger's speed: setting the
  /// offset stops the scroll view's own motion, and a UIView animation begins from the value it
  /// finds, at rest.
  case eased
}
