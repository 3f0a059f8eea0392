import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// The tuning panel's logic, without a window: rows, selection, and what keys, sliders and
/// option clicks make of the values.
@Suite struct PanelModelTests {
  let model = PanelModel(data: DataSourceConfiguration())
  let values = StudioValues(tuning: Tuning(), data: DataSourceConfiguration())

  func selecting(_ key: String) throws -> PanelModel {
    var model = model
    model.select(try #require(model.row(forKey: key)))
    return model
  }

  /// The filter narrows the rows to the keys holding what was typed (and whole groups by title),
  /// selects the first, and gives every row back when cleared.
  @Test func theFilterShowsMatchingRowsUnderTheirGroups() throws {
    var model = model
    let all = model.rows.count
    model.setFilter("Foot")
    let keys = model.rows.indices.compactMap { model.key(of: $0) }
    #expect(keys.contains("footerHeight") && keys.contains("footerMode"))
    #expect(keys.allSatisfy { $0.lowercased().contains("foot") || model.rows.count > 0 })
    #expect(!keys.contains("headerHeight"))
    #expect(model.key(of: model.selection) == keys.first)
    if case .group = model.rows[0] {} else { Issue.record("a match shows under its group's title") }
    model.setFilter("zzz")
    #expect(model.filterMatchesNothing)
    model.setFilter("")
    #expect(model.rows.count == all)
  }

  /// Any setting is a few keystrokes away: / and the fewest letters of its name that select it.
  @Test func everySettingIsAFewLettersAway() {
    var most = (letters: 0, key: "")
    for curve in CurveFamily.builtIns.map(\.curve) {
      var model = PanelModel(data: DataSourceConfiguration(), curve: curve)
      let keys = model.rows.indices.compactMap { model.key(of: $0) }
      for key in keys {
        let name = Array(key.lowercased())
        let letters = (1...name.count).first { length in
          (0...(name.count - length)).contains { start in
            model.setFilter(String(name[start..<(start + length)]))
            return model.key(of: model.selection) == key
          }
        }
        let needed = letters ?? .max
        if needed > most.letters { most = (needed, key) }
      }
    }
    print("most letters to reach a setting: \(most.letters) (\(most.key))")
    #expect(most.letters <= 3, "\(most.key) needs \(most.letters) letters")
  }

  @Test func everyTuningKeyAndTheDataSourceHaveARow() {
    // Each curve's own keys show while that curve is chosen.
    for curve in CurveFamily.builtIns.map(\.curve) {
      let model = PanelModel(data: DataSourceConfiguration(), curve: curve)
      let unused = Set(Tuning.parameters.filter { !$0.applies(to: curve) }.map(\.key))
      for key in Tuning.allKeys + DataSourceField.allCases.map(\.rawValue) + ["preset", "exportFormat"] {
        #expect((model.row(forKey: key) != nil) == !unused.contains(key), "\(curve): row for \(key)")
      }
    }
    let groups = model.rows.compactMap { row -> String? in
      if case .group(let title) = row { return title }
      return nil
    }
    #expect(
      groups == ["Preset"] + TuningGroup.allCases.map(\.rawValue) + ["Simulated data source (not saved)"])
  }

