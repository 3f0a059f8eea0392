import RefreshCore
import RefreshSDL

/// The window's table as screen readers see it (`AccessibilityBridge`): the list the loop
/// drives (`ListDriver`, a value the loop owns) copied in once a turn, and the actions a screen
/// reader asked for kept until the loop applies them to the session.
@MainActor
final class LabAccessibleList: AccessibleList {
  let accessibilityName = "Rows"
  private(set) var list: RefreshList
  private var labRows: LabRows
  var rows: any TableDataSource { labRows }
  private let language: Language
  /// The actions asked for since the loop last took them.
  private var requested: [(action: AccessibleListAction, time: Double)] = []

  init(_ session: ListDriver, language: Language) {
    self.language = language
    list = session.list
    labRows = LabRows(dataSource: session.dataSource, language: language)
  }

  /// Takes the session as it is now.
  func sync(_ session: ListDriver) {
    list = session.list
    if labRows.dataSource.generation != session.dataSource.generation
      || labRows.rowCount != session.list.rowCount
    {
      labRows = LabRows(dataSource: session.dataSource, language: language)
    }
  }

  func accessibilityLabel(at row: Int) -> String {
    row < labRows.rowCount ? labRows.accessibilityLabel(at: row) : "Row \(row + 1)"
  }

  func accessibilityText(of label: LabelKey) -> String { label.text(in: language) }

  func performAccessibilityAction(_ action: AccessibleListAction, at time: Double) {
    requested.append((action, time))
  }

  /// Applies the actions asked for to `session`; whether there were any.
  func apply(to session: inout ListDriver) -> Bool {
    defer { requested = [] }
    for (action, time) in requested {
      switch action {
      case .refresh: session.send(.beginRefreshing(time: time))
      case .loadMore, .retry: session.send(.retryLoadMore(time: time))
      }
    }
    return !requested.isEmpty
  }
}

/// The lab window's bridge and its table, when the desktop runs the accessibility bus.
@MainActor
struct LabAccessibility {
  let bridge: AccessibilityBridge
  let table: LabAccessibleList

  /// Nil without an accessibility bus (or with `NO_AT_BRIDGE=1`): nothing is started.
  init?(window: Window?, session: ListDriver, options: LabOptions) {
    guard let window,
      let bridge = AccessibilityBridge.start(
        window: window, title: WindowRunner.title, environment: options.environment)
    else { return nil }
    self.bridge = bridge
    table = LabAccessibleList(session, language: options.language)
    bridge.add(table)
  }

  /// Applies what screen readers asked at session time `time`; whether they asked for
  /// anything (the session then needs a frame). An action the list cannot take yet waits in
  /// the bridge, which asks again once it can (`AccessibilityBridge.hasWaitingActions`).
  func performRequests(_ session: inout ListDriver, at time: Double) -> Bool {
    guard bridge.hasRequests else { return false }
    update(session, at: time)
    guard table.apply(to: &session) else { return false }
    update(session, at: time)
    return true
  }

  /// Hands the session over as it is at session time `time` (after a frame), with the studio
  /// panel's `sliders` (nil: those shown before).
  func update(_ session: ListDriver, at time: Double, sliders: [AccessibleSlider]? = nil) {
    table.sync(session)
    if let sliders { bridge.setSliders(sliders) }
    bridge.update(at: time)
  }
}
