import Foundation
import TestKit
import Testing

/// Issue 19's errors, each from the real program: the one line it prints on standard error and
/// its exit status, which is 1 for every kind of bad input (README and `--help` say so).
@Suite struct BadInputTests {
  typealias Outcome = ProgramRun

  /// Runs `refresh-lab` with `arguments` in `folder`: the refusal is one line, 30 s at most.
  func run(_ arguments: [String], in folder: String) throws -> Outcome {
    try ProgramRun.lab(arguments, in: folder, within: 30)
  }

  /// `arguments` (with files `files` written first) are refused with exactly `line`, exit 1.
  func expectRefusal(
    _ arguments: [String], files: [String: String] = [:], line: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (name, text) in files { _ = try folder.write(text, to: name) }
    let outcome = try run(arguments, in: folder.path)
    #expect(outcome.errors == "refresh-lab: \(line)\n", sourceLocation: sourceLocation)
    #expect(outcome.status == 1, sourceLocation: sourceLocation)
  }

  /// ArgumentParser's own refusals exited 64 (its usage code) while README promised 1.
  @Test func anUnknownFlagExitsOneLikeAnyBadInput() throws {
    try expectRefusal(["--no-such-flag"], line: "Unknown option '--no-such-flag'")
    try expectRefusal(["--rows", "abc"], line: "The value 'abc' is invalid for '--rows <n>'")
    try expectRefusal(["export"], line: "Missing expected argument '--format <format>'")
  }

  /// `export --fromat smart` said only that --format was missing.
  @Test func aTypoInASubcommandsFlagNamesTheFlagItMeant() throws {
    try expectRefusal(
      ["export", "--fromat", "smart"],
      line: "--fromat: refresh-lab export has no such flag; did you mean --format?")
    try expectRefusal(
      ["--headles", "--replay", "a.jsonl"],
      line: "--headles: refresh-lab has no such flag; did you mean --headless?")
    try expectRefusal(
      ["window", "--page-szie", "5"],
      line: "--page-szie: refresh-lab window has no such flag; did you mean --page-size?")
  }

  @Test func anUnknownTuningKeyNamesTheNearestKnownOne() throws {
    try expectRefusal(
      ["export", "--format", "json", "--tuning", "t.json"], files: ["t.json": #"{"maxDragRat": 2}"#],
      line: "t.json: unknown key \"maxDragRat\"; did you mean maxDragRate?")
  }

  @Test func aCommentInJSONIsNamedAtItsLine() throws {
    try expectRefusal(
      ["export", "--format", "json", "--tuning", "t.json"],
      files: ["t.json": "{\n  \"headerHeight\": 70,\n  // taller\n  \"footerHeight\": 50\n}\n"],
      line: "t.json:3: not valid JSON: a comment, which JSON does not allow; remove it at column 3")
  }

  /// The trailing comma was reported on the line of the closing brace, after it.
  @Test func aTrailingCommaIsNamedAtItsOwnLine() throws {
    try expectRefusal(
      ["export", "--format", "json", "--tuning", "t.json"],
      files: ["t.json": "{\n  \"headerHeight\": 70,\n  \"footerHeight\": 50,\n}\n"],
      line:
        "t.json:3: not valid JSON: a comma before \"}\", which JSON does not allow; remove the last comma at column 21"
    )
  }

  @Test func anAbsurdSizeIsRefusedWithTheRange() throws {
    try expectRefusal(
      ["--size", "10x10"],
      line: "--size: 10x10 points is outside 200…16384 wide and 200…16384 tall; use a size like 400x700")
  }
}

/// Issue 22's refusals, from the real program: only what is truly wrong stops an import, with
/// the file, the line and the attribute; a reference nothing can resolve is a note without
/// `--resources` and an error with it.
extension BadInputTests {
  static let layout = """
    <LinearLayout xmlns:app="http://schemas.android.com/apk/res-auto">
      <com.scwang.smart.refresh.layout.SmartRefreshLayout
          app:srlHeaderHeight="@dimen/header"
          app:srlDragRate="VALUE" />
    </LinearLayout>
    """

  @Test func anImportOfMalformedXMLNamesTheLine() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("<a>\n<b x=\"1\"\n</a>", to: "bad.xml")
    let outcome = try run(["import", "--format", "smart", "bad.xml"], in: folder.path)
    #expect(outcome.errors.hasPrefix("refresh-lab: bad.xml:3: not well-formed XML"))
    #expect(outcome.errors.filter { $0 == "\n" }.count == 1)
    #expect(outcome.status == 1)
  }

  @Test func anImportWithoutASmartRefreshLayoutSaysSo() throws {
    try expectRefusal(
      ["import", "--format", "smart", "plain.xml"],
      files: ["plain.xml": "<LinearLayout>\n  <TextView />\n</LinearLayout>"],
      line:
        "plain.xml:1: no SmartRefreshLayout or SmartRefreshHorizontal in it "
        + "(com.scwang.smart.refresh.layout.SmartRefreshLayout, com.scwang.smartrefresh.layout.SmartRefreshLayout, "
        + "com.scwang.smart.refresh.horizontal.SmartRefreshHorizontal, "
        + "com.scwang.smartrefresh.horizontal.SmartRefreshHorizontal, "
        + "com.scwang.refresh.layout.widget.SmartRefreshHorizontal); import reads a layout that holds one")
  }

