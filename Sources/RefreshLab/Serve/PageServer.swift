#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `refresh-lab serve`: the web page over HTTP on one address and port, so a phone on the same
/// network opens it. One connection at a time, each closed after its answer: the page is one
/// file and a phone asks for it once. Only `/` answers the page (its query, `?fail-rate=0.3`,
/// is the page's to read); every other path is 404 and only GET and HEAD are served.
struct PageServer: ~Copyable {
  private let socket: Int32
  /// The port listened on: the one asked for, or the one the system chose for port 0.
  let port: UInt16
  let address: String

  /// Listens on `address` (IPv4 or IPv6, numeric) and `port`, or fails naming the flag.
  init(address: String, port: UInt16) throws(LabError) {
    var ipv4 = in_addr()
    var ipv6 = in6_addr()
    let family: Int32
    if inet_pton(AF_INET, address, &ipv4) == 1 {
      family = AF_INET
    } else if inet_pton(AF_INET6, address, &ipv6) == 1 {
      family = AF_INET6
    } else {
      throw .badFlag(
        flag: "--address",
        message:
          "\"\(address)\" is not a numeric IP address; give one of this machine's (ip -brief address), "
          + "0.0.0.0 for all, or leave it out for loopback")
    }
    let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw .shell("serve: no socket: \(Self.reason())") }
    var yes: Int32 = 1
    _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    if family == AF_INET6 {
      // `::` takes IPv4 too (as mapped addresses), whatever the system's bindv6only says.
      var no: Int32 = 0
      _ = setsockopt(socket, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &no, socklen_t(MemoryLayout<Int32>.size))
    }
    let bound: Int32
    if family == AF_INET {
      var name = sockaddr_in()
      name.sin_family = sa_family_t(AF_INET)
      name.sin_port = port.bigEndian
      name.sin_addr = ipv4
      bound = withUnsafePointer(to: &name) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    } else {
      var name = sockaddr_in6()
      name.sin6_family = sa_family_t(AF_INET6)
      name.sin6_port = port.bigEndian
      name.sin6_addr = ipv6
      bound = withUnsafePointer(to: &name) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    guard bound == 0, listen(socket, 16) == 0 else {
      let code = errno
      let reason = Self.reason()
      close(socket)
      let flag = code == EADDRINUSE || code == EACCES ? "--port" : "--address"
      throw .badFlag(
        flag: flag,
        message: "cannot listen on \(address) port \(port): \(reason); "
          + (flag == "--port"
            ? "give another --port (0 lets the system choose)"
            : "give an address of this machine (ip -brief address), or leave --address out for loopback"))
    }
    var name = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &name) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    let chosen = withUnsafePointer(to: &name) {
      $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
    }
    self.socket = socket
    self.port = chosen
    self.address = address
  }

  deinit { close(socket) }

  /// Answers requests with `page` until `stop` says so; `stop` is asked at least every 200 ms.
  func serve(_ page: [UInt8], until stop: () -> Bool) {
    while !stop() {
      var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 200) > 0 else { continue }
      let connection = accept(socket, nil, nil)
      guard connection >= 0 else { continue }
      answer(connection, page)
      close(connection)
    }
  }

  /// Reads one request (its head, 16 KB at most, 5 s at most) and answers it.
  private func answer(_ connection: Int32, _ page: [UInt8]) {
    var head: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while head.count < 16384, !head.contains(end) {
      var waiting = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 5000) > 0 else { return }
      let count = read(connection, &chunk, chunk.count)
      guard count > 0 else { return }
      head.append(contentsOf: chunk[..<count])
    }
    // The request line: METHOD SP TARGET SP VERSION.
    let line = head.split(separator: UInt8(ascii: "\r"), maxSplits: 1).first ?? []
    let words = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    let method = words.first ?? ""
    let target = words.count > 1 ? words[1] : "/"
    let response: [UInt8]
    if method != "GET" && method != "HEAD" {
      response = Self.response(
        status: "405 Method Not Allowed", type: "text/plain", body: Array("GET only\n".utf8))
    } else if Self.path(of: target) != "/" {
      response = Self.response(
        status: "404 Not Found", type: "text/plain", body: Array("Not found: the page is at /\n".utf8),
        headOnly: method == "HEAD")
    } else {
      response = Self.response(
        status: "200 OK", type: "text/html; charset=utf-8", body: page, headOnly: method == "HEAD")
    }
    var sent = 0
    while sent < response.count {
      let count = response[sent...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return }
      sent += count
    }
  }

  /// The path of a request's target, without its query or fragment.
  static func path(of target: String) -> Substring {
    target.prefix { $0 != "?" && $0 != "#" }
  }

  static func response(status: String, type: String, body: [UInt8], headOnly: Bool = false) -> [UInt8] {
    let head =
      "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
      + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    return Array(head.utf8) + (headOnly ? [] : body)
  }

  static func reason() -> String { String(cString: strerror(errno)) }
}
