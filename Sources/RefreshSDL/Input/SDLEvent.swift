import CSDL2

/// An `SDL_Event` as SDL delivered it, untouched, for the host: `ShellEvent/other(_:)` carries
/// one for every event that means nothing to the list.
///
/// What an event's pointers point to (a dropped file's name, a user event's data) stays the
/// host's to use and free, on the main thread.
public typealias SDLEvent = PlatformEvent

extension PlatformEvent {
  /// Wraps `sdlEvent`.
  public init(_ sdlEvent: SDL_Event) {
    let bytes = withUnsafeBytes(of: sdlEvent) { Array($0) }
    self.init(type: sdlEvent.type, bytes: bytes)
  }

  /// The event itself, as SDL delivered it.
  public var sdlEvent: SDL_Event {
    var event = SDL_Event()
    withUnsafeMutableBytes(of: &event) { target in
      bytes.withUnsafeBytes { source in
        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(target.count)))
      }
    }
    return event
  }
}
