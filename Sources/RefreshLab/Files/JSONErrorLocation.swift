import Foundation

/// Finds where a JSON document is broken. Foundation's `JSONDecoder` on Linux reports only "not
/// valid JSON"; `JSONSerialization` adds "around character N", which becomes a line and column.
enum JSONErrorLocation {
  /// An error naming `path`, and the line when the parser gives a position.
  static func error(
    for context: DecodingError.Context, in data: Data, path: String
  ) -> LabError {
    let (line, detail) = locate(data)
    return .badJSON(path: path, line: line, message: "not valid JSON: \(detail)")
  }

  /// The 1-based line of the first syntax error in `data` and what the parser said about it.
  static func locate(_ data: Data) -> (line: Int?, detail: String) {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return (nil, "the document is not what was expected")
    } catch {
      let description =
        ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
        ?? "\(error)"
      guard let range = description.range(of: " around character "),
        let offset = Int(description[range.upperBound...].prefix { $0.isNumber })
      else {
        return (data.isEmpty ? 1 : nil, data.isEmpty ? "the file is empty" : trimmed(description))
      }
      let before = [UInt8](data).prefix(offset)
      let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
      return (line, "\(description[..<range.lowerBound]) at column \(column)")
    }
  }

  private static func trimmed(_ text: String) -> String {
    text.hasSuffix(".") ? String(text.dropLast()) : text
  }
}
