#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The addresses a phone on this machine's networks could open the page at: every address of
/// an interface that is up, not loopback, as `getifaddrs` lists them, in its order, each once.
/// IPv6 link-local addresses (fe80::/10) are left out: a URL would need their interface's zone,
/// which browsers do not take.
enum MachineAddresses {
  /// The IPv4 addresses, and with `ipv6` the IPv6 ones after them, as URL hosts (IPv6 in
  /// brackets).
  static func hosts(ipv6: Bool) -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return [] }
    defer { freeifaddrs(list) }
    var four: [String] = []
    var six: [String] = []
    var entry = list
    while let current = entry {
      defer { entry = current.pointee.ifa_next }
      let flags = Int32(current.pointee.ifa_flags)
      guard let name = current.pointee.ifa_addr, flags & Int32(IFF_UP) != 0,
        flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      switch Int32(name.pointee.sa_family) {
      case AF_INET:
        var address = name.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
        if let text = Self.text(AF_INET, &address, Int(INET_ADDRSTRLEN)), !four.contains(text) {
          four.append(text)
        }
      case AF_INET6 where ipv6:
        var address = name.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
        let linkLocal = withUnsafeBytes(of: &address) { $0[0] == 0xFE && $0[1] & 0xC0 == 0x80 }
        if !linkLocal, let text = Self.text(AF_INET6, &address, Int(INET6_ADDRSTRLEN)),
          !six.contains("[\(text)]")
        {
          six.append("[\(text)]")
        }
      default: continue
      }
    }
    return four + six
  }

  private static func text(_ family: Int32, _ address: UnsafeRawPointer, _ size: Int) -> String? {
    var text = [CChar](repeating: 0, count: size)
    guard inet_ntop(family, address, &text, socklen_t(size)) != nil else { return nil }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
