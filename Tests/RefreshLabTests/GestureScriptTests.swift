import Foundation
import Testing

@testable import RefreshLab

/// Gesture scripts: README's format reads back exactly, and a bad line names its line.
@Suite struct GestureScriptTests {
  func parse(_ text: String) throws(LabError) -> GestureScript {
    try GestureScript.parse(Data(text.utf8), path: "drag.jsonl")
  }

  /// The message `text` is refused with.
  func refusal(_ text: String) -> String? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theDesignExampleParses() throws {
    let script = try parse(
      """
      {"t":0.00,"type":"down","x":200,"y":120}
      {"t":0.05,"type":"move","x":200,"y":180}
      {"t":0.40,"type":"up","x":200,"y":300}
      {"t":0.50,"type":"wheel","dy":-3}
      {"t":0.60,"type":"key","key":"F5"}
      {"t":5.00,"type":"end"}
      """)
    #expect(
      script.events == [
        ScriptEvent(time: 0, action: .down(x: 200, y: 120)),
        ScriptEvent(time: 0.05, action: .move(x: 200, y: 180)),
        ScriptEvent(time: 0.4, action: .up(x: 200, y: 300)),
        ScriptEvent(time: 0.5, action: .wheel(dy: -3, precise: false, x: nil, y: nil)),
        ScriptEvent(time: 0.6, action: .key(.f5)),
        ScriptEvent(time: 5, action: .end),
      ])
    #expect(script.endTime == 5)
  }

  @Test func everyKindAndKeyParses() throws {
    let keys = ScriptKey.allCases.map { "{\"t\":1,\"type\":\"key\",\"key\":\"\($0.rawValue)\"}" }
    let script = try parse(
      ([
        "{\"t\":0,\"type\":\"up\"}", "{\"t\":0.5,\"type\":\"cancel\"}",
        "{\"t\":0.5,\"type\":\"wheel\",\"dy\":2.5,\"precise\":true,\"x\":10,\"y\":20}",
        "{\"t\":0.6,\"type\":\"down\",\"x\":1,\"y\":2,\"touch\":true}",
        "{\"t\":0.6,\"type\":\"move\",\"x\":1,\"y\":3,\"touch\":true}",
        "{\"t\":0.6,\"type\":\"up\",\"touch\":true}",
        "{\"t\":0.6,\"type\":\"down\",\"x\":1,\"y\":2,\"touch\":false}",
      ] + keys)
      .joined(separator: "\r\n") + "\n\n")
    #expect(script.events[0].action == .up(x: nil, y: nil))
    #expect(script.events[1].action == .cancel)
    #expect(script.events[2].action == .wheel(dy: 2.5, precise: true, x: 10, y: 20))
    #expect(script.events[3].action == .down(x: 1, y: 2, touch: true))
    #expect(script.events[4].action == .move(x: 1, y: 3, touch: true))
    #expect(script.events[5].action == .up(x: nil, y: nil, touch: true))
    #expect(script.events[6].action == .down(x: 1, y: 2, touch: false))
    #expect(script.events.dropFirst(7).map(\.action) == ScriptKey.allCases.map { .key($0) })
    #expect(script.endTime == nil)
  }

  @Test func encodingReadsBackTheSameEvents() throws {
    let script = GestureScript(events: [
      ScriptEvent(time: 0, action: .down(x: 200, y: 120.5)),
      ScriptEvent(time: 0.016, action: .move(x: 201, y: 140)),
      ScriptEvent(time: 0.2, action: .up(x: 201, y: 140)),
      ScriptEvent(time: 0.3, action: .up(x: nil, y: nil)),
      ScriptEvent(time: 0.35, action: .down(x: 5, y: 6, touch: true)),
      ScriptEvent(time: 0.36, action: .move(x: 5, y: 9, touch: true)),
      ScriptEvent(time: 0.37, action: .up(x: 5, y: 9, touch: true)),
      ScriptEvent(time: 0.5, action: .wheel(dy: -1, precise: false, x: 3, y: 4)),
      ScriptEvent(time: 0.6, action: .wheel(dy: 12.25, precise: true, x: nil, y: nil)),
      ScriptEvent(time: 0.7, action: .key(.pageDown)),
      ScriptEvent(time: 0.8, action: .cancel),
      ScriptEvent(time: 1, action: .end),
    ])
    let data = script.encoded()
    #expect(try GestureScript.parse(data, path: "x") == script)
    let firstLine = String(decoding: data.prefix { $0 != 0x0A }, as: UTF8.self)
    #expect(firstLine == #"{"t":0,"type":"down","x":200,"y":120.5}"#)
  }

  @Test(arguments: [
    (
      "{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2}\n{\"t\":1,\"type\":\"move\",\"x\":1",
      "drag.jsonl:2: not valid JSON"
    ),
    ("{\"t\":0,\"type\":\"down\",\"x\":1}", "drag.jsonl:1: \"y\" is missing; it must be a number"),
    ("{\"t\":0,\"type\":\"down\",\"x\":\"1\",\"y\":2}", "drag.jsonl:1: \"x\" must be a finite number"),
    ("{\"type\":\"end\"}", "drag.jsonl:1: \"t\" is missing; it must be a number"),
    ("{\"t\":-1,\"type\":\"end\"}", "drag.jsonl:1: \"t\" is -1.0; times start at 0"),
    (
      "{\"t\":0,\"type\":\"jump\"}",
      "drag.jsonl:1: unknown type \"jump\"; use one of \"cancel\", \"down\", \"end\", \"insert\", \"key\", \"move\", \"remove\", \"rowHeight\", \"up\", \"wheel\""
    ),
    (
      "\n\n{\"t\":0,\"type\":\"key\",\"key\":\"F6\"}",
      "drag.jsonl:3: unknown key \"F6\"; use one of Up, Down, PageUp, PageDown, Home, End, F5, Ctrl+R"
    ),
    (
      "{\"t\":0,\"type\":\"up\",\"z\":3}",
      "drag.jsonl:1: unknown field \"z\" on a \"up\" line; allowed: t, touch, type, x, y"
    ),
    (
      "{\"t\":0,\"type\":\"wheel\",\"dy\":1,\"precise\":1}", "drag.jsonl:1: \"precise\" must be true or false"
    ),
    (
      "{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2,\"touch\":\"yes\"}",
      "drag.jsonl:1: \"touch\" must be true or false"
    ),
    (
      "{\"t\":1,\"type\":\"up\"}\n{\"t\":0.5,\"type\":\"up\"}",
      "drag.jsonl:2: t 0.5 is earlier than the line before (1.0); keep lines in time order"
    ),
    (
      "[1,2]",
      "drag.jsonl:1: each line must be one JSON object, like {\"t\":0,\"type\":\"down\",\"x\":200,\"y\":120}"
    ),
    ("\n  \n", "drag.jsonl: the script holds no events"),
  ])
  func badLinesNameTheFileAndLine(text: String, message: String) {
    let refused = refusal(text)
    #expect(refused?.hasPrefix(message) == true, "got \(refused ?? "no error")")
    #expect(refused?.contains("\n") == false)
  }

  @Test func aMissingFileIsNamed() {
    #expect(throws: LabError.self) { try GestureScript.load("/nonexistent/drag.jsonl") }
    do {
      _ = try GestureScript.load("/nonexistent/drag.jsonl")
    } catch {
      #expect(error.description.hasPrefix("/nonexistent/drag.jsonl: cannot read"))
    }
  }
}
