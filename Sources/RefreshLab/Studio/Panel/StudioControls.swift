import FoundationEssentials
import RefreshCore
import RefreshSDL

/// The window's tuning controls: the panel (Tab, F1), saving and watching the tuning file
/// (Ctrl+S), and slow motion (S, Shift+S), between the window's events and the table.
///
/// The loop offers it every event first. While the panel is open, the mouse over it and the
/// arrow keys belong to the panel; everything else, and a drag the table already owns, goes on
/// to the table. Changes reach the controller as `.setTuning` inputs, so the table keeps
/// scrolling under a moving slider.
@MainActor
final class StudioControls {
  /// Session time runs at the slow-motion factor of the wall clock.
  private(set) var slowMotion = SlowMotionClock()
  /// Whether the panel is shown.
  private(set) var isPanelOpen = false
  /// Whether keys go to the panel's filter (after /, until Return or Esc).
  private(set) var isFiltering = false
  /// Rows, selection, and what a key or a slider does to the values.
  private(set) var panel: PanelModel
  /// How far the panel's rows are scrolled, points.
  private(set) var panelScroll = 0.0
  /// The number row whose slider the mouse holds.
  private(set) var draggedRow: Int?
  /// The tuning file saved to and watched.
  private(set) var file: TuningFileLink
  /// The tuning as last loaded, saved or applied from the file: what quitting compares with.
  private(set) var savedTuning: Tuning
  /// Whether a person's session keeps its unsaved changes at the end (`remembersTuning`).
  private let keepsChanges: Bool
  /// What the reset key (Ctrl+0) goes back to: `--preset`, else the iOS defaults.
  private let resetPreset: TuningPreset?
  /// The status line's words, in the list's language.
  private let words: LabWords
  /// What the status line says.
  private(set) var status = StatusLine()
  /// What E writes, chosen in the panel.
  private(set) var exportFormat = ExportFormat.json
  /// What the last export carried and what it did not, shown over the list until the next key
  /// or click.
  private(set) var exportSummary: [String]?
  /// Where E writes, the output folder; the file's extension follows the format.
  let outputFolder: OutputFolder

  /// The name of what E writes, before the format's extension.
  static let exportBaseName = "refresh-lab-export"

  private let surface: TableCanvas
  private let view: PanelView
  /// Whether the window reduces motion: the status line says so for as long as it does.
  private let reducesMotion: Bool

  /// The words held at the status line's right: slow motion, reduced motion; nil for neither.
  var statusBadges: String? {
    let badges = [
      slowMotion.isSlowed ? "\(slowMotion.label) slow motion" : nil,
      reducesMotion ? words.reducedMotionOn : nil,
    ].compactMap { $0 }
    return badges.isEmpty ? nil : badges.joined(separator: " · ")
  }

  /// Controls for the window drawn on `surface` with `tuning`, at wall time `now` (the loop's
  /// clock). The status line starts by saying where the tuning came from and where the keys
  /// write.
  init(options: LabOptions, tuning: Tuning, surface: TableCanvas, now: Double) throws(LabError) {
    self.surface = surface
    outputFolder = options.outputFolder
    view = try PanelView(surface: surface)
    panel = PanelModel(data: options.data)
    words = LabWords(language: options.language)
    file = TuningFileLink(
      path: options.tuningFile, preset: options.preset, now: now, folder: options.outputFolder,
      language: options.language)
    savedTuning = tuning
    keepsChanges = options.remembersTuning
    resetPreset = options.preset
    status.homeFolder = options.homeFolder
    reducesMotion = options.reducesMotion
    // A replay is the only input of its run: its table keeps the height a headless replay has.
    if options.replay == nil {
      status.show(
        words.startNote(
          origin: StudioNames.origin(of: options), folder: options.outputFolder.path,
          lineage: options.tuningFile == nil ? nil : StudioNames.lineage(of: tuning)),
        kind: .info, at: now)
    }
  }

  /// The session time of wall time `wall`.
  func sessionTime(atWall wall: Double) -> Double { slowMotion.sessionTime(atWall: wall) }

  // MARK: Events

