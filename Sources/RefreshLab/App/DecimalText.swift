#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Double {
  /// The value with `decimals` digits after the point ("%.*f"), as the C library rounds it:
  /// what `String(format:)` gave, without Foundation and its internationalization data.
  func fixed(_ decimals: Int) -> String {
    let precision = Int32(Swift.min(Swift.max(decimals, 0), 40))
    var buffer = [CChar](repeating: 0, count: 64)
    while true {
      let needed = withVaList([precision, self]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
      guard needed >= buffer.count else { break }
      buffer = [CChar](repeating: 0, count: Int(needed) + 1)
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
