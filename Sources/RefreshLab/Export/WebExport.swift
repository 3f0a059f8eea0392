import FoundationEssentials
import RefreshCore
import RefreshSDL

/// `export --format web`: one self-contained HTML page that moves as the lab does, for a phone.
///
/// The page is three files of `Export/Web/` (the template, the controller in JavaScript and the
/// view), embedded in the binary at build time (`.embedInCode`), so the installed
/// `refresh-lab` needs no resource folder; the tuning goes in as JSON data, never as code.
public enum WebExport {
  /// The curve families the page reproduces: the registered ones that bring a page form.
  static var carriedFamilies: [CurveFamily] { CurveFamily.registered.filter { $0.pageForm != nil } }

  /// The tuning's keys the page's scripts read (`T.key` in `refresh-lab.js`, `view.js` and the
  /// families' page forms), found in the scripts themselves rather than listed by hand;
  /// `WebExportTests` holds them against the keys the page's tuning is written with.
  static var carriedKeys: Set<String> {
    let scripts =
      [text(PackageResources.refresh_lab_js), text(PackageResources.view_js)]
      + carriedFamilies.compactMap(\.pageForm)
    var keys = Set<String>()
    for script in scripts {
      // Simple word boundaries: Unicode's keep "this.T.tapSlop" one word.
      for match in script.matches(of: /\bT\.([A-Za-z]+)/.wordBoundaryKind(.simple)) {
        keys.insert(String(match.1))
      }
    }
    return keys
  }

  /// The page's physics, in place of `/*{{PHYSICS}}*/` in `refresh-lab.js`: the core's
  /// constants and the page form of `family` (the tuning's; the page moves by no other, and
  /// carrying one keeps it under 60 KB), as one JavaScript object.
  static func physicsScript(family: CurveFamily) -> String {
    let constants = PagePhysics.constants.map { "\($0.name): \(number($0.value))" }
    let curves = PagePhysics.timingCurves.map { curve in
      "\(curve.name): [" + curve.controlPoints.map(number).joined(separator: ", ") + "]"
    }
    let families = family.pageForm.map { ["\(family.name): \($0)"] } ?? []
    return "{\nconstants: {\n"
      + (constants + ["timingCurves: {" + curves.joined(separator: ", ") + "}"])
      .joined(separator: ",\n") + "\n},\nfamilies: {\n" + families.joined(separator: ",\n") + "\n}\n}"
  }

  /// A number as JavaScript reads back the same double.
  static func number(_ value: Double) -> String { "\(value)" }

  /// The largest GIF header the page embeds, as a data URL: a phone opens a 200 KB page at once
  /// on any network, and the page without it stays under 60 KB.
  public static let embeddedHeaderLimit = 200 * 1024

  /// An animated header for the page: a GIF's bytes, embedded as a data URL.
  public struct Header: Sendable {
    /// The file named by `--header`, for the report and the page's head comment.
    public let path: String
    public let bytes: [UInt8]

    /// The GIF at `path`, or the one line that refuses it: unreadable, not a GIF, a Lottie file
    /// (the page has no Lottie player) or over `embeddedHeaderLimit`.
    public static func load(_ path: String) throws(LabError) -> Header {
      let bytes = [UInt8](try FileReading.read(path))
      if bytes.first == UInt8(ascii: "{") || path.lowercased().hasSuffix(".json") {
        throw .badHeader(
          path: path,
          message:
            "the web page cannot play a Lottie header (it has no Lottie player); give a GIF of at most "
            + "\(embeddedHeaderLimit / 1024) KB, or leave --header out for the classic header")
      }
      guard bytes.starts(with: Array("GIF8".utf8)) else {
        throw .badHeader(path: path, message: "not a GIF file; the web page embeds GIF headers only")
      }
      guard bytes.count <= embeddedHeaderLimit else {
        throw .badHeader(
          path: path,
          message:
            "\((bytes.count + 1023) / 1024) KB, over the \(embeddedHeaderLimit / 1024) KB the web page "
            + "embeds; give a smaller GIF, or leave --header out for the classic header")
      }
      return Header(path: path, bytes: bytes)
    }
  }

