/// An end that arrived before the spinner's minimum time, applied when `due` comes.
struct _PendingEnd<Result: Sendable & Equatable>: Sendable, Equatable {
  var result: Result
  var due: Double

  /// An end arriving at `now` for a spinner shown since `start`: held until the spinner's
  /// `minimum` time is up (rule 6), or nil when that time has passed and it applies at once.
  static func holding(_ result: Result, start: Double, minimum: Double, now: Double) -> Self? {
    let due = start + minimum
    return now < due ? Self(result: result, due: due) : nil
  }
}
