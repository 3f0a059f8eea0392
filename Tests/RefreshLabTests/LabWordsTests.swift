import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Issue 29: under `--lang zh` the keys overlay, the studio and the status line stayed English.
/// Every word the lab draws has its Chinese, and a Chinese window says them.
@MainActor @Suite(.serialized) struct LabWordsTests {
  @Test func everyKeyAndEveryGroupHasItsChinese() {
    for entry in WindowKeys.list + WindowKeys.lab {
      #expect(LabWords.chineseActions[entry.action] != nil, "no Chinese for \(entry.action)")
    }
    let groups = PanelModel(data: DataSourceConfiguration()).rows.compactMap { row -> String? in
      if case .group(let title) = row { title } else { nil }
    }
    #expect(!groups.isEmpty)
    for title in groups {
      #expect(LabWords.chineseGroups[title] != nil, "no Chinese for the group \(title)")
    }
  }

  func hasChinese(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
  }

  @Test func aChineseWindowSpeaksChinese() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = try LabCommand.parse(["--size", "400x300", "--lang", "zh", "--output-dir", folder.path])
      .resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .chinese))
    let studio = try StudioControls(options: options, tuning: Tuning(), surface: surface, now: 0)
    let start = try #require(studio.status.text)
    #expect(hasChinese(start), "the status line at start: \(start)")
    #expect(start == "调参来自 iOS 默认值 · E、R 和 Ctrl+S 写入 \(folder.path)")

    var session = ListDriver(
      tuning: Tuning(), data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
    studio.perform(.resetTuning, isRepeat: false, atWall: 1, session: &session)
    #expect(hasChinese(studio.status.text ?? ""), "\(studio.status.text ?? "")")

    let overlay = try KeysOverlayView(surface: surface)
    #expect(overlay.words.keysTitle == "按键" && hasChinese(overlay.words.startHint))
    #expect(overlay.words.action(WindowKeys.lab[0]) == "显示或隐藏按键说明")

    // The overlay as drawn: not the English one's pixels.
    func drawn(_ language: Language) throws -> PixelImage {
      let options = try LabCommand.parse(["--size", "400x500", "--lang", language.rawValue]).resolve(
        environment: [:])
      let surface = try TableCanvas(
        options: options, clock: LastUpdatedClock(origin: nil, language: language))
      try surface.renderer.beginFrame(clearingTo: Color(rgb: 0))
      try KeysOverlayView(surface: surface).drawOverlay(windowWidth: 400, height: 500)
      let image = try surface.renderer.readPixels()
      surface.renderer.present()
      return image
    }
    #expect(try drawn(.chinese) != drawn(.english))
  }
}