  /// What of a tuning the page reproduces and what it leaves out, one line each.
  public static func report(_ tuning: Tuning, header: Header? = nil) -> [String] {
    var lines = [
      "carried: the curve families \(carriedFamilies.map(\.name).joined(separator: ", ")) "
        + "(band, spring or rebound back, coast past an edge, momentum), the header's states and insets "
        + "(trigger, hold, finishing, collapse), the overlay header's badge, the automatic and release-to-load "
        + "footers, a tap on the footer (load, retry), failed refreshes and loads (the source's failure rate), "
        + "pointer and touch input, keys (arrows, Page Up and Down, Home, End, F5 and Ctrl+R), the mouse wheel "
        + "(an eased scroll within the bounds), the touchpad (its overscroll, and its release after "
        + "touchpadReleaseDelay of silence)",
      "not carried: the second floor, Lottie headers (the page has no Lottie player)",
    ]
    if let header {
      lines.insert(
        "carried: the GIF header \(header.path), embedded as a data URL (\((header.bytes.count + 1023) / 1024) KB "
          + "of the \(embeddedHeaderLimit / 1024) KB allowed), drawn in the header's place at the GIF's own pace "
          + "(the lab steps its frames with the pull)", at: 1)
    } else {
      lines[1] += ", GIF headers unless one is given to embed (up to \(embeddedHeaderLimit / 1024) KB)"
    }
    if let refusal = refusal(tuning) { lines.insert("this tuning: \(refusal)", at: 0) }
    return lines
  }

  /// Why the page cannot express `tuning`, or nil when it can.
  static func refusal(_ tuning: Tuning) -> String? {
    if tuning.resistanceCurve.family.pageForm == nil {
      return
        "the curve family \(tuning.resistanceCurve.rawValue) brings no page form, so the web page cannot "
        + "move as the lab does; give its CurveFamily a pageForm, or export another family"
    }
    if tuning.twoLevelFloorRate > 0 { return "the web page has no second floor yet" }
    return nil
  }

  /// Refuses a tuning the page would not move as the lab does.
  static func check(_ tuning: Tuning) throws(LabError) {
    if let refusal = refusal(tuning) { throw .badFlag(flag: "--format web", message: refusal) }
  }

