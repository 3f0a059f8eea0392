import Foundation
import InboxStore
import TestKit
import Testing

/// The Inbox example's paging, against a real SQLite file: a writer inserts messages at random
/// times while the reader refreshes and pages to the oldest. Paging by key shows every message
/// exactly once and in order; the same run paged by OFFSET (the control) shows a message twice,
/// which is what the first check would catch.
@Suite struct InboxPagingTests {
  /// A reader that pages by position, as the control.
  struct OffsetReader {
    var shown: [Message] = []
    let pageSize = 20
    mutating func loadOlder(from store: InboxStore) throws(InboxError) {
      shown += try store.page(offset: shown.count, limit: pageSize)
    }
  }

  /// Runs the reader against a writer whose inserts fall between its reads at seeded random
  /// moments; returns what the reader showed and every message there is at the end.
  func session(keyed: Bool, seed: UInt64) throws -> (shown: [Message], all: [Message]) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("inbox.sqlite")
    let writer = try InboxStore(path: path)
    let reader = try InboxStore(path: path)
    for number in 0..<137 { try writer.insert(sender: "seed", body: "message \(number)") }
    var random = seed
    func chance() -> UInt64 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return random >> 33
    }
    var pager = InboxPager(pageSize: 20)
    var control = OffsetReader()
    try pager.refresh(from: reader)
    control.shown = try reader.page(offset: 0, limit: 20)
    var steps = 0
    while steps < 200 {
      steps += 1
      // The writer: zero to three messages at this moment.
      for _ in 0..<Int(chance() % 4) { try writer.insert(sender: "writer", body: "arrived at \(steps)") }
      if chance() % 3 == 0 {
        try pager.refresh(from: reader)
      } else if keyed {
        if !(try pager.loadOlder(from: reader)) && chance() % 2 == 0 { break }
      } else {
        let before = control.shown.count
        try control.loadOlder(from: reader)
        if control.shown.count == before { break }
      }
    }
    // Whatever arrived last is refreshed in (the keyed reader), then everything is there.
    if keyed { try pager.refresh(from: reader) }
    while keyed, try pager.loadOlder(from: reader) {}
    let all = try reader.newer(than: 0)
    return (keyed ? pager.shown : control.shown, all)
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func pagingByKeyShowsEveryMessageOnceAndInOrder(seed: UInt64) throws {
    let run = try session(keyed: true, seed: seed)
    let ids = run.shown.map(\.id)
    #expect(Set(ids).count == ids.count, "a message shown twice")
    #expect(ids == ids.sorted(by: >), "messages out of order")
    #expect(ids == run.all.map(\.id), "shown \(ids.count) of \(run.all.count) messages")
  }

  /// The control: the same writer, pages by OFFSET. A message inserted between two pages pushes
  /// the last one of the page before into the next: it shows twice.
  @Test func pagingByOffsetShowsADuplicateTheCheckWouldCatch() throws {
    var duplicated = false
    for seed in [1, 2, 3, 4, 5] as [UInt64] {
      let ids = try session(keyed: false, seed: seed).shown.map(\.id)
      if Set(ids).count != ids.count { duplicated = true }
    }
    #expect(duplicated, "paging by offset never showed a duplicate: the keyed check proves nothing")
  }
}
