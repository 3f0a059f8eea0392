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
    abstract: "Serve the web page over HTTP for a phone, its addresses printed as URLs and QR codes.",
    discussion: """
      It listens on loopback (127.0.0.1) unless --address names another: there only this machine \
      opens the page, so it prints no QR code but how to reach it from a phone. --address 0.0.0.0 listens on every IPv4 address of \
      this machine (:: on every IPv6 and IPv4 one) and prints each address with its QR code, so a \
      phone on the same network opens it with its camera; one address of this machine prints that \
      one. Only / answers the page; other paths are 404. Ctrl-C (SIGINT) or SIGTERM stops it.
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
    let (url, lines) = Self.announcement(
      source: source, address: address, port: server.port,
      networkHosts: Self.isEveryAddress(address) ? MachineAddresses.hosts(ipv6: address == "::") : [])
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

  /// Whether `address` stands for every address of the machine (0.0.0.0: IPv4's; ::, IPv6's
  /// and IPv4's).
  static func isEveryAddress(_ address: String) -> Bool { address == "0.0.0.0" || address == "::" }

  /// What `serve` prints once it listens, and the URL its stop line names. On loopback, the URL
  /// and one line on reaching it from a phone, no QR code (a phone cannot open it); on every
  /// address, this machine's URL and then each of `networkHosts` with its QR code; on one
  /// address, its URL and QR code.
  static func announcement(source: String, address: String, port: UInt16, networkHosts: [String])
    -> (url: String, lines: [String])
  {
    func url(_ host: String) -> String { "http://\(host):\(port)/" }
    func code(_ url: String) -> [String] {
      TerminalQRCode.lines(of: url) ?? ["(the address is too long for a QR code)"]
    }
    var lines: [String]
    let shown: String
    if isLoopback(address) {
      shown = url(address.contains(":") ? "[\(address)]" : address)
      lines = [
        "Serving the page for \(source) at \(shown)",
        "Listening on loopback only: this machine alone can open it. For a phone on the same network, "
          + "run with --address 0.0.0.0 (or this machine's address on that network) and open the address "
          + "it prints, or scan its QR code.",
      ]
    } else if isEveryAddress(address) {
      shown = url("127.0.0.1")
      lines = [
        "Serving the page for \(source) at \(shown) on this machine, listening on every address (\(address))."
      ]
      if networkHosts.isEmpty {
        lines.append(
          "This machine has no address on a network that is up: connect it to the phone's network "
            + "and start serve again.")
      } else {
        lines.append(
          networkHosts.count == 1
            ? "A phone on the same network opens it at:"
            : "A phone on the same network opens it at any of these \(networkHosts.count) addresses:")
        for host in networkHosts { lines += [url(host)] + code(url(host)) }
      }
    } else {
      shown = url(address.contains(":") ? "[\(address)]" : address)
      lines =
        [
          "Serving the page for \(source) at \(shown)",
          "Listening on \(address): anything on the network that reaches this machine can open it.",
        ] + code(shown)
    }
    lines.append("Ctrl-C stops it.")
    return (shown, lines)
  }
}
