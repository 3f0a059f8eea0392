/// One `--trace` line when comparing: the measured (left) table's frame with every contract
/// field at the top level, exactly as without `--compare`, and the compared (right) table's
/// frame, with the same fields, under `"compare"`.
///
/// ```
/// {"header":"armed","offset":-66.1,…,"compare":{"header":"armed","offset":-66.1,…}}
/// ```
@dynamicMemberLookup
struct StudioTraceFrame: Codable {
  /// The measured table.
  var primary: TraceFrame
  /// The compared table, when there is one.
  var compare: TraceFrame?

  private enum Key: String, CodingKey {
    case compare
  }

  init(primary: TraceFrame, compare: TraceFrame?) {
    self.primary = primary
    self.compare = compare
  }

  init(from decoder: any Decoder) throws {
    primary = try TraceFrame(from: decoder)
    compare = try decoder.container(keyedBy: Key.self).decodeIfPresent(TraceFrame.self, forKey: .compare)
  }

  /// The measured table's fields, read as the line's own, as scripts read them.
  subscript<Value>(dynamicMember field: KeyPath<TraceFrame, Value>) -> Value { primary[keyPath: field] }

  func encode(to encoder: any Encoder) throws {
    // Both write into the same top-level object, so scripts reading the contract fields need
    // not know about comparisons.
    try primary.encode(to: encoder)
    guard let compare else { return }
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(compare, forKey: .compare)
  }
}