  /// Takes a pointer `event` (at wall time `wall`) over the open panel, or the drag of one of
  /// its sliders; returns true when the table must not see it. Keys come as `WindowCommand`s.
  func handle(_ event: ShellEvent, atWall wall: Double, session: inout ListDriver) -> Bool {
    followCurve(of: session)
    if case .mouseDown = event, exportSummary != nil {
      // A click puts the export's summary away, and does nothing else.
      exportSummary = nil
      return true
    }
    switch event {
    case .mouseDown(let x, let y, let button):
      guard isPanelOpen, !session.mapper.isDragging, layout.panel.contains(Point(x: x, y: y)) else {
        return false
      }
      if button == .left { press(at: Point(x: x, y: y), wall: wall, session: &session) }
      return true
    case .mouseMove(let x, let y, _):
      if let row = draggedRow {
        slide(row, toX: x, wall: wall, session: &session)
        return true
      }
      // Hovering over the panel is nothing to the table; a drag it owns keeps going.
      return isPanelOpen && !session.mapper.isDragging && layout.panel.contains(Point(x: x, y: y))
    case .mouseUp(let x, let y, _):
      if draggedRow != nil {
        draggedRow = nil
        return true
      }
      return isPanelOpen && !session.mapper.isDragging && layout.panel.contains(Point(x: x, y: y))
    case .wheel(let dy, _, let x, let y):
      guard isPanelOpen, layout.panel.contains(Point(x: x, y: y)) else { return false }
      // The wheel's dy is positive toward the top, as the table reads it; a notch is worth what
      // it is worth to the table (precise wheels report fractions of notches).
      panelScroll = layout.scroll - session.controller.tuning.points(forWheelNotches: dy)
      panelScroll = layout.scroll  // clamped to the rows there are
      return true
    case .focusLost, .pointerLeft:
      draggedRow = nil
      return false
    case .key, .quit, .resize, .exposed, .touchDown, .touchMove, .touchUp, .wheelSideways, .other:
      return false
    }
  }

  /// Carries out `command` (at wall time `wall`); held-down repeats act only where holding a
  /// key should repeat (the panel's rows and values).
  func perform(
    _ command: WindowCommand, isRepeat: Bool, atWall wall: Double, session: inout ListDriver
  ) {
    followCurve(of: session)
    if exportSummary != nil, command != .export {
      // Any key puts the export's summary away; Esc does only that, every other key then does
      // its own work too (Ctrl+S after E saves, as the status line says it will).
      exportSummary = nil
      if command == .panel(.close) { return }
    }
    switch command {
    case .togglePanel where !isRepeat: togglePanel()
    case .saveTuning where !isRepeat: save(session.controller.tuning, wall: wall)
    case .resetTuning where !isRepeat: reset(wall: wall, session: &session)
    case .export where !isRepeat: export(session.controller.tuning, wall: wall)
    case .slowMotion(let faster) where !isRepeat:
      if faster { slowMotion.faster(atWall: wall) } else { slowMotion.slower(atWall: wall) }
    case .panel(.previousRow): moveSelection(by: -1)
    case .panel(.nextRow): moveSelection(by: 1)
    case .panel(.adjust(let steps)):
      if refusesIdleSetting(wall: wall, session: session) { break }
      apply(
        Result { () throws(TuningError) in try panel.adjusting(values(session), by: steps) }, wall, &session)
    case .panel(.close) where !isRepeat: togglePanel()
    case .panel(.startFilter) where !isRepeat:
      // A new filter, as a search field selects its old text when focused again.
      isFiltering = true
      filter("")
    case .panel(.type(let character)): filter(panel.filter + String(character))
    case .panel(.erase): filter(String(panel.filter.dropLast()))
    case .panel(.endFilter): isFiltering = false
    case .panel(.clearFilter):
      isFiltering = false
      filter("")
    case .togglePanel, .saveTuning, .resetTuning, .export, .slowMotion, .panel(.close),
      .panel(.startFilter), .quit, .bench, .toggleKeys:
      break
    }
  }

  /// Shows the rows matching `text`, the selection in view.
  private func filter(_ text: String) {
    panel.setFilter(text)
    draggedRow = nil
    panelScroll = layout.scroll(toShow: panel.selection)
  }

  /// Shows the keys of the session's curve, however it changed (a key, a click, a file edit).
  private func followCurve(of session: ListDriver) {
    let curve = session.controller.tuning.resistanceCurve
    guard curve != panel.curve else { return }
    panel.show(curve: curve)
    // Rows moved: a held slider would now be another key's.
    draggedRow = nil
  }

  private func togglePanel() {
    isPanelOpen.toggle()
    draggedRow = nil
    isFiltering = false
    if !isPanelOpen && !panel.filter.isEmpty { panel.setFilter("") }
    if isPanelOpen { panelScroll = layout.scroll(toShow: panel.selection) }
  }

  private func moveSelection(by delta: Int) {
    panel.moveSelection(by: delta)
    panelScroll = layout.scroll(toShow: panel.selection)
  }

