import Glibc

/// Text as the bytes it is drawn from, for keys of what was rendered or measured from it.
/// `String`'s own equality joins canonically equal spellings ("café" with a precomposed é and
/// with e and a combining accent), which the fonts draw each from its own code points; and its
/// hash normalises first, a cost paid for every row looked up.
struct _TextBytes: Hashable {
  var text: String

  static func == (lhs: Self, rhs: Self) -> Bool { _sameBytes(lhs.text, rhs.text) }

  func hash(into hasher: inout Hasher) { _hashBytes(text, into: &hasher) }
}

/// Whether `lhs` and `rhs` are the same UTF-8 bytes.
func _sameBytes(_ lhs: String, _ rhs: String) -> Bool {
  guard lhs.utf8.count == rhs.utf8.count else { return false }
  // Native strings hold their bytes in one piece: compared at once, not a view index at a time.
  let compared: Bool?? = lhs.utf8.withContiguousStorageIfAvailable { left in
    rhs.utf8.withContiguousStorageIfAvailable { right in
      left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
    }
  }
  if let compared = compared ?? nil { return compared }
  return lhs.utf8.elementsEqual(rhs.utf8)
}

/// Feeds `text`'s UTF-8 bytes and their count (so that lines next to each other stay apart).
func _hashBytes(_ text: String, into hasher: inout Hasher) {
  let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
  }
  if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
  hasher.combine(text.utf8.count)
}
