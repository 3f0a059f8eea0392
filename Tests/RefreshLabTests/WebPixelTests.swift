import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Issue 54: the page looks like the lab, not only moves like it. The same pull is played in
/// the lab (`--headless --screenshot`, SDL's software renderer, 390×812 points) and in the page
/// in headless Chromium at 390×844 (its list 812 tall above the 32-pt strip naming the tuning),
/// touched through DevTools at the same frames; the standard states (idle, pulling, armed,
/// refreshing, finished, idle again with the refreshed rows) are screenshotted in both and
/// compared pixel by pixel over the list, for each header style: translate (ios), fixedBehind,
/// scale and Material's badge (material).
///
/// The tolerance: the two draw text with different rasterisers (FreeType through SDL_ttf, and
/// Chromium's), so a glyph's edge pixels differ; shapes, bars, the badge, the indicator and the
/// rows must land on the same pixels. A 6×6-pixel block whose mean colour differs by more than
/// 24 of 255 in a channel is a block that differs; at most 1 % of the blocks may (measured: at
/// most 0.52 %, all of it glyphs). The measure tells the states apart: each page frame is
/// closest to the lab's frame of its own state, of all six.
extension WebInputTests {
  /// A picture's pixels, RGB, row by row.
  struct Pixels: Equatable {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    /// The PNG at `path`, read by ImageMagick.
    init(png path: String, folder: TemporaryFolder) throws {
      let raw = folder.file(UUID().uuidString + ".rgb")
      let size = try LocalTool.run(try LocalTool.find("identify"), ["-format", "%w %h", path]).output
        .split(separator: " ").compactMap { Int($0) }
      try #require(size.count == 2, "identify could not read \(path)")
      let converted = try LocalTool.run(
        try LocalTool.find("convert"), [path, "-depth", "8", "rgb:-"], output: raw)
      try #require(converted.status == 0, "convert could not read \(path)")
      width = size[0]
      height = size[1]
      bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
      try #require(bytes.count == width * height * 3, "\(path): \(bytes.count) bytes for \(width)×\(height)")
    }

    /// The share of 6×6 blocks of the top `rows` whose mean colour differs from `other`'s by more
    /// than `tolerance` in a channel, and the largest such difference.
    func blocksDiffering(from other: Pixels, rows: Int, tolerance: Double = 24) -> (
      share: Double, worst: Double
    ) {
      let block = 6
      var differing = 0
      var count = 0
      var worst = 0.0
      for by in stride(from: 0, to: rows - block + 1, by: block) {
        for bx in stride(from: 0, to: min(width, other.width) - block + 1, by: block) {
          var sums = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
          for y in by..<(by + block) {
            for x in bx..<(bx + block) {
              for c in 0..<3 {
                sums[c] += Double(bytes[(y * width + x) * 3 + c])
                sums[3 + c] += Double(other.bytes[(y * other.width + x) * 3 + c])
              }
            }
          }
          var difference = 0.0
          for c in 0..<3 { difference = max(difference, abs(sums[c] - sums[3 + c]) / Double(block * block)) }
          worst = max(worst, difference)
          if difference > tolerance { differing += 1 }
          count += 1
        }
      }
      return (Double(differing) / Double(max(count, 1)), worst)
    }
  }

  /// The states screenshotted, at frame k of 60 a second: the lab's screenshot at (k + 0.5)/60
  /// is its frame k.
  static let states: [(name: String, frame: Int)] = [
    ("idle", 6), ("pulling", 19), ("armed", 50), ("refreshing", 90), ("finished", 126), ("refreshed", 240),
  ]

  /// The pull both play: a finger down at 0.2 s, 10 pt a frame to 450 pt, held, let go at 1 s.
  static var pull: [(frame: Int, phase: String, y: Double)] {
    var events: [(frame: Int, phase: String, y: Double)] = [(12, "down", 150)]
    for step in 1...30 { events.append((12 + step, "move", 150 + 10 * Double(step))) }
    events.append((60, "up", 450))
    return events
  }

