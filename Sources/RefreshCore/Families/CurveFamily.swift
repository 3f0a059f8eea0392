import Synchronization

/// A curve family, defined once: its name, its parameters, the physics it makes from a tuning,
/// how the studio shows it, what each export target writes for it, the fitter's search space
/// for it and its form in the web page. Every reader (the tuning file, the studio, the exporters,
/// the fitter, the page) asks the definition, so adding a family is writing one of these and
/// registering it (``register(_:)``); the built-in ones are ``builtIns``.
///
/// As swift-argument-parser's `@Option` is declared once and read by the parser, the help and
/// the completions, and as Flutter's `ScrollPhysics` answers every question about a behaviour.
public struct CurveFamily: Sendable {
  /// The name a tuning file's `resistanceCurve` gives it.
  public let name: String
  /// How the studio labels it: short, as a button among the others reads.
  public let label: String
  /// One line on what it is and where it comes from.
  public let summary: String
  /// The constants it reads: its own, and the ones it shares with other families (the bounce
  /// spring). A key listed by no family acts in every family.
  public let parameters: [TuningParameter]
  /// How each export target carries it, by the target's name (`smart`, `flutter`, `mjrefresh`,
  /// `easyrefresh`, `web`); a target missing here refuses it.
  public let exports: [String: CurveExportForm]
  /// What the fitter searches when it tries the family; nil leaves it out of fits.
  public let fit: CurveFit?
  /// Its form in the web page: a JavaScript function expression taking the tuning (as the page
  /// holds it, by key) and returning the family's answers (`displacement`, `slope`, `travel`,
  /// `releaseMotion`, `edgeMotion`), written with the page's motions (`SpringMotion`,
  /// `ReboundMotion`, `coastFrom`, `rubberBand`…); nil when it has none, and the page refuses it.
  public let pageForm: String?
  let _physics: @Sendable (Tuning) -> any ScrollPhysics

  /// A family of this name and these answers; `physics` makes its ``ScrollPhysics`` from a
  /// tuning's constants.
  public init(
    name: String, label: String, summary: String, parameters: [TuningParameter],
    exports: [String: CurveExportForm] = [:], fit: CurveFit? = nil, pageForm: String? = nil,
    physics: @escaping @Sendable (Tuning) -> any ScrollPhysics
  ) {
    self.name = name
    self.label = label
    self.summary = summary
    self.parameters = parameters
    self.exports = exports
    self.fit = fit
    self.pageForm = pageForm
    _physics = physics
  }

  /// The family with the constants `tuning` gives it.
  public func physics(for tuning: Tuning) -> any ScrollPhysics { _physics(tuning) }

  /// The name as a tuning holds it.
  public var curve: ResistanceCurve { ResistanceCurve(_name: name) }

  /// Whether the family reads the constant `key`.
  public func reads(_ key: String) -> Bool { parameters.contains { $0.key == key } }

  /// How the export target `target` carries the family: its entry, or a refusal naming the
  /// targets that have one.
  public func exportForm(for target: String) -> CurveExportForm {
    if let form = exports[target] { return form }
    let others = exports.filter { if case .refused = $0.value { false } else { true } }.keys.sorted()
    return .refused(
      "the curve family \(name) gives no form for \(target)"
        + (others.isEmpty ? "" : " (it gives one for \(others.joined(separator: ", ")))"))
  }
}

// MARK: The registry

extension CurveFamily {
  /// The built-in families, in the order the studio and the files list them.
  public static var builtIns: [CurveFamily] {
    [.iosRubberBand, .flutterFriction, .smartDamping, .materialTension, .elasticOvershoot]
  }

  /// Every family a tuning may name: the built-ins, then the program's, in registration order.
  public static var registered: [CurveFamily] { _registry.withLock { $0.families } }

  /// The registered family named `name`.
  public static func named(_ name: String) -> CurveFamily? {
    _registry.withLock { registry in registry.families.first { $0.name == name } }
  }

  /// Adds `family` to the families tuning files, the studio, the exporters, the fitter and the
  /// page know, for the rest of the process. A name already registered, or a key the tuning or
  /// another family already defines differently (another range or default), is refused.
  public static func register(_ family: CurveFamily) throws(CurveFamilyError) {
    let general = Set(Tuning._generalParameters.map(\.key))
    try _registry.withLock { (registry: inout _Registry) throws(CurveFamilyError) in
      let families = registry.families
      if families.contains(where: { $0.name == family.name }) {
        throw .duplicateName(family.name)
      }
      for parameter in family.parameters {
        if general.contains(parameter.key) { throw .conflictingKey(parameter.key, family: family.name) }
        let shared = families.lazy.flatMap(\.parameters).first { $0.key == parameter.key }
        if let shared, shared.range != parameter.range || shared.defaultValue != parameter.defaultValue {
          throw .conflictingKey(parameter.key, family: family.name)
        }
      }
      registry = _Registry(families: families + [family])
    }
  }

  /// The families a tuning may name, and the tuning's parameters with theirs
  /// (`Tuning.parameters`), built once for each registration.
  struct _Registry: Sendable {
    let families: [CurveFamily]
    let parameters: [TuningParameter]

    init(families: [CurveFamily]) {
      self.families = families
      parameters = Tuning._parameters(of: families)
    }
  }

  static let _registry = Mutex<_Registry>(_Registry(families: builtIns))
}

/// Why ``CurveFamily/register(_:)`` refused a family.
public enum CurveFamilyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A family of this name is registered already.
  case duplicateName(String)
  /// The family defines a key that a tuning or another family defines otherwise.
  case conflictingKey(String, family: String)

  public var description: String {
    switch self {
    case .duplicateName(let name):
      "a curve family named \"\(name)\" is registered already; give yours another name"
    case .conflictingKey(let key, let family):
      "curve family \"\(family)\": key \"\(key)\" is defined already with another range or default; "
        + "name it otherwise"
    }
  }
}
