import RefreshCore
import RefreshSDL
import Testing

/// The words the core's label keys stand for, spelled by the layer that draws them.
@Suite struct LabelTextTests {
  @Test func everyKeyHasBothLanguages() {
    for key in LabelKey.allCases where key != .none {
      #expect(!key.text(in: .english).isEmpty)
      #expect(!key.text(in: .chinese).isEmpty)
      #expect(key.text(in: .english) != key.text(in: .chinese))
    }
    #expect(LabelKey.pullToRefresh.text(in: .chinese) == "下拉刷新")
    #expect(LabelKey.releaseToRefresh.text(in: .chinese) == "释放更新")
    #expect(LabelKey.noMoreData.text(in: .chinese) == "没有更多数据了")
    // README's example and the second floor's line, whose keys the core tests assert.
    #expect(LabelKey.refreshing.text(in: .chinese) == "加载中…")
    #expect(LabelKey.releaseToTwoLevel.text(in: .english) == "Release to open")
    #expect(LabelKey.releaseToTwoLevel.text(in: .chinese) == "释放进入二楼")
  }

  @Test func lastUpdatedLineInBothLanguages() {
    let parts = LastUpdatedText(isToday: true, month: 11, day: 21, hour: 10, minute: 32)
    #expect(LastUpdatedText.line(for: parts, in: .chinese) == "最后更新：今天 10:32")
    #expect(LastUpdatedText.line(for: parts, in: .english) == "Last updated: today 10:32")
    let older = LastUpdatedText(isToday: false, month: 3, day: 4, hour: 9, minute: 5)
    #expect(LastUpdatedText.line(for: older, in: .english) == "Last updated: 03-04 09:05")
    #expect(LastUpdatedText.line(for: nil, in: .english) == "Last updated: never")
  }

  @Test func languageFollowsTheLocale() {
    #expect(Language(locale: "zh_CN.UTF-8") == .chinese)
    #expect(Language(locale: "en_US.UTF-8") == .english)
    #expect(Language(locale: nil) == .english)
  }
}
