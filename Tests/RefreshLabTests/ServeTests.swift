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
    private let lock = NSLock()
    private var text = ""
    func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
    var all: String { lock.withLock { text } }
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
    var url = ""
    try Waits.until("refresh-lab serve to print its URL and its QR code", within: 30) {
      let text = lines.all
      guard text.contains("Ctrl-C stops it."),
        let found = text.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\//)
      else { return false }
      url = String(found.output)
      return true
    }
    return (process, url, lines, errors)
  }

  /// One HTTP request over loopback, answered within 10 s: the status line and the body.
  func fetch(_ url: String, method: String = "GET") throws -> (status: String, body: Data) {
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
    let request = Array("\(method) / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
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
    #expect(lines.all.contains("Listening on loopback only"))

    // The QR code is the one qrencode (libqrencode's own command) draws for the URL.
    let reference = try LocalTool.run(try LocalTool.find("qrencode"), ["-t", "UTF8", "-m", "2", url])
    #expect(lines.all.contains(reference.output), "the QR code differs from qrencode's for \(url)")

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
