import CLibFuzzer
import FoundationEssentials
import RefreshLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gesture scripts: any bytes either parse into a script or are refused with one line; a parsed
/// script encodes to lines that parse back to the same events.
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = Data(UnsafeBufferPointer(start: bytes, count: count))
  do throws(LabError) {
    let script = try GestureScript.parse(data, path: "fuzz.jsonl")
    let again = try GestureScript.parse(script.encoded(), path: "fuzz.jsonl")
    precondition(again == script, "a parsed script did not survive encoding: \(script)")
  } catch {
    precondition(!error.description.contains("\n"), "an error spans lines: \(error)")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
