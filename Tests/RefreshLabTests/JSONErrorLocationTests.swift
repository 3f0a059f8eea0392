import Foundation
import Testing

@testable import RefreshLab

/// The syntax check that finds where a JSON document breaks, which replaced Foundation's
/// JSONSerialization: its line and column against documents broken in each way.
@Suite struct JSONErrorLocationTests {
  @Test(
    arguments: [
      ("{\"a\": 1,\n \"b\": x}", 2, "unexpected \"x\" where a value was expected at column 7"),
      ("{\"a\": 1 \"b\": 2}", 1, "unexpected \"\"\"; \",\" or \"}\" was expected at column 9"),
      (
        "{\"a\": [1, 2,]}", 1,
        "a comma before \"]\", which JSON does not allow; remove the last comma at column 12"
      ),
      // The trailing comma is on line 2; the brace that shows it was the last is on line 3.
      (
        "{\n  \"headerHeight\": 60,\n}", 2,
        "a comma before \"}\", which JSON does not allow; remove the last comma at column 21"
      ),
      (
        "{\n  // taller header\n  \"headerHeight\": 60\n}", 2,
        "a comment, which JSON does not allow; remove it at column 3"
      ),
      (
        "{\"headerHeight\": 60, /* px */ \"footerHeight\": 44}", 1,
        "a comment, which JSON does not allow; remove it at column 22"
      ),
      (
        "{\"headerHeight\": 60 // px\n}", 1,
        "a comment, which JSON does not allow; remove it at column 21"
      ),
      ("{\"a\": 1}\n{", 2, "unexpected \"{\" after the document at column 1"),
      ("{\"a\": ", 1, "the document ends where a value was expected at column 7"),
      (
        "{\"a\": \"line\nbreak\"}", 1,
        "a control character (a line break, a tab) inside a string; write it as \\n or \\t at column 12"
      ),
      ("{\"a\": \"\\q\"}", 1, "unknown escape \\q at column 9"),
      ("{\"a\": -.5}", 1, "unexpected \".\"; a digit was expected at column 8"),
      ("{\"a\": tru}", 1, "unexpected \"}\"; true was expected at column 10"),
      ("  \n\t", 1, "the file is empty"),
    ] as [(String, Int, String)])
  func aBrokenDocumentIsFoundAtItsLineAndColumn(text: String, line: Int, detail: String) {
    let found = JSONErrorLocation.locate(Data(text.utf8))
    #expect(found.line == line)
    #expect(found.detail == detail)
  }

  @Test(arguments: [
    #"{"a": [1, -2.5e+3, true, false, null, "x\u00e9\n"], "b": {}}"#, "[]", "0", #""s""#,
  ])
  func aSoundDocumentHasNoFault(text: String) {
    var check = _SyntaxCheck(bytes: Array(text.utf8))
    #expect(check.firstFault() == nil)
  }

  @Test func nestingIsBoundedLikeTheDecoders() {
    let deep = String(repeating: "[", count: 10_000)
    var check = _SyntaxCheck(bytes: Array(deep.utf8))
    #expect(check.firstFault()?.message == "nested more than 512 deep")
  }

  /// Found by fuzz-tuning: JSONDecoder traps working out where nesting past its limit is when
  /// the file has CR line ends, so a tuning file or script line like this one ended the app.
  /// The syntax check now refuses it first, in one line.
  @Test func deepNestingWithCarriageReturnsIsRefusedNotFatal() throws {
    let text = String(repeating: "[", count: 300) + "\r\r" + String(repeating: "[", count: 300)
    #expect(throws: LabError.self) { try TuningFile.decode(Data(text.utf8), path: "t.json") }
    do {
      _ = try TuningFile.decode(Data(text.utf8), path: "t.json")
    } catch {
      #expect(error.description == "t.json:1: not valid JSON: nested more than 512 deep at column 515")
    }
    #expect(throws: LabError.self) { try GestureScript.parse(Data(text.utf8), path: "s.jsonl") }
  }
}
