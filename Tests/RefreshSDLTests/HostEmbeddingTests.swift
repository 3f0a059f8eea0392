import CSDL2
import RefreshCore
import RefreshSDL
import Testing

/// A host that made its own SDL renderer hands it to the list: the list draws into it, leaves
/// every render state as the host set it, never destroys it, takes keys only while focused and
/// gives back every SDL event it does not use, untouched.
@Suite(.serialized)
@MainActor
struct HostEmbeddingTests {
  /// A host's own software renderer over a 600×400 surface, made with SDL's calls.
  @MainActor
  final class HostRenderer {
    let session: SDLSession
    let surface: UnsafeMutablePointer<SDL_Surface>
    let sdlRenderer: OpaquePointer

    init() throws {
      session = try SDLSession(mode: .headless)
      surface = try #require(
        SDL_CreateRGBSurfaceWithFormat(0, 600, 400, 32, SDL_PIXELFORMAT_RGB888.rawValue))
      sdlRenderer = try #require(SDL_CreateSoftwareRenderer(surface))
    }

    isolated deinit {
      SDL_DestroyRenderer(sdlRenderer)
      SDL_FreeSurface(surface)
    }

    func pixel(x: Int, y: Int) -> UInt32 {
      let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
      return pixels[y * Int(surface.pointee.pitch) / 4 + x]
    }
  }

  static let frame = Rect(x: 200, y: 0, width: 400, height: 400)

  /// With and without the content texture a GPU renderer gets (`keepsContentTexture`).
  @Test(arguments: [false, true])
  func theListLeavesTheHostsRenderStateAsItFoundIt(texture: Bool) throws {
    let host = try HostRenderer()
    let renderer = try Renderer(adopting: host.sdlRenderer, session: host.session)
    let list = try RefreshListView(renderer: renderer, frame: Self.frame, rows: NumberedRows(rowCount: 30))
    list.tableView.keepsContentTexture = texture
    // The host's own state: a colour, additive blending, a clip over its sidebar, a scale.
    SDL_SetRenderDrawColor(host.sdlRenderer, 10, 20, 30, 40)
    SDL_SetRenderDrawBlendMode(host.sdlRenderer, SDL_BLENDMODE_ADD)
    SDL_RenderSetScale(host.sdlRenderer, 2, 2)
    var clip = SDL_Rect(x: 5, y: 6, w: 70, h: 80)
    SDL_RenderSetClipRect(host.sdlRenderer, &clip)
    try list.draw(at: 0)
    var red: UInt8 = 0
    var green: UInt8 = 0
    var blue: UInt8 = 0
    var alpha: UInt8 = 0
    SDL_GetRenderDrawColor(host.sdlRenderer, &red, &green, &blue, &alpha)
    #expect([red, green, blue, alpha] == [10, 20, 30, 40])
    var mode = SDL_BLENDMODE_NONE
    SDL_GetRenderDrawBlendMode(host.sdlRenderer, &mode)
    #expect(mode == SDL_BLENDMODE_ADD)
    var scaleX: Float = 0
    var scaleY: Float = 0
    SDL_RenderGetScale(host.sdlRenderer, &scaleX, &scaleY)
    #expect(scaleX == 2 && scaleY == 2)
    var after = SDL_Rect()
    SDL_RenderGetClipRect(host.sdlRenderer, &after)
    #expect(SDL_RenderIsClipEnabled(host.sdlRenderer) == SDL_TRUE)
    #expect([after.x, after.y, after.w, after.h] == [5, 6, 70, 80])
    // The list drew in points, into its frame, whatever scale the host had set.
    SDL_RenderFlush(host.sdlRenderer)
    let rowBackground = TableStyle().rowBackground
    let drawn = host.pixel(x: 210, y: 3)
    #expect(
      drawn & 0xFF_FFFF == UInt32(rowBackground.red) << 16 | UInt32(rowBackground.green) << 8
        | UInt32(rowBackground.blue))
    #expect(host.pixel(x: 100, y: 100) == 0, "the host's side is untouched")
  }

  @Test(arguments: [false, true])
  func theListDrawsIntoTheHostsTargetAndPutsTheWindowBack(texture: Bool) throws {
    let host = try HostRenderer()
    let renderer = try Renderer(adopting: host.sdlRenderer, session: host.session)
    let list = try RefreshListView(renderer: renderer, frame: Self.frame, rows: NumberedRows(rowCount: 30))
    list.tableView.keepsContentTexture = texture
    let target = try #require(
      SDL_CreateTexture(
        host.sdlRenderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 600, 400)
    )
    defer { SDL_DestroyTexture(target) }
    SDL_SetRenderTarget(host.sdlRenderer, target)
    try list.draw(at: 0)
    #expect(SDL_GetRenderTarget(host.sdlRenderer) == target)
    SDL_SetRenderTarget(host.sdlRenderer, nil)
    SDL_RenderFlush(host.sdlRenderer)
    #expect(host.pixel(x: 210, y: 3) == 0, "drawn into the target, not the surface behind it")
  }

  @Test func anAdoptedRendererOutlivesTheList() throws {
    let host = try HostRenderer()
    do {
      let renderer = try Renderer(adopting: host.sdlRenderer, session: host.session)
      let list = try RefreshListView(
        renderer: renderer, frame: Self.frame, rows: NumberedRows(rowCount: 30))
      try list.draw(at: 0)
    }
    var info = SDL_RendererInfo()
    #expect(SDL_GetRendererInfo(host.sdlRenderer, &info) == 0, "still the host's, still alive")
    #expect(SDL_RenderClear(host.sdlRenderer) == 0)
  }

  @Test func keysGoToTheListOnlyWhileItHasFocus() throws {
    let host = try HostRenderer()
    let renderer = try Renderer(adopting: host.sdlRenderer, session: host.session)
    let list = try RefreshListView(renderer: renderer, frame: Self.frame, rows: NumberedRows(rowCount: 30))
    var refreshes = 0
    list.onRefresh = { _ in refreshes += 1 }
    let f5 = ShellEvent.key(.f5, modifiers: [], isRepeat: false)
    #expect(!list.handle(f5, at: 0.1), "no focus yet: the key is the host's")
    #expect(refreshes == 0)
    list.handle(.mouseDown(x: 300, y: 100, button: .left), at: 0.2)
    list.handle(.mouseUp(x: 300, y: 100, button: .left), at: 0.25)
    #expect(list.isFocused, "a click inside gives focus")
    #expect(list.handle(f5, at: 0.3))
    #expect(refreshes == 1)
    list.endRefreshing(.failure, at: 0.4)
    list.handle(.mouseDown(x: 100, y: 100, button: .left), at: 2)
    #expect(list.isFocused, "a press on what takes no focus leaves it")
    list.isFocused = false
    #expect(!list.handle(.key(.down, modifiers: [], isRepeat: false), at: 3))
    #expect(
      list.handle(.wheel(dy: -1, precise: false, x: 300, y: 100), at: 3.1), "the wheel goes by position")
  }

  @Test func eventsThatAreNotTheListsComeBackUntouched() throws {
    let session = try SDLSession(mode: .headless)
    let events = EventSource(session: session, clock: HighResolutionClock())
    var text = SDL_Event()
    text.text.type = SDL_TEXTINPUT.rawValue
    text.text.timestamp = 42
    withUnsafeMutableBytes(of: &text.text.text) { bytes in
      for (index, byte) in "ab".utf8.enumerated() { bytes[index] = byte }
    }
    var user = SDL_Event()
    user.user.type = SDL_USEREVENT.rawValue
    user.user.code = 7
    var moved = SDL_Event()
    moved.window.type = SDL_WINDOWEVENT.rawValue
    moved.window.event = UInt8(SDL_WINDOWEVENT_MOVED.rawValue)
    var keyUp = SDL_Event()
    keyUp.key.type = SDL_KEYUP.rawValue
    for event in [text, user, moved, keyUp] {
      let translated = try #require(events.translate(event, at: 1.5))
      #expect(translated.time == 1.5)
      guard case .other(let raw) = translated.event else {
        Issue.record("\(event.type) was translated: \(translated.event)")
        continue
      }
      #expect(raw == SDLEvent(event))
      #expect(raw.type == event.type)
    }
    var key = SDL_Event()
    key.key.type = SDL_KEYDOWN.rawValue
    key.key.keysym.sym = SDL_Keycode(SDLK_F5.rawValue)
    #expect(events.translate(key, at: 2)?.event == .key(.f5, modifiers: [], isRepeat: false))
  }
}