  @Test(arguments: ["translate", "fixedBehind", "scale", "overlay"])
  func thePageDrawsEachStateAsTheLabDoes(style: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var tuning = style == "overlay" ? TuningPreset.material.tuning : Tuning()
    tuning.headerStyle = try #require(HeaderStyle(rawValue: style))
    let source = style == "overlay" ? "preset material" : "the iOS defaults, \(style)"
    let tuningFile = try folder.write(
      String(decoding: TuningFile.encode(tuning), as: UTF8.self), to: "t.json")

    // The lab: the pull as a gesture script, a screenshot per state.
    var script = Self.pull.map {
      #"{"t":\#(Double($0.frame) / 60),"type":"\#($0.phase)","x":195,"y":\#($0.y)}"#
    }
    script.append(#"{"t":4.2,"type":"end"}"#)
    let scriptFile = try folder.write(script.joined(separator: "\n") + "\n", to: "pull.jsonl")
    var arguments = [
      "--headless", "--replay", scriptFile, "--tuning", tuningFile, "--size", "390x812", "--lang", "en",
    ]
    for state in Self.states {
      arguments += [
        "--screenshot", "\((Double(state.frame) + 0.5) / 60):\(folder.file("lab-\(state.name).png"))",
      ]
    }
    let run = try LocalTool.run(AppWindow.appPath, arguments)
    try #require(run.status == 0, "the lab's headless run exited \(run.status)")

    // The page: the same pull through DevTools touch at the same frames.
    let path = try folder.write(WebExport.page(of: tuning, source: source), to: "page.html")
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    try browser.open("file://\(path)", width: 390, height: 844, offline: true, steppedClock: true)
    let listHeight = try browser.evaluate("refreshLab.advance(0, 60).viewportHeight") as? Double
    try #require(listHeight == 812, "the page's list is \(listHeight ?? -1) pt tall, not 812")
    var events = Self.pull[...]
    var pictures: [(name: String, lab: Pixels, page: Pixels)] = []
    for state in Self.states {
      while let event = events.first, event.frame <= state.frame {
        events.removeFirst()
        try browser.evaluate(
          "refreshLab.time = \(event.frame) / 60; refreshLab.advance(\(event.frame) / 60, 60); true")
        let type = ["down": "touchStart", "move": "touchMove", "up": "touchEnd"][event.phase] ?? ""
        let points: [[String: Any]] = event.phase == "up" ? [] : [["x": 195, "y": event.y, "id": 1]]
        try browser.send("Input.dispatchTouchEvent", ["type": type, "touchPoints": points])
      }
      try browser.evaluate(
        "refreshLab.time = \(state.frame) / 60; refreshLab.advance(\(state.frame) / 60, 60); true")
      let shot = folder.file("page-\(state.name).png")
      try browser.screenshot(top: 844, width: 390).write(to: URL(fileURLWithPath: shot))
      pictures.append(
        (
          state.name, try Pixels(png: folder.file("lab-\(state.name).png"), folder: folder),
          try Pixels(png: shot, folder: folder)
        ))
    }
    let header = try browser.evaluate("refreshLab.live.headers") as? [String] ?? []
    #expect(
      header == ["idle", "pulling", "armed", "refreshing", "finishing", "idle"],
      "\(style): the page's header went \(header)")

    var worst = 0.0
    for picture in pictures {
      #expect(picture.lab.width == 390 && picture.lab.height == 812)
      let (share, largest) = picture.page.blocksDiffering(from: picture.lab, rows: 812)
      worst = max(worst, share)
      let percent = String(format: "%.2f", share * 100)
      #expect(
        share <= 0.01,
        "\(style) \(picture.name): \(percent) % of the blocks differ from the lab's (the bar 1 %), by up to \(Int(largest))"
      )
      print("web page against the lab, \(style) \(picture.name): \(percent) % of 6×6 blocks differ")
      // The measure tells the states apart: no other state of the lab's is as close.
      for other in pictures where other.name != picture.name {
        let across = picture.page.blocksDiffering(from: other.lab, rows: 812).share
        #expect(
          across > share,
          "\(style): the page's \(picture.name) is as close to the lab's \(other.name) (\(across)) as to its own (\(share))"
        )
      }
    }
    if let keep = ProcessInfo.processInfo.environment["REFRESHLAB_WEB_SHOTS"] {
      for state in Self.states {
        for side in ["lab", "page"] {
          try? FileManager.default.copyItem(
            atPath: folder.file("\(side)-\(state.name).png"),
            toPath: "\(keep)/\(side)-\(style)-\(state.name).png")
        }
      }
    }
    print(
      "web page against the lab, \(style): at most \(String(format: "%.2f", worst * 100)) % of blocks differ (the bar 1 %)"
    )
  }

  /// The acceptance in words: at 390×844 the material page draws a round badge (white on the
  /// rows, no cyan bar across), the rows have a name and a second line, the tuning's name and
  /// the hint show, and the hint is gone after the first pull.
  @Test func theMaterialPageAtPhoneSizeShowsTheBadgeTwoLineRowsTheNameAndTheHint() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      WebExport.page(of: TuningPreset.material.tuning, source: "preset material"), to: "material.html")
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    try browser.open("file://\(path)", width: 390, height: 844, offline: true, steppedClock: true)
    #expect(
      try browser.evaluate("document.getElementById('name').textContent") as? String
        == "RefreshLab · preset material")
    #expect(try browser.evaluate("document.title") as? String == "RefreshLab: preset material")
    #expect(
      try browser.evaluate("document.getElementById('hint')?.textContent") as? String
        == "↓ " + LabelKey.pullToRefresh.text(in: .english))
    let rows = try browser.evaluate("[refreshLab.rowText(0, 0), refreshLab.rowText(0, 19)]") as? [[String]]
    #expect(rows?.map(\.count) == [2, 2], "rows: \(rows ?? [])")
    #expect(rows?.first?.last == "First load · page 1")
    var page = Page(browser: browser, pointer: .touch)
    let idle = folder.file("idle.png")
    try browser.screenshot(top: 844, width: 390).write(to: URL(fileURLWithPath: idle))
    try page.input("down", y: 150, at: 0.2)
    try page.drag(from: 150, to: 450)
    #expect(try page.advance(to: page.time + 0.1).header == "armed")
    let armed = folder.file("armed.png")
    try browser.screenshot(top: 844, width: 390).write(to: URL(fileURLWithPath: armed))
    #expect(
      try browser.evaluate("document.getElementById('hint') === null") as? Bool == true, "the hint stayed")
    let pixels = try Pixels(png: armed, folder: folder)
    // The badge: white at its centre (the travel's end, less its radius), cyan arc around,
    // and no row of cyan across the width anywhere (the bar the page drew before).
    let travel = try browser.evaluate("refreshLab.advance(refreshLab.time, 60).headerTravel") as? Double ?? 0
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(pixels.bytes[((y * pixels.width + x) * 3)...].prefix(3))
    }
    let centreY = Int(travel - 20)
    #expect(travel > 40 && centreY < 812)
    #expect(
      pixel(195 - 15, centreY) == [255, 255, 255], "no white badge at its centre: \(pixel(195 - 15, centreY))"
    )
    let cyan: (Int, Int) -> Bool = { x, y in
      let p = pixel(x, y)
      return p[0] < 60 && p[1] > 150 && p[2] > 170
    }
    let cyanInBadge = (0..<40).contains { dx in (0..<40).contains { dy in cyan(175 + dx, centreY - 20 + dy) }
    }
    #expect(cyanInBadge, "the badge has no cyan arc")
    let barRows = (0..<812).filter { y in cyan(10, y) && cyan(380, y) }
    #expect(barRows.isEmpty, "cyan across the page at \(barRows.count) rows: a bar, not a badge")
    if let keep = ProcessInfo.processInfo.environment["REFRESHLAB_WEB_SHOTS"] {
      try? FileManager.default.copyItem(atPath: idle, toPath: "\(keep)/web-phone-material-idle.png")
      try? FileManager.default.copyItem(atPath: armed, toPath: "\(keep)/web-phone-material-armed.png")
    }
  }

  /// The page's rows say what the lab's do: `RowText` for every row of the first pages of
  /// three generations, in both languages, from two seeds.
  @Test func theRowsWordsAreTheLabsWords() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    for (language, code) in [(Language.english, "en"), (.chinese, "zh")] {
      for seed in [1, 7] {
        let path = try folder.write(WebExport.page(of: Tuning(), source: "ios"), to: "\(code)\(seed).html")
        try browser.open("file://\(path)?seed=\(seed)", width: 390, height: 844, offline: true)
        let page =
          try browser.evaluate(
            """
            (() => { const w = refreshLab.words['\(code)'], out = [];
              for (let g = 0; g < 3; g++) for (let i = 0; i < 45; i++) {
                const word = refreshLab.SplitMix64.hash([\(seed), g, i]);
                const name = w.adjectives[Number(word % BigInt(w.adjectives.length))] + w.joiner + w.nouns[Number((word >> 32n) % BigInt(w.nouns.length))];
                out.push([w.title.replace('{n}', i + 1).replace('{name}', name),
                  (g === 0 ? w.firstLoad : w.refresh).replace('{generation}', g).replace('{page}', Math.floor(i / 20) + 1)]);
              }
              return out; })()
            """) as? [[String]] ?? []
        var lab: [[String]] = []
        for generation in 0..<3 {
          for index in 0..<45 {
            let row = RowID(generation: generation, index: index)
            lab.append([
              RowText.title(for: row, seed: UInt64(seed), in: language),
              RowText.subtitle(for: row, pageSize: 20, in: language),
            ])
          }
        }
        #expect(
          page == lab,
          "\(code), seed \(seed): the page's rows are not the lab's: \(zip(page, lab).first { $0 != $1 }.map { "\($0) against \($1)" } ?? "\(page.count) rows")"
        )
      }
    }
    // And the page's own function for what it draws (the page's seed, its language).
    let path = try folder.write(WebExport.page(of: Tuning(), source: "ios"), to: "drawn.html")
    try browser.open("file://\(path)?seed=7", width: 390, height: 844, offline: true)
    let drawn = try browser.evaluate("refreshLab.rowText(2, 30)") as? [String]
    #expect(
      drawn == [
        RowText.title(for: RowID(generation: 2, index: 30), seed: 7, in: .english),
        RowText.subtitle(for: RowID(generation: 2, index: 30), pageSize: 20, in: .english),
      ])
  }
}
