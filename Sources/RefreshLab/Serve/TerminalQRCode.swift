import CQREncode

/// A QR code of a text, drawn in a terminal with block characters: libqrencode (Debian's
/// libqrencode) encodes it, two rows of modules to a line. Drawn as `qrencode -t UTF8 -m 2`
/// draws it: a light module is a lit half of a cell (the terminal's text colour, light on a dark
/// terminal), a dark one is left blank, with two light modules of quiet zone around.
public enum TerminalQRCode {
  /// The modules of quiet zone around the code.
  static let margin = 2

  /// The code's lines, or nil when `text` is too long for a QR code.
  public static func lines(of text: String) -> [String]? {
    // Level L and 8-bit mode, case kept: qrencode's defaults, the smallest code for a URL.
    guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    let data = code.pointee.data
    let size = width + 2 * margin
    // Bit 0 of each byte is the module's colour (1 dark); outside the code, the quiet zone.
    func isDark(_ row: Int, _ column: Int) -> Bool {
      let (y, x) = (row - margin, column - margin)
      guard let data, (0..<width).contains(y), (0..<width).contains(x) else { return false }
      return data[y * width + x] & 1 == 1
    }
    return stride(from: 0, to: size, by: 2).map { row in
      String(
        (0..<size).map { column -> Character in
          switch (isDark(row, column), row + 1 < size ? isDark(row + 1, column) : false) {
          case (false, false): "\u{2588}"
          case (false, true): "\u{2580}"
          case (true, false): "\u{2584}"
          case (true, true): " "
          }
        })
    }
  }
}
