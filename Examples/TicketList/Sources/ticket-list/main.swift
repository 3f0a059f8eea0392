// ticket-list: a host outside RefreshLab's checkout that shows a list of support tickets with a
// header and a footer of its own, drawn with RefreshSDL's public canvas, the footer picked by
// name from a FooterRegistry it registered in, and a curve family of its own (`softStop`, defined
// in Physics.swift and registered on RefreshCore's public API, then named by a tuning file).
// It runs without a display: it loads the tuning file, checks the curve family in a controller
// and that the fitter chooses it for a motion it made, drives the list with it, pulls the list to
// refresh, then goes to the end to load more, saves each frame as a PNG in the folder given
// (default: the current one), and checks that the list, the header and the footer drew their
// text. No environment variable: the fonts come with RefreshSDL.

import Foundation
import RefreshCore
import RefreshSDL

/// Sixty tickets, a page of twenty at a time.
final class Tickets: TitledRowSource {
  var shown = 20
  var rowCount: Int { shown }
  func id(ofRow row: Int) -> Int { 4100 + row }
  func title(at row: Int) -> String { "#\(4100 + row) Printer on floor \(row % 7 + 1) jams" }
  func subtitle(at row: Int) -> String { row % 3 == 0 ? "Open · high priority" : "Open" }
}

/// How many pixels of `image` inside `rect` (points, at scale 1) are within a small distance
/// of `color`: text drawn in that colour leaves many.
func count(_ color: Color, in rect: Rect, of image: PixelImage) -> Int {
  var found = 0
  for y in max(0, Int(rect.y))..<min(image.height, Int(rect.maxY)) {
    for x in max(0, Int(rect.x))..<min(image.width, Int(rect.maxX)) {
      let pixel = image.pixels[y * image.width + x]
      let r = Int((pixel >> 16) & 0xFF)
      let g = Int((pixel >> 8) & 0xFF)
      let b = Int(pixel & 0xFF)
      let d = abs(r - Int(color.red)) + abs(g - Int(color.green)) + abs(b - Int(color.blue))
      if d < 30 { found += 1 }
    }
  }
  return found
}

@MainActor
func run(folder: String) throws -> Bool {
  let sdl = try SDLSession(mode: .headless)
  let renderer = try Renderer(session: sdl, headlessWidth: 400, height: 600)
  let rows = Tickets()
  // The family is registered, then a tuning file names it by `resistanceCurve` and keeps its
  // constant under its own key.
  try CurveFamily.register(.softStop)
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "soft-stop.json")
  let tuning = try JSONDecoder().decode(Tuning.self, from: Data(contentsOf: file))
  print(
    "ticket-list: \(file.lastPathComponent) names \(tuning.resistanceCurve.rawValue), reach \(tuning[parameter: "softStopReach"])"
  )
  var ok = tuning.resistanceCurve == CurveFamily.softStop.curve && tuning[parameter: "softStopReach"] == 120
  ok = checkSoftStop(tuning) && ok
  if !fitChoosesSoftStop(tuning) {
    print("ticket-list: the fitter did not choose the registered family")
    ok = false
  }
  // What each of the lab's exporters does with the family: they ask this same definition (its
  // form for the target, and for the web page whether it brings a page form), so the family's
  // own file decides where it is carried and where it is refused in one line.
  for target in ["web", "flutter", "mjrefresh", "smart"] {
    let family = CurveFamily.softStop
    let said: String
    if target == "web" {
      said = family.pageForm == nil ? "refused: no page form" : "carried by its page form"
    } else {
      switch family.exportForm(for: target) {
      case .refused(let why): said = "refused: " + why
      case .noted(let note): said = "noted: " + note
      default: said = "carried"
      }
    }
    print("ticket-list: export --format \(target): \(said)")
  }
  if case .refused = CurveFamily.softStop.exportForm(for: "flutter") {
  } else {
    print("ticket-list: the flutter export should refuse the soft stop")
    ok = false
  }
  let list = try RefreshListView(
    renderer: renderer, frame: Rect(x: 0, y: 0, width: 400, height: 600), tuning: tuning,
    rows: rows)
  list.tableView.headerRenderer = TicketHeader()
  // The footer is picked by name, as the built-in one is.
  var footers = FooterRegistry.builtIn
  footers.register(
    .init(name: "dots", summary: "three dots that rise in turn", make: { DotsFooter() }))
  list.tableView.footerRenderer = footers.entry(named: "dots")?.make()
  if !(list.tableView.footerRenderer is DotsFooter) {
    print("ticket-list: the dots footer was not picked")
    ok = false
  }
  list.onRefresh = { _ in }
  list.onLoadMore = { _ in }
  func frame(at time: Double, named name: String) throws -> PixelImage {
    try renderer.beginFrame(clearingTo: Color(rgb: 0xFFFFFF))
    try list.draw(at: time)
    let image = try renderer.readPixels()
    renderer.present()
    let path = folder + "/" + name
    try Data(try image.pngData()).write(to: URL(fileURLWithPath: path))
    print("ticket-list: wrote \(path)")
    return image
  }
  func expect(_ what: String, _ pixels: Int) {
    print("ticket-list: \(what): \(pixels) pixels")
    if pixels < 40 { ok = false }
  }

  // Refreshing: the header's card holds its words, the rows theirs.
  list.beginRefreshing(at: 0)
  let syncing = try frame(at: 0.6, named: "ticket-list-refreshing.png")
  expect("header text", count(TicketHeader.ink, in: Rect(x: 60, y: 0, width: 340, height: 60), of: syncing))
  expect(
    "row text",
    count(list.tableView.style.titleColor, in: Rect(x: 0, y: 60, width: 400, height: 540), of: syncing))
  list.endRefreshing(.success, at: 0.6)

  // The end of the list, reached with End: the footer loads, whole on screen.
  list.isFocused = true
  _ = list.handle(.key(.end, modifiers: [], isRepeat: false), at: 2)
  let loading = try frame(at: 3, named: "ticket-list-loading.png")
  expect("footer text", count(DotsFooter.ink, in: Rect(x: 60, y: 540, width: 340, height: 60), of: loading))
  return ok
}

let folder = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
do {
  let ok = try MainActor.assumeIsolated { try run(folder: folder) }
  if !ok {
    FileHandle.standardError.write(Data("ticket-list: a check failed (see above)\n".utf8))
    exit(1)
  }
} catch {
  FileHandle.standardError.write(Data("ticket-list: \(error)\n".utf8))
  exit(1)
}
