import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// `--show-touches` in headless screenshots: the replay's pointer, held, carries a translucent
/// grey disc of 44 pt; once the pointer lifts the frame is the one drawn without the flag.
@MainActor
@Suite(.serialized)
struct ShowTouchesTests {
  /// A pull down the middle, held still at (200, 260) from 0.4 s, released at 0.7 s.
  static let script = """
    {"t":0.1,"type":"down","x":200,"y":100}
    {"t":0.2,"type":"move","x":200,"y":180}
    {"t":0.4,"type":"move","x":200,"y":260}
    {"t":0.7,"type":"up","x":200,"y":260}
    {"t":1.6,"type":"end"}
    """

  /// The screenshots at 0.5 s (held) and 1.5 s (released) of the replay, with `flags`.
  func shots(_ flags: [String]) throws -> (held: PixelImage, released: PixelImage) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let held = folder.file("held.png")
    let released = folder.file("released.png")
    _ = try HeadlessReplay.lines(
      scriptText: Self.script,
      ["--latency", "0.3", "--screenshot", "0.5:" + held, "--screenshot", "1.5:" + released] + flags,
      in: folder)
    return (try PixelImage(contentsOf: held), try PixelImage(contentsOf: released))
  }

  /// `under` with the disc's grey laid over it at the disc's opacity, as SDL blends it.
  static func blended(_ under: UInt8, _ over: UInt8, alpha: UInt8) -> Int {
    (Int(over) * Int(alpha) + Int(under) * (255 - Int(alpha))) / 255
  }

  @Test func aHeldPointerCarriesTheDiscAndARaisedOneNone() throws {
    let plain = try shots([])
    let touched = try shots(["--show-touches"])
    let grey = TouchDisc.color
    let radius = TouchDisc.diameter / 2
    // Inside the disc (its centre and 4 pt inside its rim, in four directions): the plain
    // frame's pixel under the disc's grey.
    let inside = [(0.0, 0.0), (radius - 4, 0), (-(radius - 4), 0), (0, radius - 4), (0, -(radius - 4))]
    for (dx, dy) in inside {
      let x = Int(200 + dx)
      let y = Int(260 + dy)
      let under = plain.held[x, y]
      let drawn = touched.held[x, y]
      for (a, b) in [(under.red, drawn.red), (under.green, drawn.green), (under.blue, drawn.blue)] {
        let expected = Self.blended(a, grey.red, alpha: grey.alpha)
        #expect(
          abs(Int(b) - expected) <= 2,
          "pixel (\(x), \(y)) while held: \(b), expected \(a) under the disc's grey = \(expected)")
      }
    }
    // Outside the disc (4 pt past its rim) nothing changed.
    for (dx, dy) in [(radius + 4, 0.0), (-(radius + 4), 0), (0, radius + 4), (0, -(radius + 4))] {
      let x = Int(200 + dx)
      let y = Int(260 + dy)
      #expect(touched.held[x, y] == plain.held[x, y], "pixel (\(x), \(y)) outside the disc changed")
    }
    // The disc is where the pointer is held and nowhere else: every changed pixel lies within
    // it (its feathered rim is a pixel wide).
    var changed = 0
    for y in 0..<plain.held.height {
      for x in 0..<plain.held.width where touched.held[x, y] != plain.held[x, y] {
        changed += 1
        let distance = ((Double(x) + 0.5 - 200).squared + (Double(y) + 0.5 - 260).squared).squareRoot()
        #expect(distance <= radius + 1.5, "pixel (\(x), \(y)) changed \(distance) pt from the pointer")
      }
    }
    let area = Double.pi * radius * radius
    #expect(Double(changed) > area * 0.9, "only \(changed) pixels changed; the disc covers \(Int(area))")
    // Released: the frame is the plain one, pixel for pixel.
    #expect(touched.released == plain.released, "a disc or its trace stayed after the release")
  }

  @Test func thePointerIsFollowedFromPressToRelease() {
    var press = PressedPointer()
    press.observe(.mouseMove(x: 5, y: 5, buttonHeld: false))
    #expect(press.position == nil, "a hover is not a press")
    press.observe(.touchDown(x: 10, y: 20, finger: 0))
    press.observe(.touchMove(x: 12, y: 40, finger: 0))
    #expect(press.position == Point(x: 12, y: 40))
    press.observe(.touchUp(x: 12, y: 40, finger: 0))
    #expect(press.position == nil)
    press.observe(.mouseDown(x: 1, y: 2, button: .left))
    press.observe(.focusLost)
    #expect(press.position == nil, "a lost focus ends the press")
  }
}

extension Double {
  fileprivate var squared: Double { self * self }
}
