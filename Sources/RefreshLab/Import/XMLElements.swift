import CLibXML2

#if canImport(Glibc)
  import Glibc
#endif

/// The elements of an XML document with their attributes and lines, read by libxml2's
/// streaming reader: no network, no DTD, no entity expansion. libxml2 is opened the first time a
/// document is read (`LibXML2`), so a program that never imports does not map it.
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
    let xml: LibXML2
    switch LibXML2.open() {
    case .success(let opened): xml = opened
    case .failure(let fault): return .failure(fault)
    }
    let options = Int32(CLibXML2ParseNoNet | CLibXML2ParseNoError | CLibXML2ParseNoWarning)
    let reader = base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
      xml.readerForMemory($0, Int32(buffer.count), nil, "UTF-8", options)
    }
    guard let reader else { return .failure(Fault(line: 1, message: "libxml2 could not start reading")) }
    defer { xml.freeReader(reader) }
    let box = ErrorBox()
    let context = Unmanaged.passUnretained(box).toOpaque()
    xml.setErrorHandler(
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
      let status = xml.read(reader)
      if status == 0 { break }
      if status < 0 {
        return .failure(box.fault ?? Fault(line: Int(xml.lineNumber(reader)), message: "not well-formed"))
      }
      let type = xml.nodeType(reader)
      if type == CLibXML2EndElement {
        _ = open.popLast()
        continue
      }
      if type == CLibXML2Text || type == CLibXML2CData {
        if let index = open.last { elements[index].text += text(xml.value(reader)) }
        continue
      }
      guard type == CLibXML2Element else { continue }
      var element = Element(
        name: text(xml.name(reader)), attributes: [],
        line: Int(xml.lineNumber(reader)), depth: Int(xml.depth(reader)))
      let isEmpty = xml.isEmptyElement(reader) == 1
      while xml.moveToNextAttribute(reader) == 1 {
        element.attributes.append((text(xml.name(reader)), text(xml.value(reader))))
      }
      _ = xml.moveToElement(reader)
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

/// The calls of libxml2's reader, looked up in the library opened on first use. dlopen counts
/// its openings, so each document opens it again cheaply, and it stays open for the program's
/// life (the reader's error handler may run until the reader is freed).
private struct LibXML2 {
  let readerForMemory: CLibXML2ReaderForMemory
  let freeReader: CLibXML2FreeReader
  let setErrorHandler: CLibXML2SetErrorHandler
  let read: CLibXML2ReaderInt
  let nodeType: CLibXML2ReaderInt
  let lineNumber: CLibXML2ReaderInt
  let depth: CLibXML2ReaderInt
  let isEmptyElement: CLibXML2ReaderInt
  let moveToNextAttribute: CLibXML2ReaderInt
  let moveToElement: CLibXML2ReaderInt
  let name: CLibXML2ReaderText
  let value: CLibXML2ReaderText

  /// Debian's runtime package `libxml2` installs this name (`libxml2-dev` depends on it).
  static let libraryName = "libxml2.so.2"

  static func open() -> Result<LibXML2, XMLElements.Fault> {
    guard let handle = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(
        XMLElements.Fault(
          line: 1, message: "libxml2 (\(libraryName)) could not be opened: install Debian's libxml2 package"))
    }
    var missing: [String] = []
    func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
      guard let address = dlsym(handle, name) else {
        missing.append(name)
        return nil
      }
      return unsafeBitCast(address, to: type)
    }
    let found = (
      symbol("xmlReaderForMemory", as: CLibXML2ReaderForMemory.self),
      symbol("xmlFreeTextReader", as: CLibXML2FreeReader.self),
      symbol("xmlTextReaderSetStructuredErrorHandler", as: CLibXML2SetErrorHandler.self),
      symbol("xmlTextReaderRead", as: CLibXML2ReaderInt.self),
      symbol("xmlTextReaderNodeType", as: CLibXML2ReaderInt.self),
      symbol("xmlTextReaderGetParserLineNumber", as: CLibXML2ReaderInt.self),
      symbol("xmlTextReaderDepth", as: CLibXML2ReaderInt.self),
      symbol("xmlTextReaderIsEmptyElement", as: CLibXML2ReaderInt.self),
      symbol("xmlTextReaderMoveToNextAttribute", as: CLibXML2ReaderInt.self),
      symbol("xmlTextReaderMoveToElement", as: CLibXML2ReaderInt.self),
      symbol("xmlTextReaderConstName", as: CLibXML2ReaderText.self),
      symbol("xmlTextReaderConstValue", as: CLibXML2ReaderText.self)
    )
    guard let readerForMemory = found.0, let freeReader = found.1, let setErrorHandler = found.2,
      let read = found.3, let nodeType = found.4, let lineNumber = found.5, let depth = found.6,
      let isEmptyElement = found.7, let moveToNextAttribute = found.8, let moveToElement = found.9,
      let name = found.10, let value = found.11
    else {
      return .failure(
        XMLElements.Fault(
          line: 1,
          message: "\(libraryName) lacks \(missing.joined(separator: ", ")): install Debian's libxml2 package"
        ))
    }
    return .success(
      LibXML2(
        readerForMemory: readerForMemory, freeReader: freeReader, setErrorHandler: setErrorHandler,
        read: read, nodeType: nodeType, lineNumber: lineNumber, depth: depth,
        isEmptyElement: isEmptyElement, moveToNextAttribute: moveToNextAttribute,
        moveToElement: moveToElement, name: name, value: value))
  }
}
