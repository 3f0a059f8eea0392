import FoundationEssentials

/// Why one script line was refused, without the file and line (the caller adds them).
struct ScriptLineError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// One line of a gesture script as JSON: decoding with every field checked, and encoding.
enum ScriptLine {
  /// The fields each type of line may carry besides `t` and `type`: required, then optional.
  static let fields: [String: (required: [String], optional: [String])] = [
    "down": (["x", "y"], ["touch"]),
    "move": (["x", "y"], ["touch"]),
    "up": ([], ["x", "y", "touch"]),
    "cancel": ([], []),
    "wheel": (["dy"], ["precise", "x", "y"]),
    "key": (["key"], []),
    "rowHeight": (["row", "height"], []),
    "insert": (["at", "count"], []),
    "remove": (["at", "count"], []),
    "end": ([], []),
  ]

  static func decode(_ line: Data) throws(ScriptLineError) -> ScriptEvent {
    // Checked before the decoder, which can trap over some broken documents (see `fault(in:)`).
    if let fault = JSONErrorLocation.fault(in: line) {
      throw ScriptLineError("not valid JSON: \(fault.detail)")
    }
    let object: [String: Value]
    do {
      object = try JSONDecoder().decode([String: Value].self, from: line)
    } catch DecodingError.typeMismatch {
      throw ScriptLineError(
        "each line must be one JSON object, like {\"t\":0,\"type\":\"down\",\"x\":200,\"y\":120}")
    } catch {
      throw ScriptLineError("not valid JSON: \(JSONErrorLocation.locate(line).detail)")
    }
    let fields = Fields(object)
    let time = try fields.number("t")
    guard time >= 0 else { throw ScriptLineError("\"t\" is \(time); times start at 0") }
    guard case .string(let type)? = object["type"] else {
      throw ScriptLineError(
        "\"type\" must be one of \(fields.typeNames) as a string")
    }
    guard let allowed = Self.fields[type] else {
      throw ScriptLineError("unknown type \"\(type)\"; use one of \(fields.typeNames)")
    }
    let known = Set(["t", "type"] + allowed.required + allowed.optional)
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw ScriptLineError(
        "unknown field \"\(unknown)\" on a \"\(type)\" line; allowed: \(known.sorted().joined(separator: ", "))"
      )
    }
    return ScriptEvent(time: time, action: try action(type, fields))
  }

  private static func action(_ type: String, _ fields: Fields) throws(ScriptLineError) -> ScriptEvent.Action {
    switch type {
    case "down":
      return .down(
        x: try fields.number("x"), y: try fields.number("y"),
        touch: try fields.optionalBool("touch") ?? false)
    case "move":
      return .move(
        x: try fields.number("x"), y: try fields.number("y"),
        touch: try fields.optionalBool("touch") ?? false)
    case "up":
      return .up(
        x: try fields.optionalNumber("x"), y: try fields.optionalNumber("y"),
        touch: try fields.optionalBool("touch") ?? false)
    case "cancel": return .cancel
    case "wheel":
      return .wheel(
        dy: try fields.number("dy"), precise: try fields.optionalBool("precise") ?? false,
        x: try fields.optionalNumber("x"), y: try fields.optionalNumber("y"))
    case "key":
      let name = try fields.string("key")
      guard let key = ScriptKey(rawValue: name) else {
        throw ScriptLineError(
          "unknown key \"\(name)\"; use one of \(ScriptKey.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .key(key)
    case "rowHeight":
      let row = try fields.number("row")
      guard row >= 0, row == row.rounded(), row < 1e15 else {
        throw ScriptLineError("\"row\" is \(row); it must be a row index, a whole number from 0")
      }
      let height = try fields.number("height")
      guard height.isFinite, height > 0 else {
        throw ScriptLineError(
          "\"height\" is \(height); it must be a positive number of points, such as 88")
      }
      return .rowHeight(row: Int(row), height: height)
    case "insert", "remove":
      let at = try fields.number("at")
      guard at >= 0, at == at.rounded(), at < 1e15 else {
        throw ScriptLineError("\"at\" is \(at); it must be a row index, a whole number from 0")
      }
      let count = try fields.number("count")
      guard count >= 1, count == count.rounded(), count <= 1_000_000 else {
        throw ScriptLineError(
          "\"count\" is \(count); it must be a whole number of rows from 1 to 1000000")
      }
      return type == "insert"
        ? .insert(at: Int(at), count: Int(count)) : .remove(at: Int(at), count: Int(count))
    default: return .end
    }
  }

  /// The line for `event`, keys sorted.
  static func encode(_ event: ScriptEvent) -> Data {
    var line = Line(t: event.time)
    switch event.action {
    case .down(let x, let y, let touch):
      (line.type, line.x, line.y, line.touch) = ("down", x, y, touch ? true : nil)
    case .move(let x, let y, let touch):
      (line.type, line.x, line.y, line.touch) = ("move", x, y, touch ? true : nil)
    case .up(let x, let y, let touch):
      (line.type, line.x, line.y, line.touch) = ("up", x, y, touch ? true : nil)
    case .cancel: line.type = "cancel"
    case .wheel(let dy, let precise, let x, let y):
      (line.type, line.dy, line.x, line.y) = ("wheel", dy, x, y)
      line.precise = precise ? true : nil
    case .key(let key): (line.type, line.key) = ("key", key.rawValue)
    case .rowHeight(let row, let height):
      (line.type, line.row, line.height) = ("rowHeight", Double(row), height)
    case .insert(let at, let count):
      (line.type, line.at, line.count) = ("insert", Double(at), Double(count))
    case .remove(let at, let count):
      (line.type, line.at, line.count) = ("remove", Double(at), Double(count))
    case .end: line.type = "end"
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Recorded values are finite numbers and plain strings, which always encode.
    return (try? encoder.encode(line)) ?? Data()
  }

  /// The encoded shape; nil fields are left out.
  private struct Line: Encodable {
    var t: Double
    var type = "end"
    var x: Double?
    var y: Double?
    var dy: Double?
    var precise: Bool?
    var touch: Bool?
    var key: String?
    var row: Double?
    var height: Double?
    var at: Double?
    var count: Double?
  }

  /// A JSON value as the decoder found it, so a wrong kind can be named instead of failing
  /// the whole line.
  enum Value: Decodable, Equatable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case null
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else {
        self = .other
      }
    }
  }

  /// Typed access to a line's fields with messages that name the field.
  private struct Fields {
    var object: [String: Value]
    init(_ object: [String: Value]) { self.object = object }

    var typeNames: String { ScriptLine.fields.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ") }

    func number(_ key: String) throws(ScriptLineError) -> Double {
      guard let value = try optionalNumber(key) else {
        throw ScriptLineError("\"\(key)\" is missing; it must be a number")
      }
      return value
    }

    func optionalNumber(_ key: String) throws(ScriptLineError) -> Double? {
      switch object[key] {
      case nil: return nil
      case .number(let value) where value.isFinite: return value
      default: throw ScriptLineError("\"\(key)\" must be a finite number")
      }
    }

    func optionalBool(_ key: String) throws(ScriptLineError) -> Bool? {
      switch object[key] {
      case nil: return nil
      case .bool(let value): return value
      default: throw ScriptLineError("\"\(key)\" must be true or false")
      }
    }

    func string(_ key: String) throws(ScriptLineError) -> String {
      switch object[key] {
      case .string(let value): return value
      case nil: throw ScriptLineError("\"\(key)\" is missing; it must be a string")
      default: throw ScriptLineError("\"\(key)\" must be a string")
      }
    }
  }
}
