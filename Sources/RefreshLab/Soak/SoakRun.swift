import RefreshCore
import RefreshSDL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A soak: `SoakInput` played headless against the real session and table for simulated
/// `duration` seconds at `fps`, every frame drawn with the software renderer and checked:
///
/// - every number of the snapshot is finite;
/// - when nothing moves and nothing is pending, the insets are the baseline exactly (but for a
///   failed or no-more-data footer, which stays open) and the offset is inside its rest bounds;
/// - no row is lost or repeated: the content is the data source's rows, and each answer
///   changes them exactly as its request says (a page appended after the rows present, or a
///   fresh first page);
/// - one answer per request: each request is answered once, and no trigger starts a second
///   refresh or load-more while one is in flight;
/// - the table's texture cache holds no more than its capacity: what this frame and the last
///   drew, or the texts on screen, plus its slack (`TextCache.capacity`);
/// - with `checksMemory`, the resident memory stays flat after a warm-up.
///
/// Time is simulated, so an hour takes what its frames cost to compute and draw.
@MainActor
public struct SoakRun {
  /// A broken invariant: when, and what.
  public struct Failure: Error, CustomStringConvertible {
    public var time: Double
    public var message: String
    public var description: String { "soak failed at \(time.fixed(3)) s: \(message)" }
  }

  /// What a soak did.
  public struct Report: Sendable {
    public var seed: UInt64
    public var simulatedSeconds: Double
    public var frames = 0
    public var requests = 0
    public var answers = 0
    public var settledChecks = 0
    /// The most textures the table's text cache held after a frame, and its capacity then.
    public var mostTextures = 0
    public var textureBound = 0
    public var memoryGrowthBytes: Int?
    /// What the soak took on the wall clock, seconds.
    public var realSeconds = 0.0
    public var inputs: [String: Int] = [:]
    /// Every frame's snapshot, hashed: what determinism is checked on.
    public var digest = SoakDigest()

    /// One line of `key=value` pairs.
    public var line: String {
      let counts = inputs.keys.sorted().map { "\($0.replacingSpaces)=\(inputs[$0] ?? 0)" }
      return
        (["seed=\(seed)", "simulated_seconds=\(simulatedSeconds.fixed(0))", "frames=\(frames)"]
        + counts
        + [
          "requests=\(requests)", "answers=\(answers)", "settled_checks=\(settledChecks)",
          "most_textures=\(mostTextures)", "texture_bound=\(textureBound)", "digest=\(digest)",
        ] + (memoryGrowthBytes.map { ["memory_growth_kb=\($0 / 1024)"] } ?? [])
        + ["real_seconds=\(realSeconds.fixed(1))"]).joined(separator: " ")
    }
  }

  /// Resident memory may grow this much after the warm-up (caches reaching their working size).
  nonisolated static let memoryAllowance = 4 << 20
  /// Time left for caches and the allocator to reach their working size before memory is read.
  nonisolated static let warmUp = 300.0
  /// After the last input, how long the soak lets everything finish before its final checks.
  nonisolated static let finalSettle = 60.0

  /// Seeds the input and the data source.
  public var seed: UInt64
  /// Simulated seconds of input; a minute of settling follows.
  public var duration: Double
  /// Frames per simulated second.
  public var fps: Int
  /// Whether resident memory must stay flat (not in a test process, where other tests run).
  public var checksMemory: Bool
  /// The window, points.
  public var size = WindowSize.standard

  public init(seed: UInt64, duration: Double, fps: Int = 60, checksMemory: Bool = false) {
    self.seed = seed
    self.duration = duration
    self.fps = fps
    self.checksMemory = checksMemory
  }

  /// Plays the soak; throws the first broken invariant.
  public func run() throws -> Report {
    let wallClock = HighResolutionClock()
    let started = wallClock.now()
    var options = LabOptions()
    options.size = size
    options.data = DataSourceConfiguration(seed: seed)
    // Every frame whole, as the soak has always drawn them: its texture bound counts what this
    // frame and the last drew.
    options.fullRedraw = true
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    // The replay's frame, with no compared table and no outputs: the soak's sinks are its checks.
    var pipeline = try FramePipeline(
      options: options, surface: surface, compareTuning: nil, script: nil, sampleCapacity: 1,
      recordKeys: false)
    var session = pipeline.measuredTable(tuning: Tuning(), data: options.data, script: nil)
    var input = SoakInput(
      seed: seed, windowWidth: Double(size.width), windowHeight: Double(size.height), data: options.data,
      shortestLatency: 1.5 / Double(fps))
    var checker = SoakChecker(session: session, rowHeight: surface.rowHeight)
    var report = Report(seed: seed, simulatedSeconds: duration)
    var queue = input.next(after: 0)
    var memoryAfterWarmUp: Int?
    let end = duration + Self.finalSettle
    var frame = 0
    while true {
      let t = Double(frame) / Double(fps)
      if t > end { break }
      while let step = queue.first, step.time <= t {
        queue.removeFirst()
        try checker.observe(&session, at: step.time) { session throws(SoakRun.Failure) in
          switch step.action {
          case .event(let event): session.handle(event, at: step.time)
          case .tuning(let tuning): session.send(.setTuning(tuning, time: step.time))
          case .data(let data): session.setDataConfiguration(data, time: step.time)
          }
        }
        if queue.isEmpty, step.time < duration { queue = input.next(after: step.time) }
      }
      try checker.observe(&session, at: t) { session throws(SoakRun.Failure) in
        pipeline.advance(&session, to: t)
      }
      let shown = pipeline.snapshot(session, at: t)
      do throws(LabError) {
        // The soak draws the classic header, which nothing refuses.
        _ = try pipeline.draw(session, shown)
      } catch {
        throw Failure(time: t, message: "drawing failed: \(error)")
      }
      _ = pipeline.output(session, shown, nextFrameTime: Double(frame + 1) / Double(fps))
      try checker.checkFrame(session, at: t)
      report.digest.add(shown.table)
      try checker.checkTextures(surface.tableView.textCache, at: t)
      if checksMemory, frame % (fps * 60) == 0, t >= Self.warmUp {
        let resident = Self.residentBytes()
        if let first = memoryAfterWarmUp {
          report.memoryGrowthBytes = max(report.memoryGrowthBytes ?? 0, resident - first)
          guard resident - first <= Self.memoryAllowance else {
            throw Failure(
              time: t,
              message: "resident memory grew \((resident - first) / 1024) KB since \(Self.warmUp.fixed(0)) s")
          }
        } else {
          memoryAfterWarmUp = resident
        }
      }
      frame += 1
    }
    try checker.checkFinal(session, at: Double(frame - 1) / Double(fps))
    report.frames = frame
    report.requests = checker.requests
    report.answers = checker.answers
    report.settledChecks = checker.settledChecks
    report.mostTextures = checker.mostTextures
    report.textureBound = checker.textureBound
    report.inputs = input.counts
    report.realSeconds = wallClock.now() - started
    return report
  }

  /// The process's resident memory, bytes (Linux's /proc/self/statm; 0 where there is none).
  static func residentBytes() -> Int {
    guard let statm = try? FileReading.read("/proc/self/statm") else { return 0 }
    let fields = String(decoding: statm, as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

extension String {
  fileprivate var replacingSpaces: String { String(map { $0 == " " ? "_" : $0 }) }
}
