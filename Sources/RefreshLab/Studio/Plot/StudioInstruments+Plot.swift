extension StudioInstruments {
  /// The frames a headless replay of `script` at `fps` can draw, so the plot keeps all of
  /// them: up to the `end` line, or the settling allowance past the last event.
  static func headlessCapacity(script: GestureScript, fps: Int, plotting: Bool) -> Int {
    guard plotting else { return 1 }
    let last = script.endTime ?? ((script.events.last?.time ?? 0) + HeadlessRunner.settleAllowance)
    return Int((last * Double(fps)).rounded(.up)) + 2
  }

  /// Writes `--plot` for the replay just run, if asked.
  func writePlot(_ primary: ListDriver) throws(LabError) {
    guard let path = options.plot else { return }
    var subtitle = "\(StudioNames.source(of: options)): \(StudioNames.summary(of: primary.controller.tuning))"
    if let companion, let other = options.compare {
      subtitle +=
        "  vs  \(StudioNames.fileName(other)): \(StudioNames.summary(of: companion.controller.tuning))"
        + "  ·  bands: \(StudioNames.source(of: options))"
    }
    let duration = samples.last.map { $0.time.fixed(2) } ?? "0"
    subtitle += "  ·  \(options.fps) fps, \(duration) s"
    let script = options.replay.map(StudioNames.fileName) ?? "live input"
    let caption = PlotCaption(
      title: "RefreshLab motion: \(script)", subtitle: subtitle,
      frameHeading: "render time per frame (ms)", timeHeading: "time (s)",
      primaryName: StudioNames.source(of: options), compareName: options.compare.map(StudioNames.fileName))
    try PlotDocument.write(samples, caption: caption, to: path, session: surface.sdl)
  }
}
