import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files with the operating system's reason on failure ("No such file or
/// directory", "Is a directory"), which says more than Foundation's generic "could not be
/// completed".
enum FileReading {
  static func read(_ path: String) throws(LabError) -> Data {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(path) }
    defer { _ = close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { _systemRead(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path)
      }
      data.append(contentsOf: chunk[..<count])
    }
  }

  private static func failure(_ path: String) -> LabError {
    .unreadableFile(path: path, reason: String(cString: strerror(errno)))
  }
}

// The system call under its own name: inside `FileReading`, `read` is the method.
func _systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, bytes, count)
}
