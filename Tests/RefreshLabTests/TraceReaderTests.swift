import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The trace frame reads back as it was written: every field, a missing selection, the compared
/// table, and the non-finite numbers the writer spells as strings.
@Suite struct TraceReaderTests {
  func frame(offset: Double, selectedRow: Int?) -> TraceFrame {
    var snapshot = RefreshController(viewportHeight: 600, contentHeight: 2000).snapshot
    snapshot.offset = offset
    return TraceFrame(
      t: 0.5, snapshot: snapshot, rows: 20, generation: 2, selectedRow: selectedRow, scrollbar: .shown)
  }

  @Test func framesReadBackAsTheyWereWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("trace.jsonl")
    let writer = try TraceWriter(path: path)
    let plain = StudioTraceFrame(primary: frame(offset: 12.5, selectedRow: nil), compare: nil)
    let compared = StudioTraceFrame(
      primary: frame(offset: .infinity, selectedRow: 3), compare: frame(offset: -4, selectedRow: nil))
    try writer.write(plain)
    try writer.write(compared)
    try writer.finish()
    let frames = try TraceReader.frames(at: path)
    #expect(frames.count == 2)
    #expect(frames.first?.primary == plain.primary && frames.first?.compare == nil)
    #expect(frames.last?.offset == .infinity && frames.last?.selectedRow.row == 3)
    #expect(frames.last?.compare == compared.compare)
  }

  @Test func aLineThatIsNoFrameIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"t":0}"# + "\n", to: "trace.jsonl")
    #expect(throws: LabError.self) { try TraceReader.frames(at: path) }
    do {
      _ = try TraceReader.frames(at: path)
    } catch {
      #expect(error.description.hasPrefix("\(path):1: not a trace frame"))
    }
  }
}
