/// The known name a mistyped one was most likely meant to be, for "did you mean" hints: the
/// tuning's keys here, the app's flags in the app.
public enum NearestName {
  /// The name in `candidates` closest to `typed` by edit distance (letters inserted, deleted,
  /// replaced or two neighbours swapped, case ignored), when it is close enough to be a typo:
  /// at most a third of the typed name's letters, and never more than 3. Ties go to the first
  /// candidate.
  public static func to(_ typed: String, among candidates: some Sequence<String>) -> String? {
    let typedLetters = Array(typed.lowercased())
    let allowed = min(3, max(1, typedLetters.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != typed {
      let distance = editDistance(typedLetters, Array(candidate.lowercased()))
      if distance <= allowed, distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best?.name
  }

  /// Damerau–Levenshtein distance (optimal string alignment) between `a` and `b`.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], twoBack[j - 2] + 1)
        }
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }
}
