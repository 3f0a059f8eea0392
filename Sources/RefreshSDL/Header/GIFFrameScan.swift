/// Reads a GIF frame's LZW data the way SDL_image 2.6's decoder reads it, without keeping a
/// pixel: a data block at a time into a window that carries the previous block's last two
/// bytes, until the frame's pixels are full, the end code, or the data runs out. It refuses what
/// would make that decoder follow an undefined table entry (which, in a loop, writes past its
/// stack) or read bits past the data: a code beyond the next free one, a non-literal first code,
/// a file that ends inside the data. Everything it accepts leaves the reader where SDL_image's
/// would be, so the walk over the file sees the frames SDL_image will.
struct _GIFFrameScan {
  /// The decoder's window: two carried bytes, then one data block.
  private var window = [UInt8](repeating: 0, count: 280)
  private var lastByte = 0
  private var currentBit = 0
  private var lastBit = 0
  private var done = false
  private var zeroDataBlock = false
  /// How many pixels each table entry stands for.
  private var lengths = [Int](repeating: 1, count: 4096)

  /// Reads one frame's data from just after its code size; false if SDL_image would misread it.
  mutating func read(_ reader: inout _ByteReader, codeSize: Int, pixels: Int) -> Bool {
    let clear = 1 << codeSize
    let end = clear + 1
    var width = codeSize + 1
    var next = clear + 2
    var widthLimit = 2 * clear
    currentBit = 0
    lastBit = 0
    done = false
    failed = false
    func length(_ code: Int) -> Int { code < clear ? 1 : lengths[code] }

    // The first code, after any clear codes; a first code must be a literal.
    var start: Int?
    repeat { start = nextCode(&reader, width) } while start == clear
    guard let firstCode = start else { return !failed }
    guard firstCode < clear else { return false }
    var previous = firstCode
    var produced = 1
    while produced < pixels {
      guard let code = nextCode(&reader, width) else { return !failed }
      if code == clear {
        width = codeSize + 1
        next = clear + 2
        widthLimit = 2 * clear
        // After a clear SDL_image takes the next code as is, whatever it is.
        guard let restart = nextCode(&reader, width) else { return !failed }
        guard restart < clear else { return false }
        previous = restart
        produced += 1
        continue
      }
      if code == end {
        if zeroDataBlock { return true }
        // The rest of the frame's blocks, up to the empty one.
        while true {
          guard let size = reader.byte(), reader.take(Int(size)) != nil else { return false }
          if size == 0 { return true }
        }
      }
      guard code <= next, code < 4096 else { return false }
      produced += code == next ? length(previous) + 1 : length(code)
      if next < 4096 {
        lengths[next] = length(previous) + 1
        next += 1
        if next >= widthLimit, widthLimit < 4096 {
          widthLimit *= 2
          width += 1
        }
      }
      previous = code
    }
    return !failed
  }

  private var failed = false

  /// The next code as SDL_image's `GetCode` reads it, or nil once its data is done; sets
  /// `failed` when the file ends inside the data or a code would take bits past it.
  private mutating func nextCode(_ reader: inout _ByteReader, _ width: Int) -> Int? {
    if currentBit + width >= lastBit {
      if done { return nil }
      if lastByte >= 2 {
        window[0] = window[lastByte - 2]
        window[1] = window[lastByte - 1]
      }
      guard let size = reader.byte(), let block = reader.take(Int(size)) else {
        failed = true
        return nil
      }
      zeroDataBlock = size == 0
      window.replaceSubrange(2..<2 + Int(size), with: block)
      if size == 0 { done = true }
      lastByte = 2 + Int(size)
      currentBit = currentBit - lastBit + 16
      lastBit = lastByte * 8
    }
    // Past the data SDL_image reads whatever its window still holds.
    guard currentBit + width <= lastBit else {
      failed = true
      return nil
    }
    var code = 0
    for bit in 0..<width {
      let index = currentBit + bit
      if window[index / 8] & (1 << (index % 8)) != 0 { code |= 1 << bit }
    }
    currentBit += width
    return code
  }

  /// How many pixels SDL_image reads for a `width`×`height` frame before it stops (an
  /// interlaced frame shorter than 5 rows stops after its first pass).
  static func pixelsRead(width: Int, height: Int, interlaced: Bool) -> Int {
    guard interlaced else { return width * height }
    var rows = 0
    var y = 0
    var pass = 0
    let steps = [8, 8, 4, 2]
    let starts = [0, 4, 2, 1]
    while true {
      rows += 1
      y += steps[pass]
      if y >= height {
        pass += 1
        guard pass < 4 else { return rows * width }
        y = starts[pass]
      }
      if y >= height { return rows * width }
    }
  }
}
