/// The newest `capacity` elements, oldest first: appending to a full buffer drops the oldest.
///
/// Storage is reserved once at creation, so appending never allocates; the live plot appends a
/// sample every frame for as long as the window is open.
struct RingBuffer<Element>: RandomAccessCollection {
  /// The most elements kept.
  let capacity: Int
  private var storage: [Element] = []
  /// Where the oldest element sits in `storage` once the buffer has wrapped.
  private var head = 0

  /// An empty buffer for up to `capacity` elements (at least one).
  init(capacity: Int) {
    self.capacity = Swift.max(1, capacity)
    storage.reserveCapacity(self.capacity)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { storage.count }

  subscript(position: Int) -> Element {
    precondition(indices.contains(position), "ring buffer index out of range")
    let index = head + position
    return storage[index < capacity ? index : index - capacity]
  }

  /// Adds `element` as the newest, dropping the oldest when full.
  mutating func append(_ element: Element) {
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[head] = element
      head = head + 1 == capacity ? 0 : head + 1
    }
  }

  /// Empties the buffer, keeping its storage.
  mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
  }

  /// Elements the reserved storage holds without growing; tests check it never changes.
  var reservedCapacity: Int { storage.capacity }
}
