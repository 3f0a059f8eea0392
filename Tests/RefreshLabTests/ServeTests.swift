import Foundation
import TestKit
import Testing

@testable import RefreshLab

/// Issue 42: `refresh-lab serve --format web`, the real program on loopback: it prints its URL
/// and a QR code of it, answers the exported page's exact bytes over HTTP, and stops cleanly on
/// SIGINT and SIGTERM. Port 0 lets the system choose a free port, which the URL then names.
@Suite(.serialized) struct ServeTests {
  /// The program's standard output, read line by line as it comes.
  final class Lines: @unchecked Sendable {
    private let condition = NSCondition()
    private var text = ""
    func append(_ data: Data) {
      condition.withLock {
        text += String(decoding: data, as: UTF8.self)
        condition.broadcast()
      }
    }
    var all: String { condition.withLock { text } }

    /// Waits until `found` finds what it looks for in the text so far, woken by each append
    /// (not by a clock), `seconds` at most; past the limit fails naming `what` it waited for.
    func wait<T>(for what: String, within seconds: Double, _ found: (String) -> T?) throws -> T {
      let deadline = Date(timeIntervalSinceNow: seconds)
      condition.lock()
      defer { condition.unlock() }
      while true {
        if let result = found(text) { return result }
        guard condition.wait(until: deadline) else {
          if let result = found(text) { return result }
          throw TimedOut(what: what, seconds: seconds)
        }
      }
    }
  }

  /// The QR code qrencode (libqrencode's own command) draws for `url`.
  func qrCode(_ url: String) throws -> String {
    try LocalTool.run(try LocalTool.find("qrencode"), ["-t", "UTF8", "-m", "2", url]).output
  }

