import Foundation
import TestKit

/// Headless Chromium driven over the DevTools protocol on `--remote-debugging-pipe`: commands
/// are JSON objects ended by a NUL byte, written to the browser's descriptor 3, and its answers
/// and events come back the same way on descriptor 4. No socket, so no network at all. Every
/// answer is awaited for a limited time and a wait that runs out fails naming the command.
final class DevToolsBrowser {
  private let pid: pid_t
  private let commands: Int32
  private let answers: Int32
  private var pending: [UInt8] = []
  private var nextID = 1
  /// Events received while waiting for an answer, oldest first.
  private(set) var events: [(method: String, params: [String: Any])] = []
  /// The page's session (`Target.attachToTarget` with `flatten`), once `open` has run.
  private var session: String?
  private var stopped = false
  /// How long one answer may take.
  let limit: Double

  /// Starts `chromium` headless with a profile in `profile`, or fails naming what failed.
  init(chromium: String, profile: String, limit: Double = 20) throws {
    self.limit = limit
    var toBrowser: [Int32] = [-1, -1]
    var fromBrowser: [Int32] = [-1, -1]
    guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
      throw EndToEndError.failed("no pipe for chromium's DevTools: errno \(errno)")
    }
    // Close-on-exec on all four: only the copies made below reach the browser.
    for descriptor in toBrowser + fromBrowser { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copies: the browser keeps 3 and 4 and nothing else.
    posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
    posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The test runner may block signals its children inherit; the browser gets none blocked.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let arguments = [
      chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
      "--user-data-dir=\(profile)", "--no-first-run", "--hide-scrollbars", "--window-size=400,700",
      "about:blank",
    ]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, chromium, &actions, &attributes, &argv, environ)
    close(toBrowser[0])
    close(fromBrowser[1])
    guard status == 0 else {
      close(toBrowser[1])
      close(fromBrowser[0])
      throw EndToEndError.failed("\(chromium) did not start: errno \(status)")
    }
    self.pid = pid
    commands = toBrowser[1]
    answers = fromBrowser[0]
  }

  deinit { stop() }

  /// Ends the browser (SIGKILL: a headless browser holds nothing to save) and reaps it.
  func stop() {
    guard !stopped else { return }
    stopped = true
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(commands)
    close(answers)
  }

  /// Sends `method` to the page's session (or the browser's, before `open`) and returns its
  /// result, or fails naming the command and the browser's error.
  @discardableResult
  func send(_ method: String, _ params: [String: Any] = [:], toBrowser: Bool = false) throws -> [String: Any]
  {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["id": id, "method": method, "params": params]
    if let session, !toBrowser { message["sessionId"] = session }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
      guard count > 0 else {
        throw EndToEndError.failed("chromium closed its DevTools pipe before \(method)")
      }
      written += count
    }
    let deadline = Date(timeIntervalSinceNow: limit)
    while true {
      let object = try nextMessage(waitingFor: "chromium's answer to \(method)", until: deadline)
      if object["id"] as? Int == id {
        if let error = object["error"] as? [String: Any] {
          throw EndToEndError.failed("\(method): \(error["message"] ?? error)")
        }
        return object["result"] as? [String: Any] ?? [:]
      }
      if let name = object["method"] as? String {
        events.append((name, object["params"] as? [String: Any] ?? [:]))
      }
    }
  }

  /// Waits for the event `method` (one already received counts).
  func waitFor(event method: String) throws {
    let deadline = Date(timeIntervalSinceNow: limit)
    while !events.contains(where: { $0.method == method }) {
      let object = try nextMessage(waitingFor: "chromium's event \(method)", until: deadline)
      if let name = object["method"] as? String {
        events.append((name, object["params"] as? [String: Any] ?? [:]))
      }
    }
  }

  /// Opens `url` in a new page of `width`×`height` CSS pixels at a device pixel ratio of 1, with
  /// `touchPoints` fingers at most, attaches to it and waits until it has loaded.
  ///
  /// With `steppedClock`, the exported page's clock is the test's `refreshLab.time` from its
  /// first frame on, 0 until the test steps it: set after the load, the page's frames had run on
  /// the wall clock until then, and on a loaded machine they had carried its list seconds ahead
  /// of the test's first step (a wheel at 0.2 s met a list already at 0.4 s).
  func open(
    _ url: String, width: Int, height: Int, offline: Bool, touchPoints: Int = 1, steppedClock: Bool = false
  ) throws {
    let target = try send("Target.createTarget", ["url": "about:blank"], toBrowser: true)
    let attached = try send(
      "Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true], toBrowser: true)
    session = attached["sessionId"] as? String
    try send("Page.enable")
    try send("Network.enable")
    if offline {
      try send(
        "Network.emulateNetworkConditions",
        ["offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
    }
    try send(
      "Emulation.setDeviceMetricsOverride",
      ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    try send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": touchPoints])
    if steppedClock {
      try send(
        "Page.addScriptToEvaluateOnNewDocument",
        ["source": "window.refreshLab = { time: 0, clock: function () { return window.refreshLab.time; } };"])
    }
    events.removeAll()
    try send("Page.navigate", ["url": url])
    try waitFor(event: "Page.loadEventFired")
    if steppedClock,
      try evaluate("typeof refreshLab.clock === 'function' && refreshLab.clock() === 0") as? Bool != true
    {
      throw EndToEndError.failed("\(url) replaced the test's clock (refreshLab.clock) as it loaded")
    }
  }

  /// Evaluates `expression` until it is true, `tries` times at most (the browser runs its
  /// frames between them), or fails naming `what` it waited for.
  func waitUntil(_ expression: String, _ what: String, tries: Int = 200) throws {
    for _ in 0..<tries where try evaluate(expression) as? Bool == true { return }
    throw EndToEndError.failed("the page did not \(what) in \(tries) evaluations of \(expression)")
  }

  /// The URLs the page asked for since `open` began loading it (`Network.requestWillBeSent`).
  var requestedURLs: [String] {
    events.filter { $0.method == "Network.requestWillBeSent" }
      .compactMap { ($0.params["request"] as? [String: Any])?["url"] as? String }
  }

  /// The value of `expression` in the page, as JSON decodes it.
  @discardableResult
  func evaluate(_ expression: String) throws -> Any? {
    let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
    if let exception = result["exceptionDetails"] as? [String: Any] {
      throw EndToEndError.failed("the page threw on \(expression): \(exception)")
    }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// The page as shown now, a PNG: the whole viewport, or its top `top` CSS pixels `width` wide.
  func screenshot(top: Int? = nil, width: Int = 400) throws -> Data {
    var params: [String: Any] = ["format": "png"]
    if let top { params["clip"] = ["x": 0, "y": 0, "width": width, "height": top, "scale": 1] }
    let result = try send("Page.captureScreenshot", params)
    guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
      throw EndToEndError.failed("Page.captureScreenshot gave no PNG")
    }
    return data
  }

  /// The next whole message from the browser, waiting no later than `deadline`.
  private func nextMessage(waitingFor what: String, until deadline: Date) throws -> [String: Any] {
    while true {
      if let end = pending.firstIndex(of: 0) {
        let bytes = Data(pending[..<end])
        pending.removeFirst(end + 1)
        guard let object = try JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
          throw EndToEndError.failed(
            "chromium sent a message that is not an object while waiting for \(what)")
        }
        return object
      }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { throw TimedOut(what: what, seconds: limit) }
      var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(remaining * 1000) + 1)
      guard ready > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = read(answers, &chunk, chunk.count)
      guard count > 0 else {
        throw EndToEndError.failed("chromium closed its DevTools pipe while waiting for \(what)")
      }
      pending.append(contentsOf: chunk[..<count])
    }
  }
}
