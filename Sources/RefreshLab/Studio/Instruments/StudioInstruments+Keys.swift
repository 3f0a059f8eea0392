import RefreshSDL

extension StudioInstruments {
  /// Carries out `command` (its key reached the window, see `WindowCommand`) at `time`.
  /// `primary` is replaced by a fresh table when a take or a replay starts. Returns what
  /// the status line should say: where a take went, or why it could not be written (the
  /// window stays open either way).
  @discardableResult
  mutating func perform(_ command: StudioCommand, at time: Double, primary: inout ListDriver)
    -> StatusLine.Note?
  {
    let words = LabWords(language: options.language)
    switch command {
    case .togglePlot:
      showsPlot.toggle()
      return nil
    case .toggleLoop:
      loopsReplay.toggle()
      return StatusLine.Note(loopsReplay ? "replays loop (L stops)" : "replays play once", kind: .info)
    case .stepFrame(let count):
      scrubber.step(by: count)
      return nil
    case .clearGhost:
      guard ghost != nil else { return nil }
      ghost = nil
      return StatusLine.Note("the ghost of the run before the edit is cleared", kind: .info)
    case .toggleTake:
      guard var takes, options.replay == nil, !isReplaying(primary) else { return nil }
      defer { self.takes = takes }
      if takes.isTaking {
        return Self.announce { () throws(LabError) in
          switch try takes.stop(at: time) {
          case .written(let events): words.recorded(events, to: takes.path)
          case .keptEarlier: words.nothingRecorded(keeping: takes.path)
          case nil: nil
          }
        }
      }
      restart(&primary, playing: nil, at: time)
      takes.start(at: time)
      return StatusLine.Note(words.takeStarted(to: takes.path), kind: .info)
    case .replayTake:
      guard var takes, options.replay == nil else { return nil }
      var note: StatusLine.Note?
      if takes.isTaking {
        note = Self.announce { () throws(LabError) -> String? in
          try takes.stop(at: time)
          return nil
        }
      }
      self.takes = takes
      var script: GestureScript?
      let replayNote = Self.announce { () throws(LabError) in
        script = try takes.scriptToReplay()
        return script == nil ? words.nothingToReplay : nil
      }
      guard let script else { return replayNote ?? note }
      restart(&primary, playing: script, at: time)
      replaysTake = true
      replayedScript = script
      return note
    case .playMatchAgain:
      guard let match else { return nil }
      restart(
        &primary, playing: GestureScript(events: [ScriptEvent(time: match.recording.duration, action: .end)]),
        at: time)
      match.restart(at: time)
      return nil
    }
  }

  /// Starts both tables afresh at `time` with their current tunings and data-source settings
  /// (the panel may have changed either), playing `script` (in script time, which starts now,
  /// any wait before its first line past `ScriptRecorder.leadIn` skipped: a take recorded
  /// before the trim replays from its first touch too) if given.
  private mutating func restart(_ primary: inout ListDriver, playing script: GestureScript?, at time: Double)
  {
    let shifted = script.map { script in
      let trim = max(0, (script.events.first?.time ?? 0) - ScriptRecorder.leadIn)
      return GestureScript(
        events: script.events.map { ScriptEvent(time: $0.time - trim + time, action: $0.action) })
    }
    func fresh(_ old: ListDriver) -> ListDriver {
      ListDriver(
        tuning: old.controller.tuning, data: old.dataSource.configuration, viewport: old.viewport,
        rowHeight: old.rowHeight, script: shifted, origin: old.origin,
        reducesMotion: old.reducesMotion)
    }
    primary = fresh(primary)
    companion = companion.map(fresh)
    scrubber.startRun()
    replaysTake = false
    lastFrame = nil
  }

  /// With the loop on (L), starts the replay again once it has played out and everything has
  /// settled; whether it did.
  mutating func loopReplay(_ primary: inout ListDriver, at time: Double) -> Bool {
    guard loopsReplay, replaysTake, !scrubber.isScrubbing, primary.reachedScriptEnd, primary.isIdle,
      isIdle, isSettled,
      let script = replayedScript
    else { return false }
    restart(&primary, playing: script, at: time)
    replaysTake = true
    return true
  }

  /// The file of the take under way, which `finish` will write; nil when none is.
  var takePath: String? {
    takes?.isTaking == true ? takes?.path : nil
  }

  /// Saves a take still under way when the window closes; a failure here fails the run,
  /// as `--record` always has.
  mutating func finish(at time: Double) throws(LabError) {
    try takes?.stop(at: time)
  }

  /// Runs `action` and prints its message, or its error, as one line; returns it for the
  /// status line.
  private static func announce(_ action: () throws(LabError) -> String?) -> StatusLine.Note? {
    do throws(LabError) {
      guard let message = try action() else { return nil }
      print("refresh-lab: \(message)")
      return StatusLine.Note(message, kind: .info)
    } catch {
      RefreshLabApp.report(error.description)
      return StatusLine.Note(error.description, kind: .error)
    }
  }
}
