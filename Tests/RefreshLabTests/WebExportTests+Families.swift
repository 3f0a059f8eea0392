import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// A family a program registers, with a page form: a pull shows `reach·(1 − e^(−x/reach))` and
/// returns on the bounce spring; pull_to_refresh refuses it, the other libraries keep their own.
extension CurveFamily {
  static let webSoftStop = CurveFamily(
    name: "webSoftStop", label: "Soft stop", summary: "an exponential stop and the bounce spring",
    parameters: [
      TuningParameter(
        key: "webSoftStopReach", range: 40...400, defaultValue: 150, unit: "pt",
        meaning: "the most a pull shows", phase: .pull)
    ] + TuningParameter.bounceSpring,
    exports: ["flutter": .refused("pull_to_refresh has no form of the soft stop's exponential band")],
    pageForm: """
      function (T) {
        const reach = T.webSoftStopReach, spring = springOf(T);
        return {
          displacement: function (x, e) { return reach * (1 - Math.exp(-x / reach)); },
          slope: function (x, e) { return Math.exp(-x / reach); },
          travel: function (y, e) { return -reach * Math.log(1 - Math.min(y, reach * (1 - 1e-9)) / reach); },
          releaseMotion: function (pos, v, target) { return new SpringMotion(pos, v, target, spring); },
          edgeMotion: function (edge, v) { return { stop: true }; },
        };
      }
      """,
    physics: { t in WebSoftStop(reach: t[parameter: "webSoftStopReach"], spring: t.springParameters) })

  /// The same without a page form.
  static let formless = CurveFamily(
    name: "formless", label: "Formless", summary: "no page form", parameters: [],
    physics: { t in WebSoftStop(reach: 150, spring: t.springParameters) })
}

struct WebSoftStop: ScrollPhysics {
  var reach: Double
  var spring: SpringParameters

  func displacement(forTravel x: Double, past edge: OverscrollEdge) -> Double {
    reach * (1 - exp(-x / reach))
  }
  func slope(atTravel x: Double, past edge: OverscrollEdge) -> Double { exp(-x / reach) }
  func travel(forDisplacement y: Double, past edge: OverscrollEdge) -> Double {
    -reach * log(1 - min(y, reach * (1 - 1e-9)) / reach)
  }
  func releaseMotion(from position: Double, velocity: Double, to target: Double) -> any SettlingMotion {
    SpringMotion(from: position, velocity: velocity, to: target, parameters: spring)
  }
  func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion { .stop }
}

/// Registers the test's families once for the process.
enum WebFamilies {
  static let registered: Bool = {
    for family in [CurveFamily.webSoftStop, .formless] where CurveFamily.named(family.name) == nil {
      try? CurveFamily.register(family)
    }
    return CurveFamily.named("webSoftStop") != nil && CurveFamily.named("formless") != nil
  }()
}

extension WebExportTests {
  /// A random valid tuning of `family`: its own constants anywhere in their ranges, the bars'
  /// sizes and the deceleration within what a list uses.
  static func randomTuning(of family: CurveFamily, using random: inout SplitMix64) -> Tuning {
    var t = Tuning()
    t.resistanceCurve = family.curve
    for parameter in family.parameters {
      t[parameter: parameter.key] = Double.random(in: parameter.range, using: &random)
    }
    t.headerHeight = Double.random(in: 40...100, using: &random)
    t.refreshThreshold = Double.random(in: 40...120, using: &random)
    t.footerHeight = Double.random(in: 30...80, using: &random)
    t.decelerationRate = Double.random(in: 0.99...0.999, using: &random)
    return t
  }

