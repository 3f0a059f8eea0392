import RefreshCore

/// One run of the app: loads what the options name, then hands over to the window or to the
/// headless replay.
@MainActor
struct AppLaunch {
  let options: LabOptions

  func run() throws(LabError) {
    try OutputCheck.check(options)
    let options = rememberingTuning()
    let tuning: Tuning
    do throws(LabError) {
      tuning = try Self.loadTuning(options)
    } catch  where options.tuningIsRemembered {
      // The file saved last time is the lab's, not a flag the person typed: a bad one is said,
      // and the window opens with the defaults rather than not at all.
      RefreshLabApp.report(error.description + "; opening with the iOS defaults")
      var fresh = options
      fresh.tuningFile = nil
      fresh.tuningIsRemembered = false
      return try Self(options: fresh).start(tuning: Tuning())
    }
    try start(tuning: tuning, options: options)
  }

  /// The options with the tuning saved last time, for a person's window session that names
  /// none: the file Ctrl+S writes without `--tuning`, when it exists.
  func rememberingTuning() -> LabOptions {
    var options = self.options
    guard options.remembersTuning, options.tuningFile == nil, options.preset == nil else {
      return options
    }
    let remembered = options.outputFolder.file(TuningFileLink.defaultPath)
    guard (try? FileReading.read(remembered)) != nil else { return options }
    options.tuningFile = remembered
    options.tuningIsRemembered = true
    return options
  }

  private func start(tuning: Tuning, options: LabOptions? = nil) throws(LabError) {
    var options = options ?? self.options
    if let path = options.match {
      // The fitter's inputs drive the list (`MatchView.drive`), with its fitted tuning and a
      // data source that answers when the recording's collapse begins; the table is the
      // recording's size in the fit's points unless `--size` names one.
      let match = try MatchRecording.load(path, baseTuning: tuning)
      if !options.sizeIsGiven { options.size = match.sizeInPoints }
      if let latency = match.latency { options.data.latency = latency }
      print("refresh-lab: --match " + FitReport.summary(match.fit, path: path, assumed: match.assumed))
      // One play: the inputs are driven by the match view (`MatchView.drive`); the script only
      // ends a headless run.
      let script = GestureScript(events: [ScriptEvent(time: match.duration, action: .end)])
      if options.headless {
        try HeadlessRunner(options: options, tuning: match.tuning, script: script, match: match).run()
      } else {
        try WindowRunner(options: options, tuning: match.tuning, script: script, match: match).run()
      }
      return
    }
    let script = try options.replay.map { path throws(LabError) in try GestureScript.load(path) }
    // The compared table's tuning is the file alone, over the iOS defaults.
    let compared = try options.compare.map { path throws(LabError) in try TuningFile.load(path) }
    if options.headless, let script {
      try HeadlessRunner(options: options, tuning: tuning, script: script, compareTuning: compared).run()
    } else {
      try WindowRunner(options: options, tuning: tuning, script: script, compareTuning: compared).run()
    }
  }

  /// The preset (or iOS defaults), with the tuning file's keys laid over it.
  func loadTuning() throws(LabError) -> Tuning { try Self.loadTuning(options) }

  static func loadTuning(_ options: LabOptions) throws(LabError) -> Tuning {
    if let path = options.tuningFile { return try TuningFile.load(path, over: options.preset) }
    return options.preset?.tuning ?? Tuning()
  }
}
