import RefreshSDL

/// The lab's own words on screen (the keys overlay, the studio's chrome, the status line's
/// notes) in the list's language, as the bars' labels are (`--lang`, `LANG`). What goes to
/// standard error and `--help` stays English, as the command line's errors do.
struct LabWords: Sendable, Equatable {
  let language: Language

  private var isChinese: Bool { language == .chinese }

  private func pick(_ english: String, _ chinese: String) -> String {
    isChinese ? chinese : english
  }

  // MARK: The keys overlay

  var startHint: String { pick("? keys · Tab studio", "? 按键 · Tab 调参") }
  var keysTitle: String { pick("Keys", "按键") }
  var listSection: String { pick("THE LIST", "列表") }
  var labSection: String { pick("THE LAB", "实验室") }
  var closesOverlay: String { pick("? or Esc closes this", "按 ? 或 Esc 关闭") }

  var pointer: String { pointer(axis: .vertical, orientation: .normal) }

  /// What the pointer does in the view in front of the overlay: a list pulled down, a chat
  /// pulled up past its newest row, or columns pulled sideways.
  func pointer(axis: ListAxis, orientation: ListOrientation) -> String {
    if axis == .horizontal {
      return pick(
        "Drag, the wheel or two fingers to scroll sideways; pull right past the first column to "
          + "refresh, left past the last to load more; click a column to select it, a failed footer to retry.",
        "横向拖动、滚轮或双指滚动；在第一列继续向右拉刷新，在最后一列继续向左拉加载更多；点击一列选中它，点击加载失败的底部重试。")
    }
    if orientation == .chat {
      return pick(
        "Drag, wheel or two fingers to scroll; pull up past the newest row to refresh, reach the "
          + "top to load older rows; click a row to select it, a failed bar to retry.",
        "拖动、滚轮或双指滚动；在最新一行继续上拉刷新，滚到顶部加载更早的行；点击一行选中它，点击加载失败的栏重试。")
    }
    return pick(
      WindowKeys.pointer,
      "拖动、滚轮或双指滚动；在顶部继续下拉刷新，在底部继续上拉加载更多；点击一行选中它，点击加载失败的底部重试。")
  }

  /// What Home and End do in the view in front of the overlay (a chat's top holds its oldest
  /// rows, its bottom the newest; a horizontal list's start is its left).
  func homeAndEnd(axis: ListAxis, orientation: ListOrientation) -> String? {
    if axis == .horizontal { return pick("go to the first column, to the last", "到第一列，到最后一列") }
    if orientation == .chat { return pick("go to the oldest rows (top), to the newest", "到最早的行（顶部），到最新的行") }
    return nil
  }

  /// What the key of `entry` does.
  func action(_ entry: WindowKeys.Entry) -> String {
    guard isChinese else { return entry.action }
    return Self.chineseActions[entry.action] ?? entry.action
  }

  /// Every action of `WindowKeys`, in Chinese; `LabWordsTests` checks that none is missing.
  static let chineseActions: [String: String] = [
    "scroll a line, or move the selection": "滚动一行，或移动选中行",
    "scroll a page": "滚动一页",
    "go to the top, to the end": "到顶部，到底部",
    "refresh": "刷新",
    "show or hide these keys": "显示或隐藏按键说明",
    "tuning studio, docked beside the list": "调参面板，停靠在列表旁",
    "studio: filter its settings by name": "面板：按名称筛选设置",
    "studio: pick a setting": "面板：选择一项设置",
    "studio: adjust it (Shift: ×10)": "面板：调整它（Shift：×10）",
    "save the tuning": "保存调参",
    "reset the tuning to the preset or the defaults": "把调参重置为预设或默认值",
    "export in the studio's format": "按面板所选格式导出",
    "slow motion: slower, faster": "慢动作：更慢，更快",
    "plot the last 5 s of motion": "绘制最近 5 秒的运动曲线",
    "clear the plot's ghost of the run before an edit": "清除曲线中编辑前那次运动的残影",
    "loop the replay": "循环回放",
    "record a gesture script; replay it": "录制手势脚本；回放它",
    "play the matched recording again": "再次播放对照的录屏",
    "step a frame back, on through the last run (Shift: ×10)": "在上一次运动中后退、前进一帧（Shift：×10）",
    "close the keys or studio, else quit": "关闭按键说明或面板，否则退出",
    "quit": "退出",
  ]

  // MARK: The studio

  var studioTitle: String { pick("Tuning", "调参") }
  var filterPrefix: String { pick("Filter: ", "筛选：") }
  var filterKeys: String { pick("Return keep · Esc clear", "回车保留 · Esc 清除") }
  var changeFilter: String { pick("/ change", "/ 修改") }
  var studioKeys: String {
    pick("/ filter  ↑↓ pick  ←→ adjust (Shift ×10)  ? keys", "/ 筛选  ↑↓ 选择  ←→ 调整（Shift ×10）  ? 按键")
  }