  /// Issue 53: random tunings of every registered family that brings a page form (the built-ins
  /// and a program's), not only the presets, move in the browser as in the lab.
  @Test func randomTuningsOfEveryFamilyMoveInTheBrowserAsInTheLab() throws {
    #expect(WebFamilies.registered)
    var random = SplitMix64(seed: 53)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var worst = 0.0
    let families = WebExport.carriedFamilies
    #expect(families.contains { $0.name == "webSoftStop" })
    for family in families {
      for index in 0..<3 {
        let tuning = Self.randomTuning(of: family, using: &random)
        #expect(throws: Never.self) { try tuning.validate() }
        let file = try folder.write(
          String(decoding: TuningFile.encode(tuning), as: UTF8.self), to: "\(family.name)-\(index).json")
        let runs = try compare(
          tuning, named: "\(family.name) #\(index)", scripts: [("fling-to-end", Self.flingToEnd)],
          standard: ["pull", "pull-and-fling"], labArguments: ["--tuning", file])
        worst = max(worst, runs.values.map(\.worst).max() ?? 0)
      }
    }
    print("random tunings of \(families.count) families: at most \(worst) pt off the lab")
  }

  /// Every key the page's scripts read is one the export writes into the page's tuning, for a
  /// tuning of each family the page carries (a program's family's keys are written for its own).
  @Test func everyKeyThePageReadsIsWritten() throws {
    #expect(WebFamilies.registered)
    let read = WebExport.carriedKeys
    #expect(read.count > 30, "the page reads \(read.count) keys")
    #expect(read.contains("webSoftStopReach"), "a registered family's page form reads its own key")
    #expect(read.contains("tapSlop") && read.contains("headerStyle"))
    var written = Set<String>()
    for family in WebExport.carriedFamilies {
      var tuning = Tuning()
      tuning.resistanceCurve = family.curve
      let object = try #require(
        try JSONSerialization.jsonObject(with: TuningFile.encode(tuning)) as? [String: Any])
      written.formUnion(object.keys)
      let own = Set(family.parameters.map(\.key))
      #expect(own.isSubset(of: object.keys), "\(family.name): \(own.subtracting(object.keys)) unwritten")
    }
    #expect(read.isSubset(of: written), "the page reads \(read.subtracting(written)), never written")
  }

  /// The page computes with the core's constants as generated, and writes none of them itself.
  @Test func thePageWritesNoPhysicsConstantOfItsOwn() {
    let script = WebExport.text(PackageResources.refresh_lab_js).split(separator: "\n")
      .filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") }.joined(separator: "\n")
    let physics = WebExport.physicsScript(family: .smartDamping)
    for (name, value) in PagePhysics.constants {
      #expect(script.contains("K.\(name)"), "the page never reads \(name)")
      #expect(physics.contains("\(name): \(value)\n") || physics.contains("\(name): \(value),"))
      // A value more particular than a small whole number or a half written as a literal.
      let literal = "\(value)"
      if value != value.rounded() && value != 0.5 {
        #expect(!script.contains(literal), "the page writes \(name) (\(literal)) itself")
      }
    }
    for family in CurveFamily.builtIns {
      #expect(!script.contains("\(family.name):"), "the page names \(family.name) itself")
    }
    #expect(!script.contains("0.85") && !script.contains("4 / 3") && !script.contains("Math.exp(-1)"))
  }

  /// A program's family reaches the page when it brings a form, and is refused in one line by
  /// the page when it brings none and by a library whose entry refuses it.
  @Test func aProgramsFamilyIsCarriedOrRefusedInOneLine() throws {
    #expect(WebFamilies.registered)
    var t = Tuning()
    t.resistanceCurve = CurveFamily.webSoftStop.curve
    #expect(WebExport.refusal(t) == nil)
    let page = WebExport.page(of: t, source: "a test")
    // The page's scripts are written without the spaces no token needs.
    #expect(page.contains("webSoftStop:function(T)"))
    #expect(throws: LabError.self) { try TuningExport.check(t, as: .flutter) }
    do {
      try TuningExport.check(t, as: .flutter)
    } catch {
      #expect(!error.description.contains("\n"))
      #expect(error.description.contains("exponential band"))
    }
    // No entry for smart: a refusal that says which targets it has a form for.
    if case .refused(let why) = CurveFamily.webSoftStop.exportForm(for: "smart") {
      #expect(why.contains("webSoftStop") && why.contains("smart"))
    } else {
      Issue.record("a family with no entry for smart is exported there")
    }
    var formless = Tuning()
    formless.resistanceCurve = CurveFamily.formless.curve
    let refusal = try #require(WebExport.refusal(formless))
    #expect(!refusal.contains("\n") && refusal.contains("formless"))
  }
}
