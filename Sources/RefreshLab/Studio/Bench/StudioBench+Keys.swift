import RefreshSDL

extension StudioBench {
  /// Carries out `command` (its key reached the window, see `WindowCommand`) at `time`.
  /// `primary` is replaced by a fresh table when a recording or a replay starts. A recording
  /// that cannot be written is reported and the window stays open.
  mutating func perform(_ command: StudioCommand, at time: Double, primary: inout LabSession) {
    switch command {
    case .togglePlot:
      showsPlot.toggle()
    case .toggleRecording:
      guard var recording, options.replay == nil, !isReplaying(primary) else { return }
      if recording.isRecording {
        Self.announce { () throws(LabError) in
          let script = try recording.stop(at: time)
          return "recorded \((script?.events.count ?? 1) - 1) events to \(recording.path)"
        }
      } else {
        restart(&primary, playing: nil, at: time)
        recording.start(at: time)
      }
      self.recording = recording
    case .replayRecording:
      guard var recording, options.replay == nil else { return }
      if recording.isRecording {
        Self.announce { () throws(LabError) -> String? in
          try recording.stop(at: time)
          return nil
        }
      }
      self.recording = recording
      var script: GestureScript?
      Self.announce { () throws(LabError) in
        script = try recording.scriptToReplay()
        return script == nil ? "nothing recorded yet: press R to start and stop a recording" : nil
      }
      guard let script else { return }
      restart(&primary, playing: script, at: time)
      replaysRecording = true
    }
  }

  /// Starts both tables afresh at `time` with their current tunings and data-source settings
  /// (the panel may have changed either), playing `script` (in script time, which starts now)
  /// if given.
  private mutating func restart(_ primary: inout LabSession, playing script: GestureScript?, at time: Double)
  {
    let shifted = script.map { script in
      GestureScript(events: script.events.map { ScriptEvent(time: $0.time + time, action: $0.action) })
    }
    func fresh(_ old: LabSession) -> LabSession {
      LabSession(
        tuning: old.controller.tuning, data: old.dataSource.configuration, viewport: old.viewport,
        rowHeight: old.rowHeight, script: shifted, origin: old.origin)
    }
    primary = fresh(primary)
    companion = companion.map(fresh)
    replaysRecording = false
    lastFrame = nil
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

  /// Runs `action` and prints its message, or its error, as one line.
  private static func announce(_ action: () throws(LabError) -> String?) {
    do throws(LabError) {
      if let message = try action() { print("refresh-lab: \(message)") }
    } catch {
      RefreshLabApp.report(error.description)
    }
  }
}