  /// A click in the panel: selects the row, picks an option, or grabs a slider.
  private func press(at point: Point, wall: Double, session: inout ListDriver) {
    let layout = layout
    guard let index = layout.row(at: point) else { return }
    panel.select(index)
    let row = layout.rowRect(index)
    switch panel.rows[index] {
    case .group:
      return
    case .number:
      guard layout.sliderHitArea(inRow: row).contains(point) else { return }
      guard refusesIdleSetting(wall: wall, session: session) == false else { return }
      draggedRow = index
      slide(index, toX: point.x, wall: wall, session: &session)
    case .choice(let choice):
      let widths: [Double]
      do throws(SDLError) {
        widths = try view.labelWidths(choice)
      } catch {
        status.show(error.description, kind: .error, at: wall)
        return
      }
      let cells = layout.choiceCells(inRow: row, labelWidths: widths)
      let current = values(session)
      guard
        let option = cells.option(
          at: point, chosen: choice.selectedOption(in: current), count: choice.options.count)
      else { return }
      apply(.success(panel.choosing(current, row: index, option: option)), wall, &session)
    }
  }

  private func slide(_ row: Int, toX x: Double, wall: Double, session: inout ListDriver) {
    let layout = layout
    let fraction = layout.fraction(atX: x, track: layout.track(inRow: layout.rowRect(row)))
    apply(
      Result { () throws(TuningError) in try panel.setting(values(session), row: row, fraction: fraction) },
      wall, &session)
  }

  /// Whether the selected setting is idle under the session's tuning (greyed): then moving it
  /// is refused, and the status line says why it would change nothing.
  private func refusesIdleSetting(wall: Double, session: ListDriver) -> Bool {
    guard panel.rows.indices.contains(panel.selection),
      case .number(let number) = panel.rows[panel.selection],
      let reason = number.relevance(in: values(session)).reason
    else { return false }
    status.show("\(number.key) changes nothing now: \(reason)", kind: .info, at: wall)
    return true
  }

  // MARK: Values

  func values(_ session: ListDriver) -> StudioValues {
    StudioValues(
      tuning: session.controller.tuning, data: session.dataSource.configuration, exportFormat: exportFormat,
      headerName: surface.headerName)
  }

  /// Sends what changed to the session at the session time of `wall`; a refusal goes to the
  /// status line and changes nothing.
  private func apply(_ result: Result<StudioValues, TuningError>, _ wall: Double, _ session: inout ListDriver)
  {
    switch result {
    case .success(let new):
      let old = values(session)
      let time = sessionTime(atWall: wall)
      if new.tuning != old.tuning {
        // A preset picked in the panel is what a file's missing keys mean from now on.
        if let preset = TuningPreset.allCases.first(where: { $0.tuning == new.tuning }) {
          file.basePreset = preset
        } else {
          // Where the edited tuning started from, which a save and a relaunch keep saying.
          status.show(words.edited(StudioNames.lineage(of: new.tuning)), kind: .info, at: wall)
        }
        session.send(.setTuning(new.tuning, time: time))
      }
      if new.data != old.data { session.setDataConfiguration(new.data, time: time) }
      exportFormat = new.exportFormat
      if new.headerName != old.headerName {
        do throws(LabError) {
          try surface.useHeader(new.headerName)
        } catch {
          status.show(error.description, kind: .error, at: wall)
        }
      }
      followCurve(of: session)
    case .failure(let error):
      status.show(error.description, kind: .error, at: wall)
    }
  }

  // MARK: Files

  /// Shows `note` (news from the bench: a recording written) on the status line.
  func show(_ note: StatusLine.Note, atWall wall: Double) {
    status.show(note, at: wall)
  }

  private func save(_ tuning: Tuning, wall: Double) {
    let outcome = file.save(tuning, at: wall)
    status.show(outcome.text, kind: outcome.kind, at: wall)
    if outcome.kind == .error {
      RefreshLabApp.report(outcome.text)
    } else {
      savedTuning = tuning
    }
  }

  /// Ctrl+0: back to `--preset`'s tuning, else the iOS defaults; unsaved until Ctrl+S.
  private func reset(wall: Double, session: inout ListDriver) {
    let tuning = resetPreset?.tuning ?? Tuning()
    session.send(.setTuning(tuning, time: sessionTime(atWall: wall)))
    file.basePreset = resetPreset
    followCurve(of: session)
    status.show(words.reset(toPreset: resetPreset?.rawValue), kind: .info, at: wall)
  }