  @Test func aRateThatIsNotANumberIsRefused() throws {
    try expectRefusal(
      ["import", "--format", "smart", "l.xml"],
      files: ["l.xml": Self.layout.replacing("@dimen/header", with: "80dp").replacing("VALUE", with: "fast")],
      line: "l.xml:4: app:srlDragRate: \"fast\" is not a number")
  }

  @Test func anUnresolvedReferenceIsANoteWithoutResourcesAndAnErrorWithThem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write(Self.layout.replacing("VALUE", with: "0.6"), to: "l.xml")
    let noted = try run(["import", "--format", "smart", "l.xml"], in: folder.path)
    #expect(noted.status == 0)
    // Among the notes (the attributes left out have theirs), the reference's, on its own line.
    let notes = noted.errors.split(separator: "\n")
    #expect(
      notes.contains(
        "refresh-lab: l.xml:3: app:srlHeaderHeight: @dimen/header is a resource; give --resources DIR "
          + "(the app's res/ folder) to read it; the default stays"), "\(noted.errors)")
    #expect(notes.allSatisfy { $0.hasPrefix("refresh-lab: l.xml:") }, "\(noted.errors)")

    try FileManager.default.createDirectory(
      atPath: folder.file("res/values"), withIntermediateDirectories: true)
    _ = try folder.write(
      "<resources><dimen name=\"other\">70dp</dimen></resources>", to: "res/values/dimens.xml")
    let refused = try run(["import", "--format", "smart", "l.xml", "--resources", "res"], in: folder.path)
    #expect(refused.status == 1)
    #expect(
      refused.errors
        == "refresh-lab: l.xml:3: app:srlHeaderHeight: @dimen/header is not in res/values*/; "
        + "name the res/ folder that defines it\n")

    _ = try folder.write(
      "<resources><dimen name=\"header\">70dp</dimen></resources>", to: "res/values/dimens.xml")
    let resolved = try run(["import", "--format", "smart", "l.xml", "--resources", "res"], in: folder.path)
    #expect(resolved.status == 0 && !resolved.errors.contains("srlHeaderHeight"), "\(resolved.errors)")
  }
}

/// Issue 24's refusals: a feed line that is not a post, an image that is missing or not an
/// image, a row height that is not a positive number: the file, the line, what to do; exit 1.
extension BadInputTests {
  static let script = #"{"t":0.1,"type":"end"}"# + "\n"

  @Test func aFeedLineThatIsNotJSONIsNamedAtItsLine() throws {
    try expectRefusal(
      ["--headless", "--replay", "s.jsonl", "--feed", "f.jsonl"],
      files: ["s.jsonl": Self.script, "f.jsonl": "{\"title\":\"Ada\",\"body\":\"Hi\"}\nnot json\n"],
      line: "f.jsonl:2: not valid JSON: unexpected \"o\"; null was expected at column 2")
    try expectRefusal(
      ["--headless", "--replay", "s.jsonl", "--feed", "f.jsonl"],
      files: ["s.jsonl": Self.script, "f.jsonl": "{\"title\":5}\n"],
      line:
        "f.jsonl:1: \"title\" must be a string, like {\"title\":\"Ada\",\"body\":\"Hello\",\"image\":\"photo.png\"}"
    )
    try expectRefusal(
      ["--headless", "--replay", "s.jsonl", "--feed", "f.jsonl"],
      files: ["s.jsonl": Self.script, "f.jsonl": "\n{\"title\":\"A\",\"bdy\":\"x\"}\n"],
      line: "f.jsonl:2: unknown field \"bdy\"; a post has body, image, title")
  }

  @Test func aFeedImageThatIsMissingOrNotAnImageIsRefusedAtStart() throws {
    try expectRefusal(
      ["--headless", "--replay", "s.jsonl", "--feed", "f.jsonl"],
      files: ["s.jsonl": Self.script, "f.jsonl": "{\"title\":\"Ada\",\"image\":\"nope.png\"}\n"],
      line:
        "f.jsonl:1: \"image\" nope.png: No such file or directory; give a PNG, JPEG, GIF, BMP or WebP file")
    try expectRefusal(
      ["--headless", "--replay", "s.jsonl", "--feed", "f.jsonl"],
      files: [
        "s.jsonl": Self.script, "text.png": "hello",
        "f.jsonl": "{\"title\":\"Ada\",\"image\":\"text.png\"}\n",
      ],
      line: "f.jsonl:1: \"image\" text.png: not an image file; give a PNG, JPEG, GIF, BMP or WebP file")
  }

