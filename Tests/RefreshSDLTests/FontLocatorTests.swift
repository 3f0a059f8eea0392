import RefreshSDL
import Testing

struct FontLocatorTests {
  static let fonts = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DroidSansFallbackFull.ttf"]

  func present(in folder: String) -> (String) -> Bool {
    { path in Self.fonts.contains { path == folder + "/" + $0 } }
  }

  @Test func environmentVariableWins() throws {
    let files = try FontLocator.locate(
      assetsDirectory: "/opt/lab/assets/", executableDirectory: "/x", currentDirectory: "/y",
      exists: present(in: "/opt/lab/assets"))
    #expect(files == FontFiles(assetsDirectory: "/opt/lab/assets"))
    #expect(files.fallback == "/opt/lab/assets/DroidSansFallbackFull.ttf")
  }

  @Test func environmentVariableNamingAnEmptyFolderIsAnError() {
    #expect {
      try FontLocator.locate(
        assetsDirectory: "/empty", executableDirectory: "/repo/.build/debug",
        currentDirectory: "/repo", exists: present(in: "/repo/Assets"))
    } throws: { error in
      guard case .fontNotFound(let searched) = error as? SDLError else { return false }
      return searched.count == 3 && searched[0].hasPrefix("/empty/DejaVuSans.ttf")
        && "\(error)".contains("REFRESHLAB_ASSETS")
    }
  }

  @Test func walksUpFromTheExecutable() throws {
    let files = try FontLocator.locate(
      assetsDirectory: nil, executableDirectory: "/repo/.build/x86_64/debug/",
      currentDirectory: "/elsewhere", exists: present(in: "/repo/Assets"))
    #expect(files.regular == "/repo/Assets/DejaVuSans.ttf")
  }

  /// `make install PREFIX=/opt/lab` puts the program in /opt/lab/bin and its fonts in
  /// /opt/lab/share/refresh-lab/Assets.
  @Test func anInstalledProgramFindsItsSharedAssets() throws {
    let files = try FontLocator.locate(
      assetsDirectory: nil, executableDirectory: "/opt/lab/bin/", currentDirectory: "/home/me",
      exists: present(in: "/opt/lab/share/refresh-lab/Assets"))
    #expect(files.regular == "/opt/lab/share/refresh-lab/Assets/DejaVuSans.ttf")
  }

  @Test func fallsBackToTheCurrentDirectory() throws {
    let files = try FontLocator.locate(
      assetsDirectory: nil, executableDirectory: "/usr/local/bin",
      currentDirectory: "/home/me/lab/Sources", exists: present(in: "/home/me/lab/Assets"))
    #expect(files.bold == "/home/me/lab/Assets/DejaVuSans-Bold.ttf")
  }

  @Test func missingFontNamesWhereItLooked() {
    #expect {
      try FontLocator.locate(
        assetsDirectory: nil, executableDirectory: "/usr/local/bin", currentDirectory: "/srv/x",
        exists: { _ in false })
    } throws: { error in
      let message = "\(error)"
      return message.contains("/usr/local/bin/Assets/DroidSansFallbackFull.ttf")
        && message.contains("/srv/x/Assets/DroidSansFallbackFull.ttf")
    }
  }

  @Test func aFolderMissingOneFontNamesThatFont() {
    #expect {
      try FontLocator.locate(
        assetsDirectory: nil, executableDirectory: "/repo/bin", currentDirectory: nil,
        exists: { $0 == "/repo/Assets/DroidSansFallbackFull.ttf" })
    } throws: { error in
      guard case .fontNotFound(let searched) = error as? SDLError else { return false }
      return searched == ["/repo/Assets/DejaVuSans.ttf", "/repo/Assets/DejaVuSans-Bold.ttf"]
    }
  }
}

/// Issue 29: with no bundled fonts anywhere, the desktop's own faces as fontconfig names them.
struct FontconfigFallbackTests {
  @Test func theDesktopsFacesComeLast() throws {
    let desktop = [
      "sans-serif": "/usr/share/fonts/a/Sans.ttf", "sans-serif:bold": "/usr/share/fonts/a/Sans-Bold.ttf",
      "sans-serif:lang=zh-cn": "/usr/share/fonts/b/Chinese.otf",
    ]
    let files = try FontLocator.locate(
      assetsDirectory: nil, executableDirectory: "/opt/app/bin", currentDirectory: "/home/me",
      exists: { desktop.values.contains($0) }, fontconfig: { desktop[$0] })
    #expect(
      files
        == FontFiles(
          regular: desktop["sans-serif"]!, bold: desktop["sans-serif:bold"]!,
          fallback: desktop["sans-serif:lang=zh-cn"]!))
  }

  @Test func bundledFontsWinOverTheDesktops() throws {
    let files = try FontLocator.locate(
      assetsDirectory: nil, bundledDirectory: "/b/Fonts", executableDirectory: "/opt/app/bin",
      currentDirectory: nil, exists: { _ in true }, fontconfig: { _ in "/usr/share/fonts/x.ttf" })
    #expect(files == FontFiles(assetsDirectory: "/b/Fonts"))
  }

  @Test func withoutAnyTheErrorSaysFontconfigWasAskedToo() {
    #expect {
      try FontLocator.locate(
        assetsDirectory: nil, executableDirectory: "/opt/app/bin", currentDirectory: nil,
        exists: { _ in false }, fontconfig: { _ in nil })
    } throws: { error in
      "\(error)".contains("fontconfig's sans-serif")
    }
  }
}
