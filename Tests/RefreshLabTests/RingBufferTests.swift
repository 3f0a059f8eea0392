import Testing

@testable import RefreshLab

/// The live plot's sample store: bounded, oldest first, and never growing once made.
@Suite struct RingBufferTests {
  @Test func keepsTheNewestElementsOldestFirst() {
    var buffer = RingBuffer<Int>(capacity: 4)
    #expect(buffer.isEmpty)
    for value in 1...3 { buffer.append(value) }
    #expect(Array(buffer) == [1, 2, 3])
    for value in 4...10 { buffer.append(value) }
    #expect(buffer.count == 4)
    #expect(Array(buffer) == [7, 8, 9, 10])
    #expect(buffer.first == 7)
    #expect(buffer.last == 10)
    #expect(buffer[2] == 9)
  }

  @Test func appendingNeverGrowsTheStorage() {
    var buffer = RingBuffer<Double>(capacity: 300)
    let reserved = buffer.reservedCapacity
    #expect(reserved >= 300)
    for frame in 0..<10_000 { buffer.append(Double(frame)) }
    #expect(buffer.count == 300)
    #expect(buffer.reservedCapacity == reserved)
    #expect(buffer.first == 9_700)
    #expect(buffer.last == 9_999)
  }

  @Test func emptiesAndStartsOverInOrder() {
    var buffer = RingBuffer<Int>(capacity: 3)
    for value in 1...5 { buffer.append(value) }
    buffer.removeAll()
    #expect(buffer.isEmpty)
    buffer.append(6)
    buffer.append(7)
    #expect(Array(buffer) == [6, 7])
  }

  @Test func aZeroCapacityStillKeepsTheNewest() {
    var buffer = RingBuffer<Int>(capacity: 0)
    buffer.append(1)
    buffer.append(2)
    #expect(Array(buffer) == [2])
  }
}