  /// At the end of a person's session: changes not saved are kept in the data folder, where the
  /// next window opens them, never dropped. Returns what to tell the person, or nil when there
  /// was nothing to keep.
  func keepUnsavedChanges(_ tuning: Tuning) -> String? {
    guard keepsChanges, tuning != savedTuning else { return nil }
    let path = outputFolder.file(TuningFileLink.defaultPath)
    do throws(LabError) {
      try outputFolder.create()
      _ = try TuningFile.save(tuning, to: path)
    } catch {
      return "the tuning's unsaved changes could not be kept: " + error.description
    }
    savedTuning = tuning
    return "kept the tuning's unsaved changes in \(path); the window opens with them next time"
  }

  /// Writes the current tuning in the chosen format into the output folder (atomically), and
  /// says where.
  func export(_ tuning: Tuning, wall: Double) {
    do throws(LabError) {
      try outputFolder.create()
      let path = try TuningExport.write(
        tuning, as: exportFormat, beside: outputFolder.file(Self.exportBaseName))
      status.show(words.exported(exportFormat.rawValue, to: path), kind: .info, at: wall)
      exportSummary =
        ExportSummary(tuning, as: exportFormat).lines(path: path) + ["Any key or click closes this."]
    } catch {
      status.show(error.description, kind: .error, at: wall)
      RefreshLabApp.report(error.description)
    }
  }

  /// Polls the tuning file and times the status line out; returns whether the window must be
  /// drawn again.
  func poll(atWall wall: Double, session: inout ListDriver) -> Bool {
    var changed = status.expire(at: wall)
    switch file.poll(at: wall) {
    case .changed(let tuning):
      session.send(.setTuning(tuning, time: sessionTime(atWall: wall)))
      savedTuning = tuning
      status.show(words.applied(fileName), kind: .info, at: wall)
      changed = true
    case .refused(let error):
      let message = error.description + "; keeping the last good tuning"
      status.show(message, kind: .error, at: wall)
      RefreshLabApp.report(message)
      changed = true
    case nil:
      break
    }
    return changed
  }

  /// The longest the loop may sleep, wall seconds, before a poll or a status change is due;
  /// nil when nothing is.
  func longestSleep(atWall wall: Double) -> Double? {
    let expiry = status.expiry.map { max(0, $0 - wall) }
    return [file.timeUntilPoll(at: wall), expiry].compactMap { $0 }.min()
  }

  private var fileName: String {
    file.path.map { URL(fileURLWithPath: $0).lastPathComponent } ?? TuningFileLink.defaultPath
  }

  // MARK: Drawing

  /// The panel's numbers as sliders for screen readers, the selected one focused; none while
  /// the panel is closed.
  func accessibleSliders(_ session: ListDriver) -> [AccessibleSlider] {
    guard isPanelOpen else { return [] }
    let layout = layout
    let values = values(session)
    return panel.rows.indices.compactMap { index in
      guard case .number(let number) = panel.rows[index] else { return nil }
      let value = number.value(in: values)
      let relevance = number.relevance(in: values)
      return AccessibleSlider(
        name: number.key, minimum: number.range.lowerBound, maximum: number.range.upperBound,
        value: value, valueText: number.formatted(value), frame: layout.rowRect(index),
        isFocused: index == panel.selection, isEnabled: relevance.isActing,
        description: relevance.reason.map { "greyed: " + $0 } ?? number.meaning)
    }
  }

  private var layout: PanelLayout {
    let size = surface.renderer.size
    return PanelLayout(windowWidth: size.width, height: size.height, rows: panel.rows, scroll: panelScroll)
  }

  /// Draws the panel (when open) and the status line over the frame the surface holds.
  /// Returns the status line's rectangle, if it showed.
  @discardableResult
  /// The height of the status line as it would be drawn now in a window `width` wide, 0 when
  /// it says nothing.
  func statusHeight(windowWidth width: Double) throws(LabError) -> Double {
    do throws(SDLError) {
      return try view.statusHeight(
        status.text, slowMotion: statusBadges, windowWidth: width)
    } catch {
      throw .shell(error.description)
    }
  }

  func draw(_ session: ListDriver) throws(LabError) -> Rect? {
    followCurve(of: session)
    let size = surface.renderer.size
    do throws(SDLError) {
      if isPanelOpen {
        try view.drawPanel(
          panel, values: values(session), layout: layout, draggedRow: draggedRow, filtering: isFiltering,
          fileName: file.path == nil ? words.ctrlSSaves(TuningFileLink.defaultPath) : fileName)
      }
      if let exportSummary {
        let width = isPanelOpen ? layout.panel.x : size.width
        try view.drawSummary(
          exportSummary, in: Rect(x: 12, y: 40, width: max(0, width - 24), height: size.height - 80))
      }
      return try view.drawStatus(
        status.text, kind: status.kind,
        slowMotion: statusBadges, windowWidth: size.width, windowHeight: size.height)
    } catch {
      throw .shell(error.description)
    }
  }
}
