import RefreshSDL

/// The generated feed's posts: names, bodies and images computed from the seed and the row's
/// identity, so nothing is stored per row and a million rows cost nothing.
enum FeedText {
  static func item(for row: RowID, seed: UInt64, language: Language) -> FeedItem {
    var random = SplitMix64(seed: SplitMix64.hash(seed, 0xFEED, UInt64(row.generation), UInt64(row.index)))
    let title = RowText.title(for: row, seed: seed, in: language)
    // One to eight lines of body at the standard width: short posts are the most common.
    let sentences = 1 + Int(random.next() % 3) + (random.next() % 4 == 0 ? Int(random.next() % 6) : 0)
    var body = ""
    let words = language == .chinese ? _chinese : _english
    for index in 0..<sentences {
      let length = 5 + Int(random.next() % 9)
      var sentence = ""
      for word in 0..<length {
        let pick = words[Int(random.next() % UInt64(words.count))]
        if language == .chinese {
          sentence += pick
        } else {
          sentence += word == 0 ? pick.prefix(1).uppercased() + pick.dropFirst() : " " + pick
        }
      }
      body +=
        (index == 0 || language == .chinese ? "" : " ") + sentence
        + (language == .chinese ? "。" : ".")
    }
    guard random.next() % 4 == 0 else { return FeedItem(title: title, body: body) }
    let aspect = [4.0 / 3, 16.0 / 9, 1, 3.0 / 4][Int(random.next() % 4)]
    let hue = random.next()
    let key = "feed-\(seed)-\(row.generation)-\(row.index)"
    return FeedItem(
      title: title, body: body,
      image: .generated(key: key) { box in picture(hue: hue, aspect: aspect, fitting: box) },
      imageAspect: aspect)
  }

  /// A landscape: a sky in the post's colours over hills, made at the size it is shown (fitting
  /// `box`, pixels), else 240 pixels on its longer side.
  static func picture(hue: UInt64, aspect: Double, fitting box: (width: Int, height: Int)?)
    -> PixelImage
  {
    let box = box ?? (240, 240)
    let scale = min(Double(box.width) / aspect, Double(box.height))
    let width = max(1, Int((scale * aspect).rounded()))
    let height = max(1, Int(scale.rounded()))
    let top = (UInt32(truncatingIfNeeded: hue) & 0x7F7F7F) | 0x404080
    let low = 0xFF00_0000 | (UInt32(truncatingIfNeeded: hue >> 24) & 0x3F7F3F) | 0x206020
    let phase = Double(hue % 628) / 100
    // Where the hills start in each column, and the sky's colour in each row: each worked out
    // once, not once a pixel.
    let ridge = (0..<width).map { x in
      Int(((0.62 + 0.12 * _sine(Double(x) / Double(width) * 6.28 + phase)) * Double(height)).rounded())
    }
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      let sky = 0xFF00_0000 | mix(top, 0xFFFFFF, Double(y) / Double(height) * 0.6)
      let row = y * width
      for x in 0..<width { pixels[row + x] = y >= ridge[x] ? low : sky }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// A sine good to a few thousandths, without Foundation.
  private static func _sine(_ x: Double) -> Double {
    var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi }
    let x2 = x * x
    return x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72))))
  }

  private static func mix(_ a: UInt32, _ b: UInt32, _ t: Double) -> UInt32 {
    var out: UInt32 = 0
    for shift in [UInt32(16), 8, 0] {
      let ca = Double((a >> shift) & 0xFF)
      let cb = Double((b >> shift) & 0xFF)
      out |= UInt32((ca + (cb - ca) * t).rounded()) << shift
    }
    return out
  }

  static let _english = [
    "morning", "coffee", "river", "train", "window", "garden", "city", "rain", "light", "walk",
    "bridge", "market", "quiet", "bright", "slow", "the", "a", "under", "after", "with", "we",
    "found", "saw", "made", "little", "old", "new", "friends", "weekend", "harbour", "street",
    "music", "evening", "mountain", "clouds", "bakery", "bicycle", "library", "sunset", "paper",
  ]
  static let _chinese = [
    "早晨", "咖啡", "河边", "火车", "窗外", "花园", "城市", "下雨", "阳光", "散步", "桥上", "市场",
    "安静", "明亮", "慢慢", "我们", "看见", "做了", "小小的", "老", "新", "朋友", "周末", "港口",
    "街道", "音乐", "傍晚", "山上", "云朵", "面包店", "自行车", "图书馆", "日落", "纸",
  ]
}
