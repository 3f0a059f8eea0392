/// One `--trace` line when comparing: the measured (left) table's frame with every contract
/// field at the top level, exactly as without `--compare`, and the compared (right) table's
/// frame, with the same fields, under `"compare"`.
///
/// ```
/// {"header":"armed","offset":-66.1,…,"compare":{"header":"armed","offset":-66.1,…}}
/// ```
struct StudioTraceFrame: Encodable {
  /// The measured table.
  var primary: TraceFrame
  /// The compared table, when there is one.
  var compare: TraceFrame?

  private enum Key: String, CodingKey {
    case compare
  }

  func encode(to encoder: any Encoder) throws {
    // Both write into the same top-level object, so scripts reading the contract fields need
    // not know about comparisons.
    try primary.encode(to: encoder)
    guard let compare else { return }
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(compare, forKey: .compare)
  }
}
