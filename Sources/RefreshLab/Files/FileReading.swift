import Foundation

/// Reads whole files with the operating system's reason on failure ("No such file or
/// directory"), which says more than Foundation's generic "could not be completed".
enum FileReading {
  static func read(_ path: String) throws(LabError) -> Data {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      return try handle.readToEnd() ?? Data()
    } catch {
      throw .unreadableFile(path: path, reason: AtomicFile.reason(of: error))
    }
  }
}
