import RefreshCore
import RefreshSDL
import Testing

/// The software renderer's fast paths must draw what the slow ones did, pixel for pixel.
@Suite(.serialized)
@MainActor
struct SoftwareDrawingTests {
  /// The pixel box SDL's software renderer fills for `rect` at `scale` (origin and size scaled
  /// and truncated separately), inside a clip of whole points.
  func expectedBox(_ rect: Rect, clip: Rect, scale: Double) -> (Int, Int, Int, Int) {
    let factor = Float(scale)
    let x = Int(Float(rect.x) * factor)
    let y = Int(Float(rect.y) * factor)
    let right = x + max(Int(Float(rect.width) * factor), 1)
    let bottom = y + max(Int(Float(rect.height) * factor), 1)
    let clipX = Int((clip.x * scale).rounded(.down))
    let clipY = Int((clip.y * scale).rounded(.down))
    let clipRight = clipX + Int((clip.width * scale).rounded(.up))
    let clipBottom = clipY + Int((clip.height * scale).rounded(.up))
    return (max(x, clipX), max(y, clipY), min(right, clipRight) - 1, min(bottom, clipBottom) - 1)
  }

  @Test(arguments: [1.0, 1.5, 2.0])
  func opaqueFillsCoverTheSamePixelsLargeOrSmall(scale: Double) throws {
    let canvas = try TestCanvas(width: 320, height: 240, scale: scale)
    let clip = Rect(x: 7, y: 9, width: 250, height: 150)
    let white = Color(rgb: 0xFFFFFF)
    // The large one is written directly; the small one still goes through SDL.
    for rect in [
      Rect(x: 10.7, y: 5.2, width: 200.6, height: 100.9),
      Rect(x: 10.7, y: 12.6, width: 20.6, height: 10.9),
      Rect(x: 240.3, y: 150.5, width: 40.2, height: 30.7),
    ] {
      try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
      canvas.renderer.setClip(clip)
      canvas.renderer.fill(rect, color: white)
      canvas.renderer.setClip(nil)
      let image = try canvas.renderer.readPixels()
      canvas.renderer.present()
      let box = try #require(
        image.differenceBox(
          PixelImage(
            width: image.width, height: image.height,
            pixels: [UInt32](repeating: image.pixels[0], count: image.pixels.count))))
      let expected = expectedBox(rect, clip: clip, scale: scale)
      #expect(box.minX == expected.0 && box.minY == expected.1, "\(rect) at \(scale)")
      #expect(box.maxX == expected.2 && box.maxY == expected.3, "\(rect) at \(scale)")
      #expect(image[box.minX, box.minY] == white && image[box.maxX, box.maxY] == white)
    }
  }

  @Test(arguments: [1.0, 2.0])
  func aRowsTextBlockLooksLikeItsTwoLinesBlendedOnTheRow(scale: Double) throws {
    let canvas = try TestCanvas(width: 320, height: 80, scale: scale)
    let files = try FontLocator.locate()
    let title = try Font(
      session: canvas.session, files: files, pointSize: 15, scale: scale, bold: true)
    let subtitle = try Font(session: canvas.session, files: files, pointSize: 12, scale: scale)
    let row = Color(rgb: 0xFFFFFF)
    let ink = Color(rgb: 0x1C1C1E)
    let grey = Color(rgb: 0x8A8F98)
    let origin = Point(x: 16, y: 6)

    try canvas.renderer.beginFrame(clearingTo: row)
    try canvas.table.textCache.draw("#12 Amber Comet 下拉", font: title, at: origin, color: ink)
    try canvas.table.textCache.draw(
      "First load · page 1", font: subtitle,
      at: Point(x: origin.x, y: origin.y + title.lineHeight), color: grey)
    let blended = try canvas.renderer.readPixels()
    canvas.renderer.present()

    try canvas.renderer.beginFrame(clearingTo: row)
    let block = try #require(
      try canvas.table.textCache.block(
        TextLine("#12 Amber Comet 下拉", font: title, color: ink),
        TextLine("First load · page 1", font: subtitle, color: grey), background: row))
    #expect(block.height == title.lineHeight + subtitle.lineHeight)
    canvas.renderer.draw(
      block.texture,
      in: Rect(x: origin.x, y: origin.y, width: block.width, height: block.height))
    let copied = try canvas.renderer.readPixels()
    canvas.renderer.present()

    #expect(copied == blended)
    #expect(blended.pixels.contains { $0 & 0xFF_FFFF < 0x40_4040 }, "the title was drawn")
  }

  /// The frame is not cleared any more, so a pixel no fill reaches would show stale pixels (in
  /// tests, the black clear): the row band must meet the header and the viewport's bottom edge
  /// at every fractional offset.
  @Test(arguments: [1.0, 1.5])
  func fractionalOffsetsLeaveNoSeamAboveOrBelowTheRows(scale: Double) throws {
    let canvas = try TestCanvas(width: 320, height: 240, scale: scale)
    let background = TableStyle().background
    for offset in [-75.7, -60.6, -59.6, -33.3, -12.7, -0.4, 0.3, 21.5, 43.8] {
      var snapshot = canvas.snapshot()
      snapshot.offset = offset
      let image = try canvas.render(snapshot)
      let column = Int(300 * scale)
      // Pulled past the header, the background above it is meant to show.
      let headerTop = max(0, Int(((snapshot.headerY - offset) * scale).rounded(.up)))
      for y in headerTop..<image.height {
        let pixel = image[column, y]
        #expect(pixel != Color(rgb: 0), "offset \(offset): nothing drawn at y \(y)")
        #expect(pixel != background, "offset \(offset): a seam at y \(y)")
      }
    }
  }
}
