import RefreshCore
import RefreshSDL

/// The text of a row, computed from its identity so nothing is stored per row.
///
/// Each refresh draws new names, so a refreshed list visibly differs from the one before.
public enum RowText {
  /// "#13 Amber Falcon" / "#13 琥珀猎鹰".
  public static func title(for row: RowID, seed: UInt64, in language: Language) -> String {
    if let serial = row.inserted {
      // An inserted row: its own name, from its serial number.
      let word = SplitMix64.hash(seed, 0x1_0000, UInt64(serial))
      let name =
        language == .chinese
        ? _chineseAdjectives[Int(word % 20)] + _chineseNouns[Int((word >> 32) % UInt64(_chineseNouns.count))]
        : _adjectives[Int(word % 20)] + " " + _nouns[Int((word >> 32) % UInt64(_nouns.count))]
      return language == .chinese ? "新 \(serial + 1) \(name)" : "New \(serial + 1) \(name)"
    }
    let word = SplitMix64.hash(seed, UInt64(row.generation), UInt64(row.index))
    let adjective = Int(word % UInt64(_adjectives.count))
    let noun = Int((word >> 32) % UInt64(_nouns.count))
    let (adjectives, nouns) =
      language == .chinese ? (_chineseAdjectives, _chineseNouns) : (_adjectives, _nouns)
    let name =
      language == .chinese ? adjectives[adjective] + nouns[noun] : adjectives[adjective] + " " + nouns[noun]
    return "#\(row.index + 1) \(name)"
  }

  /// "Refresh 2 · page 1" / "第 2 次刷新 · 第 1 页"; the rows from before any refresh say
  /// "First load" / "首次加载".
  public static func subtitle(for row: RowID, pageSize: Int, in language: Language) -> String {
    let page = row.index / max(1, pageSize) + 1
    switch (language, row.generation) {
    case (.english, 0): return "First load · page \(page)"
    case (.english, let generation): return "Refresh \(generation) · page \(page)"
    case (.chinese, 0): return "首次加载 · 第 \(page) 页"
    case (.chinese, let generation): return "第 \(generation) 次刷新 · 第 \(page) 页"
    }
  }

  // The two languages' lists pair up by position, so a row has the same name in both.
  static let _adjectives = [
    "Amber", "Brisk", "Cobalt", "Dusky", "Ember", "Frosty", "Golden", "Hazel", "Ivory", "Jade",
    "Lunar", "Misty", "Noble", "Olive", "Pearl", "Quiet", "Rosy", "Silver", "Tawny", "Velvet",
  ]
  static let _chineseAdjectives = [
    "琥珀", "轻快", "钴蓝", "暮色", "余烬", "霜白", "金色", "榛子", "象牙", "翡翠",
    "月光", "薄雾", "高雅", "橄榄", "珍珠", "静谧", "玫瑰", "银色", "茶色", "丝绒",
  ]
  static let _nouns = [
    "Falcon", "Harbor", "Meadow", "Comet", "Willow", "Canyon", "Lantern", "River", "Summit",
    "Orchard", "Beacon", "Island", "Prairie", "Glacier", "Thicket", "Delta",
  ]
  static let _chineseNouns = [
    "猎鹰", "港湾", "草地", "彗星", "柳树", "峡谷", "灯笼", "河流", "山顶",
    "果园", "灯塔", "岛屿", "草原", "冰川", "灌木", "三角洲",
  ]
}
