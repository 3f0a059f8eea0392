import FoundationEssentials

/// A gesture script: JSON Lines of `ScriptEvent`s in time order (README's "Gesture scripts and traces").
///
/// ```
/// {"t":0.00,"type":"down","x":200,"y":120}
/// {"t":0.05,"type":"move","x":200,"y":180}
/// {"t":0.40,"type":"up","x":200,"y":300}
/// {"t":0.50,"type":"wheel","dy":-3}
/// {"t":0.60,"type":"key","key":"F5"}
/// {"t":5.00,"type":"end"}
/// ```
public struct GestureScript: Sendable, Equatable {
  /// The events, in time order.
  public var events: [ScriptEvent]

  /// A script of `events`.
  public init(events: [ScriptEvent]) {
    self.events = events
  }

  /// When an `end` line stops the replay, if the script has one.
  public var endTime: Double? {
    events.first { $0.action == .end }?.time
  }

  /// The script in `path`, or an error naming the file and line.
  public static func load(_ path: String) throws(LabError) -> GestureScript {
    try parse(FileReading.read(path), path: path)
  }

  /// The script in `data`; `path` names it in errors. Blank lines are allowed.
  public static func parse(_ data: Data, path: String) throws(LabError) -> GestureScript {
    var events: [ScriptEvent] = []
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    for (number, line) in zip(1..., lines) {
      let bytes = line.last == 0x0D ? line.dropLast() : line
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      let event: ScriptEvent
      do throws(ScriptLineError) {
        event = try ScriptLine.decode(Data(bytes))
        if let previous = events.last, event.time < previous.time {
          throw ScriptLineError(
            "t \(event.time) is earlier than the line before (\(previous.time)); keep lines in time order")
        }
      } catch {
        throw .badLine(path: path, line: number, message: error.message)
      }
      events.append(event)
    }
    guard !events.isEmpty else {
      throw .badJSON(path: path, line: nil, message: "the script holds no events")
    }
    return GestureScript(events: events)
  }

  /// The script as JSON Lines, one event per line, keys sorted so equal scripts are equal bytes.
  public func encoded() -> Data {
    var data = Data()
    for event in events {
      data.append(ScriptLine.encode(event))
      data.append(0x0A)
    }
    return data
  }
}
