import RefreshCore

/// One run of the app: loads what the options name, then hands over to the window or to the
/// headless replay.
@MainActor
struct AppLaunch {
  let options: LabOptions

  func run() throws(LabError) {
    try OutputCheck.check(options)
    let tuning = try loadTuning()
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
  func loadTuning() throws(LabError) -> Tuning {
    if let path = options.tuningFile { return try TuningFile.load(path, over: options.preset) }
    return options.preset?.tuning ?? Tuning()
  }
}
