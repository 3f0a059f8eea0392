import RefreshSDL

/// `--reduced-motion on|off|system`: whether the lists move as little as they can (rows appear
/// in place, animated headers do not loop, the scale header does not scale, the second floor
/// opens at once) while the person's own drag, fling and rubber band stay as they are.
public enum ReducedMotionChoice: String, Sendable, Equatable, CaseIterable {
  /// Reduced motion, whatever the desktop says.
  case on
  /// Full motion, whatever the desktop says.
  case off
  /// The desktop's setting in a window (the settings portal, then GNOME's
  /// `enable-animations`, on the session bus: `DesktopMotion`); off in a headless run, which
  /// reads only its flags so that a replay gives the same trace on any machine.
  case system

  /// Whether to reduce motion in a run that is `headless` or not, the desktop read from
  /// `environment`'s session bus only for a window left to the system.
  func reducesMotion(headless: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .on: true
    case .off: false
    case .system: headless ? false : DesktopMotion.reducesMotion(environment: environment) ?? false
    }
  }
}