  @Test func aRowHeightThatIsNotAPositiveNumberIsRefused() throws {
    try expectRefusal(
      ["--headless", "--replay", "s.jsonl"],
      files: ["s.jsonl": #"{"t":1,"type":"rowHeight","row":2,"height":-4}"# + "\n"],
      line: "s.jsonl:1: \"height\" is -4.0; it must be a positive number of points, such as 88")
    try expectRefusal(
      ["--headless", "--replay", "s.jsonl"],
      files: ["s.jsonl": #"{"t":1,"type":"rowHeight","row":1.5,"height":40}"# + "\n"],
      line: "s.jsonl:1: \"row\" is 1.5; it must be a row index, a whole number from 0")
    try expectRefusal(
      ["--rows-style", "fancy"], line: "--rows-style: must be plain or varied (got fancy)")
  }
}

/// Issue 42: `export --format web` and `serve` refuse what the page cannot be, from the real
/// program: one line, exit 1, and nothing written (a file already at `--output` is kept).
@Suite struct WebBadInputTests {
  let bad = BadInputTests()

  /// `arguments` are refused with `line`, exit 1, and `out.html` (there before, holding "kept")
  /// is left as it was, no other file appearing beside it.
  func expectRefusal(
    _ arguments: [String], files: [String: String] = [:], line: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectRefusal(arguments, files: files, sourceLocation: sourceLocation) { $0 == line }
  }

  /// `arguments` are refused with one line that `matches`, exit 1, nothing written.
  func expectRefusal(
    _ arguments: [String], files: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation,
    matching matches: (String) -> Bool
  ) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("kept", to: "out.html")
    for (name, text) in files { _ = try folder.write(text, to: name) }
    let before = try folder.contents().sorted()
    let outcome = try bad.run(arguments, in: folder.path)
    let lines = outcome.errors.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.count == 2 && lines[0].hasPrefix("refresh-lab: ") && matches(String(lines[0].dropFirst(13))),
      "refused with \(outcome.errors)", sourceLocation: sourceLocation)
    #expect(outcome.status == 1, sourceLocation: sourceLocation)
    #expect(
      try String(contentsOfFile: folder.file("out.html"), encoding: .utf8) == "kept",
      sourceLocation: sourceLocation)
    #expect(
      try folder.contents().sorted() == before, "a refusal wrote a file", sourceLocation: sourceLocation)
  }

  @Test func anUnknownFormatIsRefused() throws {
    try expectRefusal(
      ["export", "--format", "html", "--output", "out.html"],
      line:
        "--format: \"html\" is not an export format; use one of json, smart, flutter, mjrefresh, easyrefresh, web"
    )
    try expectRefusal(
      ["serve", "--format", "smart", "--port", "0"],
      line: "--format: serve serves the web page only; use --format web")
  }

  @Test func anUnwritableOutputIsRefused() throws {
    // The reason names the folder as the system resolved it, a temporary one here.
    try expectRefusal(["export", "--format", "web", "--output", "missing/out.html"]) {
      $0.hasPrefix("missing/out.html: cannot write: ")
        && $0.hasSuffix("/missing/out.html: No such file or directory; the file was left as it was")
    }
  }

  @Test func aTuningThePageCannotExpressIsRefused() throws {
    try expectRefusal(
      ["export", "--format", "web", "--tuning", "t.json", "--output", "out.html"],
      files: ["t.json": #"{"twoLevelFloorRate": 1.9}"#],
      line: "--format web: the web page has no second floor yet")
    try expectRefusal(
      ["serve", "--format", "web", "--tuning", "t.json", "--port", "0"],
      files: ["t.json": #"{"twoLevelFloorRate": 1.9}"#],
      line: "--format web: the web page has no second floor yet")
  }

  @Test func aHeaderThePageCannotEmbedIsRefused() throws {
    try expectRefusal(
      ["export", "--format", "web", "--header", "h.json", "--output", "out.html"],
      files: ["h.json": #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":40,"h":40,"layers":[]}"#],
      line:
        "h.json: the web page cannot play a Lottie header (it has no Lottie player); give a GIF of at most "
        + "200 KB, or leave --header out for the classic header")
    try expectRefusal(
      ["export", "--format", "web", "--header", "big.gif", "--output", "out.html"],
      files: ["big.gif": "GIF89a" + String(repeating: "x", count: 210 * 1024)],
      line: "big.gif: 211 KB, over the 200 KB the web page embeds; give a smaller GIF, or leave --header out "
        + "for the classic header")
    try expectRefusal(
      ["export", "--format", "smart", "--header", "h.gif", "--output", "out.html"],
      files: ["h.gif": "GIF89a"],
      line: "--header: only --format web embeds a header; leave --header out")
  }

  @Test func aBadAddressOrPortIsRefusedBeforeServing() throws {
    try expectRefusal(
      ["serve", "--address", "my-laptop"],
      line:
        "--address: \"my-laptop\" is not a numeric IP address; give one of this machine's (ip -brief address), "
        + "0.0.0.0 for all, or leave it out for loopback")
    try expectRefusal(
      ["serve", "--address", "192.0.2.1", "--port", "0"],
      line:
        "--address: cannot listen on 192.0.2.1 port 0: Cannot assign requested address; give an address of "
        + "this machine (ip -brief address), or leave --address out for loopback")
    try expectRefusal(
      ["serve", "--port", "70000"],
      line: "--port: 70000 is not a port; give 1 to 65535, or 0 for any free one")
  }
}
