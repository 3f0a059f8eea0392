import FoundationEssentials
import RefreshSDL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--feed FILE`: posts as JSON Lines, one object a line, `{"title":…,"body":…,"image":"path"}`
/// (`body` and `image` optional; an image path is read relative to the file's folder). Every
/// line is checked at start: a line that is not such an object, or an image that is missing or
/// not an image file, is one `LabError` naming the file and line.
enum FeedFile {
  static func load(_ path: String) throws(LabError) -> [FeedItem] {
    let data = try FileReading.read(path)
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    var items: [FeedItem] = []
    var number = 0
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      let text = line.filter { $0 != UInt8(ascii: "\r") }
      guard text.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
        continue
      }
      do throws(ScriptLineError) {
        items.append(try item(Data(text), folder: folder))
      } catch {
        throw .badLine(path: path, line: number, message: error.message)
      }
    }
    guard !items.isEmpty else {
      throw .badJSON(
        path: path, line: nil,
        message: "holds no posts; write one JSON object a line, like {\"title\":\"Ada\",\"body\":\"Hello\"}")
    }
    return items
  }

  private static func item(_ line: Data, folder: String) throws(ScriptLineError) -> FeedItem {
    let example = "like {\"title\":\"Ada\",\"body\":\"Hello\",\"image\":\"photo.png\"}"
    if let fault = JSONErrorLocation.fault(in: line) {
      throw ScriptLineError("not valid JSON: \(fault.detail)")
    }
    let object: [String: ScriptLine.Value]
    do {
      object = try JSONDecoder().decode([String: ScriptLine.Value].self, from: line)
    } catch DecodingError.typeMismatch {
      throw ScriptLineError("each line must be one JSON object, \(example)")
    } catch {
      throw ScriptLineError("not valid JSON: \(JSONErrorLocation.locate(line).detail)")
    }
    let known = ["body", "image", "title"]
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw ScriptLineError("unknown field \"\(unknown)\"; a post has \(known.joined(separator: ", "))")
    }
    func string(_ key: String, required: Bool) throws(ScriptLineError) -> String? {
      switch object[key] {
      case .string(let value)?: return value
      case nil, .null?:
        if required { throw ScriptLineError("\"\(key)\" is missing; it must be a string, \(example)") }
        return nil
      default: throw ScriptLineError("\"\(key)\" must be a string, \(example)")
      }
    }
    let title = try string("title", required: true) ?? ""
    let body = try string("body", required: false) ?? ""
    guard let image = try string("image", required: false), !image.isEmpty else {
      return FeedItem(title: title, body: body)
    }
    let resolved = image.hasPrefix("/") ? image : folder + "/" + image
    if let problem = imageProblem(resolved) {
      throw ScriptLineError("\"image\" \(image): \(problem); give a PNG, JPEG, GIF, BMP or WebP file")
    }
    return FeedItem(title: title, body: body, image: .file(resolved))
  }

  /// Why `path` cannot be a post's image (missing, unreadable, not an image file), or nil.
  static func imageProblem(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { _ = close(descriptor) }
    var head = [UInt8](repeating: 0, count: 12)
    let count = head.withUnsafeMutableBytes { _systemRead(descriptor, $0.baseAddress, 12) }
    guard count >= 0 else { return String(cString: strerror(errno)) }
    let bytes = Array(head[..<max(0, count)])
    func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
    let isImage =
      starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8))
      || starts(Array("BM".utf8))
      || (starts(Array("RIFF".utf8)) && bytes.count >= 12 && Array(bytes[8..<12]) == Array("WEBP".utf8))
    return isImage ? nil : "not an image file"
  }
}
