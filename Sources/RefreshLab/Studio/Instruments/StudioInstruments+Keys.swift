import RefreshSDL

extension StudioInstruments {
  /// Carries out `command` (its key reached the window, see `WindowCommand`) at `time`.
  /// `primary` is replaced by a fresh table when a recording or a replay starts. Returns what
  /// the status line should say: where a recording went, or why it could not be written (the
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
    case .toggleRecording:
      guard var recording, options.replay == nil, !isReplaying(primary) else { return nil }
      defer { self.recording = recording }
      if recording.isRecording {
        return Self.announce { () throws(LabError) in
          switch try recording.stop(at: time) {
          case .written(let events): words.recorded(events, to: recording.path)
          case .keptEarlier: words.nothingRecorded(keeping: recording.path)
          case nil: nil
          }
        }
      }
      restart(&primary, playing: nil, at: time)
      recording.start(at: time)
      return StatusLine.Note(words.recording(to: recording.path), kind: .info)
    case .replayRecording:
      guard var recording, options.replay == nil else { return nil }
      var note: StatusLine.Note?
      if recording.isRecording {
        note = Self.announce { () throws(LabError) -> String? in
          try recording.stop(at: time)
          return nil
        }
      }
      self.recording = recording
      var script: GestureScript?
      let replayNote = Self.announce { () throws(LabError) in
        script = try recording.scriptToReplay()
        return script == nil ? words.nothingToReplay : nil
      }
      guard let script else { return replayNote ?? note }
      restart(&primary, playing: script, at: time)
      replaysRecording = true
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
    replaysRecording = false
    lastFrame = nil
  }

  /// With the loop on (L), starts the replay again once it has played out and everything has
  /// settled; whether it did.
  mutating func loopReplay(_ primary: inout ListDriver, at time: Double) -> Bool {
    guard loopsReplay, replaysRecording, !scrubber.isScrubbing, primary.reachedScriptEnd, primary.isIdle,
      isIdle, isSettled,
      let script = replayedScript
    else { return false }
    restart(&primary, playing: script, at: time)
    replaysRecording = true
    return true
  }

  /// The file of the recording under way, which `finish` will write; nil when none is.
  var recordingPath: String? {
    recording?.isRecording == true ? recording?.path : nil
  }

  /// Saves a recording still under way when the window closes; a failure here fails the run,
  /// as `--record` always has.
  mutating func finish(at time: Double) throws(LabError) {
    try recording?.stop(at: time)
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
