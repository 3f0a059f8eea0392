import CLibXML2

/// The elements of an XML document with their attributes and lines, read by libxml2's
/// streaming reader: no network, no DTD, no entity expansion.
struct XMLElements {
  /// One start tag: its qualified name, attributes in document order, and where it ends.
  struct Element {
    var name: String
    var attributes: [(name: String, value: String)]
    /// The line of the tag's closing `>`.
    var line: Int
    /// How deep it is: 0 for the root, 1 for its children.
    var depth = 0
    /// The text directly inside it (`60dp` in `<dimen name="x">60dp</dimen>`).
    var text = ""

    /// The value of the attribute named `name` (qualified, as written).
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The name after the last dot: `SmartRefreshLayout` of `com.scwang.smart.refresh.layout.SmartRefreshLayout`.
    var localName: String { name.split(separator: ".").last.map(String.init) ?? name }
  }

  /// Why the document is not well-formed, and where.
  struct Fault: Error {
    var line: Int
    var message: String
  }

  let elements: [Element]
  private let lines: [Substring]

  /// The elements of `text`, or the first well-formedness fault.
  init(_ text: String) throws(Fault) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let bytes = Array(text.utf8)
    let read: Result<[Element], Fault> = bytes.withUnsafeBufferPointer { buffer in
      Self.read(buffer)
    }
    elements = try read.get()
  }

  /// The line holding `attribute=` at or before `line`: libxml2 reports where a tag ends, and
  /// a layout puts one attribute on each line.
  func line(of attribute: String, endingAt line: Int) -> Int {
    var index = min(line, lines.count) - 1
    while index >= 0 {
      let text = lines[index]
      if let range = text.firstRange(of: attribute),
        text[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" }).first == "="
      {
        return index + 1
      }
      index -= 1
    }
    return line
  }

  /// libxml2 keeps the first error the parser raises here.
  private final class ErrorBox {
    var fault: Fault?
  }

  private static func read(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<[Element], Fault> {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      return .failure(Fault(line: 1, message: "the file is empty"))
    }
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let reader = base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
      xmlReaderForMemory($0, Int32(buffer.count), nil, "UTF-8", options)
    }
    guard let reader else { return .failure(Fault(line: 1, message: "libxml2 could not start reading")) }
    defer { xmlFreeTextReader(reader) }
    let box = ErrorBox()
    let context = Unmanaged.passUnretained(box).toOpaque()
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { context, error in
        guard let context, let error else { return }
        let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
        guard box.fault == nil else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed"
        box.fault = Fault(
          line: Int(error.pointee.line),
          message: message.trimmingSuffix { $0 == "\n" || $0 == " " })
      }, context)

    var elements: [Element] = []
    // The open elements, innermost last: text goes to the innermost.
    var open: [Int] = []
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 0 { break }
      if status < 0 {
        return .failure(
          box.fault ?? Fault(line: Int(xmlTextReaderGetParserLineNumber(reader)), message: "not well-formed"))
      }
      let type = xmlTextReaderNodeType(reader)
      if type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
        _ = open.popLast()
        continue
      }
      if type == Int32(XML_READER_TYPE_TEXT.rawValue) || type == Int32(XML_READER_TYPE_CDATA.rawValue) {
        if let index = open.last { elements[index].text += text(xmlTextReaderConstValue(reader)) }
        continue
      }
      guard type == Int32(XML_READER_TYPE_ELEMENT.rawValue) else { continue }
      var element = Element(
        name: text(xmlTextReaderConstName(reader)), attributes: [],
        line: Int(xmlTextReaderGetParserLineNumber(reader)), depth: Int(xmlTextReaderDepth(reader)))
      let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
      while xmlTextReaderMoveToNextAttribute(reader) == 1 {
        element.attributes.append(
          (text(xmlTextReaderConstName(reader)), text(xmlTextReaderConstValue(reader))))
      }
      xmlTextReaderMoveToElement(reader)
      elements.append(element)
      if !isEmpty { open.append(elements.count - 1) }
    }
    if let fault = box.fault { return .failure(fault) }
    return .success(elements)
  }

  private static func text(_ pointer: UnsafePointer<xmlChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}

extension String {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
    var result = self
    while let last = result.last, predicate(last) { result.removeLast() }
    return result
  }
}
