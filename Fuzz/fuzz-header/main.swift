import CLibFuzzer
import RefreshSDL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Animated headers' files: an even first byte reads the rest as a GIF (giflib, then the
/// compositing), an odd one as a Lottie JSON (the Swift checks, then rlottie in its render job,
/// waited for within its budget). Any bytes either load within the limits or are refused with
/// one line.
@MainActor
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = UnsafeBufferPointer(start: bytes, count: count)
  guard let kind = input.first else { return 0 }
  let file = Array(input.dropFirst())
  do throws(HeaderAnimationError) {
    if kind % 2 == 0 {
      let gif = try GIFAnimation(bytes: file)
      precondition(!gif.frames.isEmpty && gif.delays.count == gif.frames.count)
      precondition(gif.delays.allSatisfy { $0 > 0 })
      let pixels = gif.frames.reduce(0) { $0 + $1.width * $1.height }
      precondition(pixels <= HeaderAnimationLimits.renderedPixels)
    } else {
      let lottie = try LottieAnimation(bytes: file)
      precondition(lottie.frameCount >= 1)
      precondition(!lottie.pullFrames.isEmpty && !lottie.refreshFrames.isEmpty)
      let frames = try lottie.render(width: 16, height: 16, seconds: 2)
      if let refusal = frames.waitUntilDone() { throw refusal }
      precondition(frames.frame(lottie.pullFrames.lowerBound)?.pixels.count == 256)
    }
  } catch {
    precondition(!error.description.contains("\n"), "an error spans lines: \(error)")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
  LLVMFuzzerRunDriver(&argc, &argv) { data, size in MainActor.assumeIsolated { testOneInput(data, size) } })
