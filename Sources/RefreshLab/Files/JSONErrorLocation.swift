import FoundationEssentials

/// Finds where a JSON document is broken. `JSONDecoder` on Linux says only "not valid JSON";
/// the one Foundation API that gives a position (`JSONSerialization`) would bring Foundation's
/// internationalization data into every run, so a syntax check that stops at the first fault
/// finds the line and column instead. It only looks: `JSONDecoder` still does the decoding.
enum JSONErrorLocation {
  /// An error naming `path`, and the line when the check finds the fault.
  static func error(
    for context: DecodingError.Context, in data: Data, path: String
  ) -> LabError {
    let (line, detail) = locate(data)
    return .badJSON(path: path, line: line, message: "not valid JSON: \(detail)")
  }

  /// The 1-based line of the first syntax error in `data` and what is wrong there.
  static func locate(_ data: Data) -> (line: Int?, detail: String) {
    fault(in: data).map { ($0.line, $0.detail) } ?? (nil, "the document is not what was expected")
  }

  /// The first syntax fault of `data`, nil for a sound document.
  ///
  /// Callers check this before handing bytes to `JSONDecoder`: on Linux it traps while working
  /// out where some faults are (nesting past its 512 levels in a file with CR line ends, found
  /// by fuzz-tuning), which would end the app over a bad file instead of naming it.
  static func fault(in data: Data) -> (line: Int, detail: String)? {
    let bytes = [UInt8](data)
    if bytes.allSatisfy(_SyntaxCheck.isSpace) { return (1, "the file is empty") }
    var check = _SyntaxCheck(bytes: bytes)
    guard let fault = check.firstFault() else { return nil }
    let before = bytes.prefix(fault.offset)
    let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let column = fault.offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    return (line, "\(fault.message) at column \(column)")
  }
}

/// JSON's grammar (RFC 8259), checked byte by byte without building any value.
struct _SyntaxCheck {
  struct Fault: Error {
    var offset: Int
    var message: String
  }

  /// Deeper nesting is refused, as `JSONDecoder` refuses it, so the check's recursion is bounded.
  static let maximumDepth = 512

  let bytes: [UInt8]
  var index = 0

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The first fault of the document, nil when its syntax is sound.
  mutating func firstFault() -> Fault? {
    do throws(Fault) {
      try value(depth: 0)
      skipSpace()
      if index < bytes.count { throw fault("unexpected \(describe(bytes[index])) after the document") }
      return nil
    } catch {
      return error
    }
  }

  private mutating func value(depth: Int) throws(Fault) {
    skipSpace()
    guard index < bytes.count else { throw fault("the document ends where a value was expected") }
    guard depth < Self.maximumDepth else { throw fault("nested more than \(Self.maximumDepth) deep") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try object(depth: depth)
    case UInt8(ascii: "["): try array(depth: depth)
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    default:
      if startsComment { throw unexpected(where: "a value was expected") }
      throw fault("unexpected \(describe(bytes[index])) where a value was expected")
    }
  }

  private mutating func object(depth: Int) throws(Fault) {
    index += 1
    skipSpace()
    if consume(UInt8(ascii: "}")) { return }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw unexpected(where: "a key in quotes was expected")
      }
      try string()
      skipSpace()
      guard consume(UInt8(ascii: ":")) else { throw unexpected(where: "\":\" was expected") }
      try value(depth: depth + 1)
      skipSpace()
      if consume(UInt8(ascii: "}")) { return }
      try comma(before: UInt8(ascii: "}"), or: "\",\" or \"}\" was expected")
    }
  }

  private mutating func array(depth: Int) throws(Fault) {
    index += 1
    skipSpace()
    if consume(UInt8(ascii: "]")) { return }
    while true {
      try value(depth: depth + 1)
      skipSpace()
      if consume(UInt8(ascii: "]")) { return }
      try comma(before: UInt8(ascii: "]"), or: "\",\" or \"]\" was expected")
    }
  }

  /// The comma between two members or elements. A comma with nothing after it but `close` is
  /// reported where the comma is (the line someone would edit), not where the bracket is.
  private mutating func comma(before close: UInt8, or expectation: String) throws(Fault) {
    let comma = index
    guard consume(UInt8(ascii: ",")) else { throw unexpected(where: expectation) }
    skipSpace()
    if index < bytes.count, bytes[index] == close {
      throw Fault(
        offset: comma,
        message: "a comma before \(describe(close)), which JSON does not allow; remove the last comma")
    }
  }

  private mutating func string() throws(Fault) {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { break }
        if bytes[index] == UInt8(ascii: "u") {
          for _ in 0..<4 {
            index += 1
            guard index < bytes.count, Self.isHexDigit(bytes[index]) else {
              throw fault("\\u must be followed by four hexadecimal digits")
            }
          }
        } else if !Array("\"\\/bfnrt".utf8).contains(bytes[index]) {
          throw fault("unknown escape \\\(Character(Unicode.Scalar(bytes[index])))")
        }
        index += 1
      case ..<0x20:
        throw fault("a control character (a line break, a tab) inside a string; write it as \\n or \\t")
      default:
        index += 1
      }
    }
    throw fault("a string is not closed with \"")
  }

  private mutating func number() throws(Fault) {
    _ = consume(UInt8(ascii: "-"))
    guard digits() > 0 else { throw unexpected(where: "a digit was expected") }
    if consume(UInt8(ascii: ".")), digits() == 0 { throw unexpected(where: "a digit was expected") }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
      guard digits() > 0 else { throw unexpected(where: "a digit was expected") }
    }
  }

  private mutating func literal(_ word: String) throws(Fault) {
    for byte in word.utf8 {
      guard consume(byte) else { throw unexpected(where: "\(word) was expected") }
    }
  }

  private mutating func digits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    return index - start
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default: false
    }
  }

  private func unexpected(where expectation: String) -> Fault {
    guard index < bytes.count else { return fault("the document ends where \(expectation)") }
    if startsComment {
      return fault("a comment, which JSON does not allow; remove it")
    }
    return fault("unexpected \(describe(bytes[index])); \(expectation)")
  }

  /// Whether `//` or `/*` starts at the current byte: people write JSON by hand as if it were
  /// JavaScript.
  private var startsComment: Bool {
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/") else { return false }
    return bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
  }

  private func fault(_ message: String) -> Fault { Fault(offset: index, message: message) }

  private func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
  }
}