  @Test func choosingACurveShowsItsKeysAndKeepsTheSelection() throws {
    var model = try selecting("resistanceCurve")
    #expect(model.row(forKey: "rubberBandConstant") != nil)
    #expect(model.row(forKey: "dragRate") == nil)
    // One option per press, as every choice row moves.
    let smart = try model.adjusting(try model.adjusting(values, by: 1), by: 1)
    #expect(smart.tuning.resistanceCurve == .smartDamping)
    model.show(curve: smart.tuning.resistanceCurve)
    #expect(model.selection == model.row(forKey: "resistanceCurve"))
    for key in ["dragRate", "maxDragRate", "reboundDuration"] { #expect(model.row(forKey: key) != nil) }
    #expect(model.row(forKey: "rubberBandConstant") == nil)
    // A selected key the new curve does not use hands the selection to the curve's row.
    model.select(try #require(model.row(forKey: "maxDragRate")))
    model.show(curve: .iosRubberBand)
    #expect(model.selection == model.row(forKey: "resistanceCurve"))
    model.select(try #require(model.row(forKey: "springMass")))
    model.show(curve: .flutterFriction)
    #expect(model.selection == model.row(forKey: "springMass"))
  }

  @Test func theExportFormatAndTheHeaderStyleAreChoices() throws {
    let format = try selecting("exportFormat")
    let chosen = try format.adjusting(values, by: 1)
    #expect(chosen.exportFormat == .smart)
    #expect(chosen.tuning == values.tuning, "the format is no part of the tuning")
    let style = try selecting("headerStyle")
    var styled = values
    for _ in 0..<3 { styled = try style.adjusting(styled, by: 1) }
    #expect(styled.tuning.headerStyle == .overlay)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let written = try TuningExport.write(
      TuningPreset.smart.tuning, as: .smart, beside: folder.file("refresh-lab-export"))
    #expect(written == folder.file("refresh-lab-export.xml"))
    let text = try String(contentsOfFile: written, encoding: .utf8)
    #expect(text.contains("app:srlDragRate=\"0.5\""))
  }

  @Test func everyCoreParameterHasItsPanelLook() {
    // The core lists keys and ranges; the lab says how each reads. A key added to the core
    // without a panel look would fall back to a generic row.
    // A curve family's own key needs no entry: it reads in its definition's unit among the
    // physics, so adding a family touches no table here.
    let listed = Set(TuningParameter._panelPresentations.keys)
    let general = Tuning.parameters.filter { $0.curves.isEmpty }.map(\.key)
    #expect(Set(general).isSubset(of: listed), "\(Set(general).subtracting(listed)) have no panel look")
    for parameter in Tuning.parameters where !listed.contains(parameter.key) {
      #expect(!parameter.curves.isEmpty, "\(parameter.key) is no family's and has no panel look")
      #expect(parameter.panelUnit == parameter.unit && parameter.group == .physics)
    }
  }

  @Test func rowsSitInTheirTuningGroup() throws {
    let header = try #require(model.row(forKey: "headerHeight"))
    let sizes = try #require(
      model.rows.firstIndex { if case .group("Sizes and thresholds") = $0 { true } else { false } })
    let physics = try #require(
      model.rows.firstIndex { if case .group("Physics") = $0 { true } else { false } })
    #expect(sizes < header && header < physics)
    let easing = try #require(model.row(forKey: "easing"))
    let animation = try #require(
      model.rows.firstIndex { if case .group("Animation") = $0 { true } else { false } })
    #expect(easing > animation)
  }

  @Test func theSelectionSkipsGroupTitlesAndStopsAtTheEnds() {
    var model = model
    #expect(model.selection == model.row(forKey: "preset"))
    model.moveSelection(by: 1)
    #expect(model.selection == model.row(forKey: "exportFormat"))
    model.moveSelection(by: 1)
    #expect(model.selection == model.row(forKey: "headerHeight"))
    model.moveSelection(by: -2)
    model.moveSelection(by: -5)
    #expect(model.selection == model.row(forKey: "preset"))
    model.moveSelection(by: 1000)
    #expect(model.selection == model.row(forKey: "total"))
    model.select(0)
    #expect(model.selection == model.row(forKey: "total"), "a group title cannot be selected")
  }

  @Test func aStepMovesByTheParametersStepAndShiftByTen() throws {
    let model = try selecting("headerHeight")
    #expect(try model.adjusting(values, by: 1).tuning.headerHeight == 61)
    #expect(try model.adjusting(values, by: -PanelModel.coarseSteps).tuning.headerHeight == 50)
    let rate = try selecting("decelerationRate")
    #expect(try rate.adjusting(values, by: 1).tuning.decelerationRate == 0.9985)
    let rubber = try selecting("rubberBandConstant")
    #expect(try rubber.adjusting(values, by: 1).tuning.rubberBandConstant == 0.555, "no binary noise")
  }

  /// Issue 55: a step is about a hundredth of the setting's range (1, 2 or 5 times a power of
  /// ten), so Shift's ten steps cross a tenth of any slider.
  @Test func aStepIsAFractionOfTheRange() {
    for parameter in Tuning.parameters {
      let span = parameter.range.upperBound - parameter.range.lowerBound
      #expect(
        parameter.step <= span / 100 + 1e-12 && parameter.step > span / 250,
        "\(parameter.key): \(parameter.step)")
    }
    for field in SpringField.allCases {
      let span = field.range.upperBound - field.range.lowerBound
      #expect(field.step <= span / 100 + 1e-12 && field.step > span / 250, "\(field.key): \(field.step)")
    }
  }

  /// Issue 55: the filter matches setting names before group names: "thr" picks the
  /// thresholds, not headerHeight by its group "Sizes and thresholds".
  @Test func theFilterMatchesNamesBeforeGroups() {
    var model = model
    model.setFilter("thr")
    let keys = model.rows.indices.compactMap { model.key(of: $0) }
    #expect(keys.contains("refreshThreshold") && keys.contains("loadMoreThreshold"))
    #expect(!keys.contains("headerHeight"), "\(keys)")
    #expect(model.key(of: model.selection) == "refreshThreshold")
    model.setFilter("physics")
    #expect(
      model.rows.indices.compactMap { model.key(of: $0) }.contains("decelerationRate"),
      "a group still by its title")
  }

  /// Every tuning setting says in one line what it does, with a phase before a colon.
  @Test func everySettingSaysWhatItDoes() {
    for parameter in Tuning.parameters {
      #expect(parameter.panelMeaning.contains(": "), "\(parameter.key) says what it does, in which phase")
    }
  }

  @Test func valuesStopAtTheEndsOfTheirRange() throws {
    let model = try selecting("headerHeight")
    #expect(try model.adjusting(values, by: -1000).tuning.headerHeight == 20)
    #expect(try model.adjusting(values, by: 1000).tuning.headerHeight == 200)
    let rate = try selecting("decelerationRate")
    #expect(try rate.adjusting(values, by: 1000).tuning.decelerationRate == 0.9999)
  }

  @Test func theSliderMapsItsWidthOntoTheRangeAndSnapsToTheStep() throws {
    let row = try #require(model.row(forKey: "headerHeight"))
    #expect(try model.setting(values, row: row, fraction: 0).tuning.headerHeight == 20)
    #expect(try model.setting(values, row: row, fraction: 1).tuning.headerHeight == 200)
    #expect(try model.setting(values, row: row, fraction: 0.5).tuning.headerHeight == 110)
    #expect(try model.setting(values, row: row, fraction: 0.3333).tuning.headerHeight == 80)
    #expect(try model.setting(values, row: row, fraction: 7).tuning.headerHeight == 200)
  }

  /// Each parameter is in range on its own, but the core also wants the minimum fling speed at
  /// most the maximum: the panel refuses with the core's message instead of applying it.
  @Test func aChangeTheCoreWouldRefuseIsRefusedWithItsMessage() throws {
    var low = values
    low.tuning.maximumFlingVelocity = 200
    let model = try selecting("minimumFlingVelocity")
    #expect(try model.adjusting(low, by: 10).tuning.minimumFlingVelocity == 150)
    do {
      _ = try model.adjusting(low, by: 20)
      Issue.record("a minimum fling speed above the maximum was accepted")
    } catch {
      #expect(error.description.contains("maximumFlingVelocity"))
      #expect(error.description.contains("allowed 250.0…30000.0"))
    }
  }

  /// Whatever the keys ask, what the panel accepts is a valid tuning, and what it refuses names
  /// the key. Every number row accepts a small step (3 steps up, then back down by the coarse
  /// step, each within the defaults' range) and moves its value; a panel that refused
  /// everything, or accepted without moving, would validate trivially.
  @Test func everyResultValidates() throws {
    var model = model
    var current = values
    var accepted = 0
    var numberRows = 0
    for _ in model.rows.indices {
      let key = model.key(of: model.selection)
      var moved = false
      for steps in [1000, -1000, 3, -PanelModel.coarseSteps] {
        do {
          let next = try model.adjusting(current, by: steps)
          if case .number(let number) = model.rows[model.selection],
            number.value(in: next) != number.value(in: current)
          {
            moved = true
          }
          current = next
          accepted += 1
          #expect(throws: Never.self) { try current.tuning.validate() }
        } catch {
          // A refusal says which key it refused.
          #expect(key.map { error.description.contains($0) } ?? false, "\(key ?? "no key"): \(error)")
        }
      }
      if case .number = model.rows[model.selection] {
        numberRows += 1
        #expect(moved, "\(key ?? "a number row") accepted no step that moved it")
      }
      model.moveSelection(by: 1)
    }
    #expect(numberRows >= 10, "only \(numberRows) number rows were visited")
    // At least the two small steps of every number row went through.
    #expect(accepted >= 2 * numberRows, "\(accepted) adjustments accepted over \(numberRows) number rows")
  }

  @Test func presetsReplaceTheTuningAndShowWhichOneIsInForce() throws {
    let row = try #require(model.row(forKey: "preset"))
    guard case .choice(let preset) = model.rows[row] else { throw PanelTestError("preset is not a choice") }
    #expect(preset.formatted(in: values) == "ios")
    let ego = model.choosing(values, row: row, option: 2)
    #expect(ego.tuning == TuningPreset.ego.tuning)
    #expect(preset.formatted(in: ego) == "ego")
    var custom = ego
    custom.tuning.headerHeight = 61
    // Still named after the preset it was edited from (issue 45).
    #expect(preset.formatted(in: custom) == "custom (from ego)")
    let next = try selecting("preset").adjusting(custom, by: 1)
    #expect(next.tuning == TuningPreset.ios.tuning, "custom steps to the first preset")
    #expect(ego.data == values.data, "a preset leaves the data source alone")
  }

  @Test func choicesStepOneOptionAtATimeAndStopAtTheEnds() throws {
    let model = try selecting("easing")
    #expect(try model.adjusting(values, by: -1).tuning.easing == .easeOut)
    #expect(try model.adjusting(values, by: PanelModel.coarseSteps).tuning.easing == .easeOutBack)
    var last = values
    last.tuning.easing = try #require(TimingCurve.allCases.last)
    #expect(try model.adjusting(last, by: 1).tuning.easing == TimingCurve.allCases.last)
    let hides = try selecting("hidesFooterWhenNoMoreData")
    #expect(try hides.adjusting(values, by: 1).tuning.hidesFooterWhenNoMoreData)
  }

  @Test func dataSourceRowsChangeTheDataSourceOnly() throws {
    let latency = try selecting("latency")
    let slower = try latency.adjusting(values, by: 1)
    #expect(slower.data.latency == 1.05)
    #expect(slower.tuning == values.tuning)
    let total = try selecting("total")
    #expect(try total.adjusting(values, by: 1).data.total == 110)
    let page = try selecting("pageSize")
    #expect(try page.adjusting(values, by: -1000).data.pageSize == 1)
  }

  @Test func dataSliderRangesHoldTheValueTheRunStartedWith() throws {
    let big = PanelModel(data: DataSourceConfiguration(pageSize: 500, total: 5000))
    let row = try #require(big.row(forKey: "total"))
    guard case .number(let total) = big.rows[row] else { throw PanelTestError("total is not a number") }
    #expect(total.range == 0...5000)
  }

  @Test func numbersReadWithTheirUnit() throws {
    #expect(PanelNumber.tuning(Tuning.parameters[0]).formatted(60) == "60 pt")
    let rate = try #require(Tuning.parameters.first { $0.key == "decelerationRate" })
    #expect(PanelNumber.tuning(rate).formatted(0.998) == "0.998 /ms")
    #expect(PanelFormat.number(-0.0001, step: 0.01) == "0")
    #expect(PanelFormat.decimals(for: 0.0005) == 4)
    #expect(PanelFormat.decimals(for: 0.01) == 2)
    #expect(PanelFormat.decimals(for: 5) == 0)
  }
}

struct PanelTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Issue 22: E wrote `refresh-lab-export.dart` for both Flutter formats, one replacing the other.
@Suite struct ExportFileNameTests {
  @Test func everyFormatHasAFileOfItsOwn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let base = folder.file("refresh-lab-export")
    let written = try ExportFormat.allCases.map { try TuningExport.write(Tuning(), as: $0, beside: base) }
    #expect(Set(written).count == ExportFormat.allCases.count, "\(written)")
    #expect(try folder.contents().count == ExportFormat.allCases.count)
  }
}