/// What a screen reader asks of a `RefreshListView` (AT-SPI's actions, its row labels), without
/// a bus: the host's own callbacks answer, as for a pull or F5.
@Suite(.serialized)
@MainActor
struct ListAccessibilityTests {
  @Test func theActionsCallTheHostAndTheRowsSayTheirTitleThenSubtitle() throws {
    let host = try HostEmbeddingTests.HostRenderer()
    let renderer = try Renderer(adopting: host.sdlRenderer, session: host.session)
    let list = try RefreshListView(
      renderer: renderer, frame: HostEmbeddingTests.frame, rows: NumberedRows(rowCount: 30))
    var asked: [String] = []
    list.onRefresh = { _ in asked.append("refresh") }
    list.onLoadMore = { _ in asked.append("load more") }
    list.performAccessibilityAction(.refresh, at: 0.1)
    list.endRefreshing(.success, at: 0.2)
    list.performAccessibilityAction(.loadMore, at: 2)
    list.endLoadingMore(.failure, at: 2.1)
    // The failed footer's "retry", once its failure shows.
    list.performAccessibilityAction(.retry, at: 3)
    #expect(asked == ["refresh", "load more", "load more"])
    let row = NumberedRows(rowCount: 30).row(at: 4)
    #expect(list.accessibilityLabel(at: 4) == row.title + (row.subtitle.isEmpty ? "" : ", " + row.subtitle))
  }
}