  /// The addresses of this machine's interfaces that are up, not loopback, nor IPv6 link-local,
  /// read here with getifaddrs as the test's own reference, as URL hosts.
  static func networkHosts(ipv6: Bool) -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return [] }
    defer { freeifaddrs(list) }
    var hosts: [(Int32, String)] = []
    for entry in sequence(first: list!, next: { $0.pointee.ifa_next }) {
      let flags = Int32(entry.pointee.ifa_flags)
      guard let name = entry.pointee.ifa_addr, flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let family = Int32(name.pointee.sa_family)
      guard family == AF_INET || (ipv6 && family == AF_INET6) else { continue }
      let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
      guard getnameinfo(name, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
      else { continue }
      let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if text.lowercased().hasPrefix("fe8") || text.lowercased().hasPrefix("fe9")
        || text.lowercased().hasPrefix("fea") || text.lowercased().hasPrefix("feb")
      {
        continue
      }
      let shown = family == AF_INET ? text : "[\(text)]"
      if !hosts.contains(where: { $0.1 == shown }) { hosts.append((family, shown)) }
    }
    return hosts.filter { $0.0 == AF_INET }.map(\.1) + hosts.filter { $0.0 == AF_INET6 }.map(\.1)
  }

  /// Bound to every address, it prints each address of the machine with its QR code (and
  /// answers on loopback, the only address a test connects to).
  @Test(arguments: ["0.0.0.0", "::"])
  func onEveryAddressItPrintsEachAddressWithItsQRCode(address: String) throws {
    let (server, url, lines, _) = try start(["--preset", "material", "--address", address])
    defer {
      if server.isRunning {
        kill(server.processIdentifier, SIGTERM)
        try? server.wait(for: "refresh-lab serve to stop", within: 10)
      }
    }
    #expect(try fetch(url).status == "HTTP/1.1 200 OK")
    #expect(try fetch(url, path: "/x").status == "HTTP/1.1 404 Not Found")
    let port = try #require(url.split(separator: ":").last?.split(separator: "/").first)
    let hosts = Self.networkHosts(ipv6: address == "::")
    let text = lines.all
    let printed = text.matches(of: /http:\/\/[^ \n]+\//).map { String($0.output) }
    #expect(
      printed == [url] + hosts.map { "http://\($0):\(port)/" }, "printed \(printed), the machine has \(hosts)"
    )
    if hosts.isEmpty {
      #expect(text.contains("no address on a network that is up"))
    }
    for host in hosts {
      let shown = "http://\(host):\(port)/"
      #expect(text.contains(shown + "\n" + (try qrCode(shown))), "no QR code under \(shown)")
    }
    #expect(!text.contains(try qrCode(url)), "a QR code of the loopback URL")
    print("serve --address \(address): \(hosts.count) addresses, each with its QR code: \(hosts)")
  }

  /// The server started with `arguments`, its URL once printed, and its printed lines.
  func start(_ arguments: [String]) throws -> (Process, url: String, lines: Lines, errors: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: AppWindow.appPath)
    process.arguments = ["serve", "--format", "web", "--port", "0"] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let lines = Lines()
    output.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty { handle.readabilityHandler = nil } else { lines.append(data) }
    }
    try process.run()
    let printed = "refresh-lab serve to print its URL and its QR code"
    let url = try lines.wait(for: printed, within: 30) { (text: String) -> String? in
      guard text.contains("Ctrl-C stops it.") else { return nil }
      return text.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\//).map { String($0.output) }
    }
    return (process, url, lines, errors)
  }

  /// One HTTP request over loopback, answered within 10 s: the status line and the body.
  func fetch(_ url: String, method: String = "GET", path: String = "/") throws -> (status: String, body: Data)
  {
    guard let port = url.split(separator: ":").last?.split(separator: "/").first.flatMap({ UInt16($0) })
    else {
      throw EndToEndError.failed("no port in \(url)")
    }
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw EndToEndError.failed("cannot connect to \(url): errno \(errno)") }
    let request = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    guard write(socket, request, request.count) == request.count else {
      throw EndToEndError.failed("cannot send the request to \(url)")
    }
    var response = Data()
    let deadline = Date(timeIntervalSinceNow: 10)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      guard deadline.timeIntervalSinceNow > 0 else {
        throw TimedOut(what: "the answer from \(url)", seconds: 10)
      }
      var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 100) > 0 else { continue }
      let count = read(socket, &chunk, chunk.count)
      if count <= 0 { break }
      response.append(contentsOf: chunk[..<count])
    }
    guard let split = response.firstRange(of: Data("\r\n\r\n".utf8)) else {
      throw EndToEndError.failed("\(url) answered no HTTP head: \(response.count) bytes")
    }
    let head = String(decoding: response[..<split.lowerBound], as: UTF8.self)
    return (head.components(separatedBy: "\r\n").first ?? "", response[split.upperBound...])
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func itServesTheExportedPageOnLoopbackAndStopsCleanly(signal: Int32) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let exported = folder.file("smart.html")
    let export = try LocalTool.run(
      AppWindow.appPath, ["export", "--format", "web", "--preset", "smart", "--output", exported])
    #expect(export.status == 0)
    let (server, url, lines, errors) = try start(["--preset", "smart"])
    defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
    let page = try fetch(url)
    #expect(page.status == "HTTP/1.1 200 OK")
    #expect(
      page.body == (try Data(contentsOf: URL(fileURLWithPath: exported))),
      "the served page is not the export's")
    #expect(try fetch(url, method: "HEAD").body.isEmpty)
    #expect(try fetch(url, method: "POST").status == "HTTP/1.1 405 Method Not Allowed")
    // Only / is the page (its query is the page's own); any other path is 404.
    #expect(try fetch(url, path: "/?fail-rate=0.3&seed=2").body == page.body)
    for other in ["/x", "/favicon.ico", "/index.html", "//", "/refresh.html?x=1"] {
      #expect(try fetch(url, path: other).status == "HTTP/1.1 404 Not Found", "\(other) is not 404")
    }
    #expect(try fetch(url, method: "HEAD", path: "/x").status == "HTTP/1.1 404 Not Found")

    // On loopback a phone cannot open it: no QR code, one line on how it could.
    #expect(!lines.all.contains("\u{2588}") && !lines.all.contains("\u{2580}"), "a QR code of a loopback URL")
    let hint = lines.all.split(separator: "\n").filter { $0.contains("phone") }
    #expect(hint.count == 1 && hint[0].contains("--address 0.0.0.0"), "\(lines.all)")

    kill(server.processIdentifier, signal)
    try server.wait(for: "refresh-lab serve to stop on signal \(signal)", within: 10)
    #expect(server.terminationStatus == 0)
    let said = String(
      decoding: try errors.fileHandleForReading.readToEnd(of: "serve's standard error", within: 5),
      as: UTF8.self)
    let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
    #expect(said == "refresh-lab: stopped by \(name); \(url) is no longer served\n")
  }
}
