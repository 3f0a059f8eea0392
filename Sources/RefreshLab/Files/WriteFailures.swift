/// The failed writes of a run, kept so that one failed output never costs another: every
/// output is attempted, and the run then fails with all of them.
@MainActor
struct WriteFailures {
  private(set) var errors: [LabError] = []

  /// Runs `write`, keeping its failure.
  mutating func attempt(_ write: () throws(LabError) -> Void) {
    do throws(LabError) {
      try write()
    } catch {
      errors.append(error)
    }
  }

  /// Keeps `error`, a write that has already failed.
  mutating func append(_ error: LabError) { errors.append(error) }

  /// Reports every failure but the last, one line each, and throws the last (which the app
  /// prints as its own last line); nothing when every write went well.
  func throwIfAny() throws(LabError) {
    guard let last = errors.last else { return }
    for error in errors.dropLast() { RefreshLabApp.report(error.description) }
    throw last
  }
}