  /// The panel's top right before there is a tuning file.
  func ctrlSSaves(_ name: String) -> String { pick("Ctrl+S saves \(name)", "Ctrl+S 保存到 \(name)") }

  func noSettingMatches(_ filter: String) -> String {
    pick("No setting's name holds \"\(filter)\"", "没有名称含“\(filter)”的设置")
  }

  /// A group of the panel's rows, by its English title.
  func group(_ title: String) -> String {
    guard isChinese else { return title }
    return Self.chineseGroups[title] ?? title
  }

  static let chineseGroups: [String: String] = [
    "Preset": "预设",
    TuningGroup.sizes.rawValue: "尺寸与阈值",
    TuningGroup.physics.rawValue: "物理",
    TuningGroup.animation.rawValue: "动画",
    TuningGroup.footer.rawValue: "底部",
    TuningGroup.input.rawValue: "输入",
    PanelModel.dataGroupTitle: "模拟数据源（不保存）",
  ]

  // MARK: The status line

  /// What the status line says at start: where the tuning came from and where the keys write.
  /// A tuning file's `lineage` (``StudioNames/lineage(of:)``) follows its name.
  func startNote(origin: TuningOrigin, folder: String?, lineage: String? = nil) -> String {
    let origin: String =
      switch origin {
      case .remembered(let path): pick("saved last time, \(path)", "上次保存的 \(path)")
      case .file(let path, nil): path
      case .file(let path, let preset?): pick("\(path) over preset \(preset)", "\(path)（基于预设 \(preset)）")
      case .preset(let preset): pick("preset \(preset)", "预设 \(preset)")
      case .defaults: pick("the iOS defaults", "iOS 默认值")
      case .fitted(let path): pick("fitted to \(path)", "拟合自 \(path)")
      }
    let place = folder ?? pick("the current folder", "当前文件夹")
    let named = lineage.map { "\(origin) (\($0))" } ?? origin
    return pick(
      "Tuning: \(named) · E, R and Ctrl+S write into \(place)",
      "调参来自 \(named) · E、R 和 Ctrl+S 写入 \(place)")
  }

  /// The status line after an edit: the preset the tuning started from and what changed.
  func edited(_ lineage: String) -> String {
    pick("Tuning: \(lineage)", "调参：\(lineage)")
  }

  /// Where a window's tuning came from.
  enum TuningOrigin: Sendable, Equatable {
    case remembered(String)
    case file(String, preset: String?)
    case preset(String)
    case defaults
    /// `--match`: fitted to a recording.
    case fitted(String)
  }

  func saved(_ path: String) -> String { pick("Saved \(path)", "已保存 \(path)") }

  func savedFirst(_ path: String) -> String {
    pick("Saved \(path) (no --tuning was given); watching it", "已保存 \(path)（未指定 --tuning）；正在监视它")
  }

  func savedElsewhere(_ path: String, reason: OwnedFile.Reason, target: String) -> String {
    switch reason {
    case .tracked:
      pick(
        "\(path) is tracked by git: saved \(target) instead; watching it",
        "\(path) 由 git 跟踪：已改存到 \(target)；正在监视它")
    case .readOnly:
      pick("\(path) is read-only: saved \(target) instead; watching it", "\(path) 是只读的：已改存到 \(target)；正在监视它")
    }
  }

  func exported(_ format: String, to path: String) -> String {
    pick("Exported \(format) to \(path)", "已导出 \(format) 到 \(path)")
  }

  func reset(toPreset preset: String?) -> String {
    switch preset {
    case let preset?: pick("Reset to preset \(preset); Ctrl+S saves it", "已重置为预设 \(preset)；Ctrl+S 保存")
    case nil: pick("Reset to the iOS defaults; Ctrl+S saves it", "已重置为 iOS 默认值；Ctrl+S 保存")
    }
  }

  func applied(_ file: String) -> String { pick("Applied \(file) (edited outside)", "已应用 \(file)（外部修改）") }

  func takeStarted(to path: String) -> String {
    pick("Recording to \(path): press R to stop", "正在录制到 \(path)：按 R 停止")
  }

  func recorded(_ events: Int, to path: String) -> String {
    pick("Recorded \(events) event\(events == 1 ? "" : "s") to \(path)", "已录制 \(events) 个事件到 \(path)")
  }

  func nothingRecorded(keeping path: String) -> String {
    pick("Nothing recorded since R; \(path) keeps the last recording", "按 R 之后没有录到内容；\(path) 保留上一次的录制")
  }

  /// The status line's word while the window reduces motion (`--reduced-motion`).
  var reducedMotionOn: String { pick("reduced motion", "减弱动态效果") }

  var nothingToReplay: String {
    pick("nothing recorded yet: press R to start and stop a recording", "还没有录制：按 R 开始和停止录制")
  }
}
