import ArgumentParser
import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `refresh-lab serve --format web`: the exported page over HTTP, its address printed as a URL
/// and a QR code, so a phone on the same network opens it with its camera.
public struct ServeCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the web page over HTTP and print its address as a URL and a QR code for a phone.",
    discussion: """
      It listens on loopback (127.0.0.1) unless --address names another: then only this machine can \
      open the page. --address 0.0.0.0 listens on every address of this machine, so a phone on the \
      same network opens it. Ctrl-C (SIGINT) or SIGTERM stops it.
      """)

  /// The port served when none is named: the issue that asked for the page.
  static let defaultPort = 8042

  @Option(name: .long, help: ArgumentHelp("What to serve: web.", valueName: "format"))
  var format: String = "web"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A tuning preset: \(TuningPreset.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name")
  )
  var preset: String?

  @Option(name: .long, help: ArgumentHelp("A JSON tuning to serve.", valueName: "file"))
  var tuning: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A GIF header to embed (at most \(WebExport.embeddedHeaderLimit / 1024) KB).", valueName: "file"))
  var header: String?

  @Option(name: .long, help: ArgumentHelp("The port (0: any free one).", valueName: "n"))
  var port: Int = defaultPort

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The numeric address to listen on (loopback by default; 0.0.0.0 for every one).", valueName: "a")
  )
  var address: String = "127.0.0.1"

  public init() {}

  /// Serves until SIGINT or SIGTERM; a bad flag, tuning or address fails before anything listens.
  @MainActor func serve() throws(LabError) {
    let format = try ExportFormat.named(format, flag: "--format")
    guard format == .web else {
      throw .badFlag(flag: "--format", message: "serve serves the web page only; use --format web")
    }
    guard (0...65535).contains(port) else {
      throw .badFlag(flag: "--port", message: "\(port) is not a port; give 1 to 65535, or 0 for any free one")
    }
    let (tuning, source) = try ExportCommand.tuning(preset: preset, file: tuning)
    try WebExport.check(tuning)
    let embedded = try header.map { (path) throws(LabError) in try WebExport.Header.load(path) }
    let page = Array(WebExport.page(of: tuning, source: source, header: embedded).utf8)
    // Held from here on, so a stop at any moment ends the loop below rather than the process.
    StopSignals.hold()
    let server = try PageServer(address: address, port: UInt16(port))
    let url = "http://\(Self.host(shown: address)):\(server.port)/"
    var lines = ["Serving the page for \(source) at \(url)"]
    if Self.isLoopback(address) {
      lines.append(
        "Listening on loopback only: this machine alone can open it. For a phone on the same network, "
          + "run with --address 0.0.0.0 (or this machine's address on that network).")
    } else {
      lines.append("Listening on \(address): anything on the network that reaches this machine can open it.")
    }
    lines += TerminalQRCode.lines(of: url) ?? ["(the address is too long for a QR code)"]
    lines.append("Ctrl-C stops it.")
    print(lines.joined(separator: "\n"))
    fflush(nil)
    var signal: String?
    server.serve(page) {
      signal = StopSignals.take()
      return signal != nil
    }
    RefreshLabApp.report("stopped by \(signal ?? "a signal"); \(url) is no longer served")
  }

  static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") || address == "::1" }

  /// The host a phone opens: the address listened on, or for every address (0.0.0.0, ::) this
  /// machine's first address on a network that is up, loopback when it has none.
  static func host(shown address: String) -> String {
    guard address == "0.0.0.0" || address == "::" else {
      return address.contains(":") ? "[\(address)]" : address
    }
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return "127.0.0.1" }
    defer { freeifaddrs(list) }
    var entry = list
    while let current = entry {
      defer { entry = current.pointee.ifa_next }
      let flags = Int32(current.pointee.ifa_flags)
      guard let name = current.pointee.ifa_addr, name.pointee.sa_family == sa_family_t(AF_INET),
        flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      var ipv4 = name.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
      if inet_ntop(AF_INET, &ipv4, &text, socklen_t(text.count)) != nil {
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
    return "127.0.0.1"
  }
}