  /// The page for `tuning`, named `source` in its title and head comment (`check` first: a
  /// tuning it refuses gets the page's own motion, not its).
  public static func page(of tuning: Tuning, source: String, header: Header? = nil) -> String {
    let tuningJSON = withoutLayout(String(decoding: TuningFile.encode(tuning), as: UTF8.self))
    let notes = report(tuning, header: header).joined(separator: "\n")
    let image = header.map { "\"data:image/gif;base64,\(Data($0.bytes).base64EncodedString())\"" } ?? "null"
    return text(PackageResources.page_html)
      .replacing("{{SOURCE}}", with: safeComment(source))
      .replacing("{{TITLE}}", with: htmlSafe(source))
      .replacing("{{NOTES}}", with: safeComment(notes))
      .replacing("{{TUNING}}", with: scriptSafe(tuningJSON))
      .replacing("{{NAME}}", with: scriptSafe(json(source)))
      .replacing("{{DATA}}", with: "{}")
      .replacing("{{LABELS}}", with: scriptSafe(labelsJSON()))
      .replacing("{{WORDS}}", with: scriptSafe(wordsJSON()))
      .replacing("{{HEADER}}", with: image)
      .replacing(
        "{{SCRIPT}}",
        with: compacted(
          text(PackageResources.refresh_lab_js).replacing(
            "/*{{PHYSICS}}*/ null", with: physicsScript(family: tuning.resistanceCurve.family)))
      )
      .replacing("{{VIEW}}", with: compacted(text(PackageResources.view_js)))
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// A script as the page carries it, under 60 KB with the rest (the files in the package keep
  /// their layout and comments): without comments, empty lines and the spaces a token does not
  /// need (beside an operator or a bracket, at either end of a line; kept inside strings, and
  /// between two of `+` and `-`), its lines joined after `{`, `(`, `[`, `,` and `;`, where no
  /// line break can end a statement. The scripts keep their strings on one line and have no
  /// regular expression literals, so nothing else changes.
  static func compacted(_ script: String) -> String {
    let operators = Set("=+-*/%<>!&|^~?:,;(){}[]".utf8)
    let joiners = Set("{([,;".utf8)
    let plusMinus = Set("+-".utf8)
    let space = UInt8(ascii: " ")
    var out: [UInt8] = []
    for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
      let bytes = Array(line.utf8)
      var squeezed: [UInt8] = []
      var quote: UInt8? = nil
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if let open = quote {
          squeezed.append(byte)
          if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
            squeezed.append(bytes[index + 1])
            index += 2
            continue
          }
          if byte == open { quote = nil }
          index += 1
          continue
        }
        if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { break }
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
          quote = byte
          squeezed.append(byte)
          index += 1
          continue
        }
        if byte == space {
          var next = index
          while next < bytes.count, bytes[next] == space { next += 1 }
          // Kept between two words (`return x`), and between `+` and `-` (`a - -b`).
          if let before = squeezed.last, next < bytes.count {
            let after = bytes[next]
            let words = !operators.contains(before) && !operators.contains(after)
            if words || (plusMinus.contains(before) && plusMinus.contains(after)) { squeezed.append(space) }
          }
          index = next
          continue
        }
        squeezed.append(byte)
        index += 1
      }
      while squeezed.last == space { squeezed.removeLast() }
      guard !squeezed.isEmpty else { continue }
      if let last = out.last, !joiners.contains(last) { out.append(UInt8(ascii: "\n")) }
      out += squeezed
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// JSON without the spaces and line breaks between its tokens (a tuning file's layout).
  static func withoutLayout(_ json: String) -> String {
    var out: [UInt8] = []
    var inString = false
    var escaped = false
    for byte in json.utf8 {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
      {
        continue
      }
      out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Text that cannot end the page's head comment.
  static func safeComment(_ text: String) -> String { text.replacing("--", with: "- -") }

  /// JSON that cannot end the script element it sits in.
  static func scriptSafe(_ json: String) -> String { json.replacing("</", with: "<\\/") }

  /// Text for an HTML element's content.
  static func htmlSafe(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
  }

  /// `value` as JSON, its keys sorted.
  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "null"
  }

  /// The words of the lab's rows and of the header's "last updated" line in both languages,
  /// as the page puts them together (`view.js`): `RowText`'s names and templates, and
  /// `LastUpdatedText`'s, read from those types themselves, so the page says what the lab does.
  static func wordsJSON() -> String {
    var languages: [String: [String: WordsValue]] = [:]
    for language in [Language.english, .chinese] {
      let chinese = language == .chinese
      let adjectives = chinese ? RowText._chineseAdjectives : RowText._adjectives
      let nouns = chinese ? RowText._chineseNouns : RowText._nouns
      // A row's title with a number the names cannot hold: its name found by the same hash.
      let row = RowID(generation: 0, index: 8887)
      let word = SplitMix64.hash(1, 0, 8887)
      let adjective = adjectives[Int(word % UInt64(adjectives.count))]
      let noun = nouns[Int((word >> 32) % UInt64(nouns.count))]
      let title = RowText.title(for: row, seed: 1, in: language)
      let named = title.firstRange(of: adjective).flatMap { start in
        title[start.upperBound...].firstRange(of: noun).map { (start, $0) }
      }
      let joiner = named.map { String(title[$0.0.upperBound..<$0.1.lowerBound]) } ?? " "
      let name = adjective + joiner + noun
      let today = LastUpdatedText(isToday: true, month: 1, day: 1, hour: 23, minute: 59)
      languages[language.rawValue] = [
        "adjectives": .list(adjectives), "nouns": .list(nouns), "joiner": .text(joiner),
        "title": .text(title.replacing(name, with: "{name}").replacing("8888", with: "{n}")),
        "firstLoad": .text(
          RowText.subtitle(for: RowID(generation: 0, index: 8887), pageSize: 1, in: language)
            .replacing("8888", with: "{page}")),
        "refresh": .text(
          RowText.subtitle(for: RowID(generation: 7777, index: 8887), pageSize: 1, in: language)
            .replacing("7777", with: "{generation}").replacing("8888", with: "{page}")),
        "never": .text(LastUpdatedText.line(for: nil, in: language)),
        "today": .text(LastUpdatedText.line(for: today, in: language).replacing("23:59", with: "{time}")),
      ]
    }
    return json(languages)
  }

  /// A value of the words' table: a text or a list of them.
  enum WordsValue: Encodable {
    case text(String)
    case list([String])

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .text(let text): try container.encode(text)
      case .list(let list): try container.encode(list)
      }
    }
  }

  /// The bars' texts in both languages, by label key, as the lab draws them (not the second
  /// floor's, which the page has not).
  static func labelsJSON() -> String {
    var languages: [String: [String: String]] = [:]
    for language in [Language.english, .chinese] {
      var table: [String: String] = [:]
      for key in LabelKey.allCases where ![.releaseToTwoLevel, .twoLevel, .none].contains(key) {
        table[key.rawValue] = key.text(in: language)
      }
      languages[language.rawValue] = table
    }
    return json(languages)
  }
}
