import Foundation
import RefreshCore
import Testing

@Suite struct TuningTests {
  @Test func roundTripsThroughJSON() throws {
    var tuning = TuningPreset.flutter.tuning
    tuning.footerMode = .releaseToLoad
    tuning.easing = .easeOut
    let data = try JSONEncoder().encode(tuning)
    #expect(try JSONDecoder().decode(Tuning.self, from: data) == tuning)
  }

  @Test func aPartialFileKeepsTheDefaultsForTheRest() throws {
    let tuning = try JSONDecoder().decode(Tuning.self, from: Data(#"{"headerHeight": 80}"#.utf8))
    var expected = Tuning()
    expected.headerHeight = 80
    #expect(tuning == expected)
  }

  @Test func anOutOfRangeValueNamesItsKeyAndRange() {
    #expect(throws: TuningError.outOfRange(key: "decelerationRate", value: 1.5, range: 0.9...0.9999)) {
      try JSONDecoder().decode(Tuning.self, from: Data(#"{"decelerationRate": 1.5}"#.utf8))
    }
    let message = TuningError.outOfRange(key: "headerHeight", value: 0, range: 20...200).description
    #expect(message.contains("headerHeight") && message.contains("20") && message.contains("200"))
  }

  @Test func unknownKeysAreReportedNotDropped() {
    #expect(throws: TuningError.unknownKey("headerHieght")) {
      try JSONDecoder().decode(Tuning.self, from: Data(#"{"headerHieght": 80}"#.utf8))
    }
  }

  @Test func wrongKindsNameTheKey() {
    #expect(throws: TuningError.invalidValue(key: "footerHeight", expected: "a number")) {
      try JSONDecoder().decode(Tuning.self, from: Data(#"{"footerHeight": "tall"}"#.utf8))
    }
    #expect(throws: TuningError.self) {
      try JSONDecoder().decode(Tuning.self, from: Data(#"{"footerMode": "sideways"}"#.utf8))
    }
  }

  @Test func everyPresetIsValidAndCarriesTheFieldsNumbers() throws {
    for preset in TuningPreset.allCases { try preset.tuning.validate() }
    #expect(TuningPreset.ego.tuning.refreshThreshold == 65)
    #expect(TuningPreset.ego.tuning.headerHeight == 60)
    #expect(TuningPreset.ego.tuning.arrowFlipDuration == 0.18)
    #expect(TuningPreset.mjrefresh.tuning.refreshThreshold == 54)
    #expect(TuningPreset.mjrefresh.tuning.headerHeight == 54)
    #expect(TuningPreset.mjrefresh.tuning.footerHeight == 44)
    #expect(TuningPreset.flutter.tuning.refreshThreshold == 80)
    #expect(TuningPreset.smart.tuning.minimumSpinnerTime == 0.3)
    #expect(Tuning().decelerationRate == 0.998)
    #expect(Tuning().rubberBandConstant == 0.55)
    #expect(throws: TuningError.unknownPreset("uikit")) { try TuningPreset.named("uikit") }
  }

  @Test func everyParameterKeyIsItsPropertyName() throws {
    // The type's own stored properties, read by reflection, not the table the encoder loops
    // over: a property added without a key (or a key naming no property) fails here.
    // The families that keep their constants by key (`_familyValues`) add keys no property has:
    // each of those is a registered family's, and setting it changes only that store.
    let properties = Set(Mirror(reflecting: Tuning()).children.compactMap(\.label))
      .subtracting(["_familyValues"])
    let byKey = Set(Tuning.allKeys).subtracting(properties)
    #expect(properties.isSubset(of: Set(Tuning.allKeys)))
    let familyKeys = Set(CurveFamily.registered.flatMap(\.parameters).map(\.key))
    #expect(byKey.isSubset(of: familyKeys), "\(byKey.subtracting(familyKeys)) name no property")
    for key in byKey {
      var t = Tuning()
      let parameter = try #require(Tuning.parameters.first { $0.key == key })
      t[parameter: key] = parameter.range.upperBound
      #expect(t != Tuning())
      #expect(t[parameter: key] == parameter.range.upperBound)
    }
    #expect(Tuning.allKeys.count == Set(Tuning.allKeys).count, "a key is listed twice")
    // And the encoder writes exactly those keys.
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Tuning()))
    // A program's family (registered by another test) adds no key to a tuning not using it.
    let builtIns = Set(CurveFamily.builtIns.flatMap(\.parameters).map(\.key))
    let programs = familyKeys.subtracting(builtIns)
    #expect(Set((object as? [String: Any] ?? [:]).keys) == Set(Tuning.allKeys).subtracting(programs))
  }
}
