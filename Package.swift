// swift-tools-version: 6.1
import PackageDescription

// `REFRESHLAB_CORE_ONLY=1 swift test` builds and tests RefreshCore and RefreshListModel alone,
// proving they need neither SDL nor anything else outside the standard library and
// swift-numerics' elementary functions (`make test-core`).
let coreOnly = Context.environment["REFRESHLAB_CORE_ONLY"] != nil

// `REFRESHLAB_FUZZ=1` adds the libFuzzer targets of `Fuzz/` (`make fuzz`). They call libFuzzer's
// driver, which only `-sanitize=fuzzer` links in, so an ordinary build leaves them out.
let fuzz = Context.environment["REFRESHLAB_FUZZ"] != nil

// `REFRESHLAB_OPTIMIZE=1` (the Makefile sets it) compiles the libraries optimised in a debug
// build too (the core, the list model, the drawing, GIF decoding and the fit): the tests replay
// gestures, draw frames, decode GIFs and fit recordings through them, four to five times slower
// unoptimised (a capture's fit: 6.5 s for 1.4), which made `make test` CPU-bound for minutes.
// The app and the tests stay a debug build for the debugger. A package that depends
// on this one by URL never sets it: SwiftPM refuses unsafe flags there.
let optimized: [SwiftSetting] =
  Context.environment["REFRESHLAB_OPTIMIZE"] == "1"
  ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
  name: "RefreshLab",
  products: [
    .library(name: "RefreshCore", targets: ["RefreshCore"]),
    .library(name: "RefreshListModel", targets: ["RefreshListModel"]),
    .library(name: "RefreshSDL", targets: ["RefreshSDL"]),
    .library(name: "RefreshFit", targets: ["RefreshFit"]),
    .executable(name: "refresh-lab", targets: ["refresh-lab"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    // The core's transcendental functions (exp, log, pow, sin, cos) without Foundation or a
    // platform's C library.
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.0"),
    // `make docs`: the API documentation of RefreshCore and RefreshSDL.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The pure core: the standard library and swift-numerics' elementary functions. Any front
    // end drives it.
    .target(
      name: "RefreshCore",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")],
      swiftSettings: optimized
    ),

    // The list a host drives, without SDL: the store (RefreshList), window events and their
    // meaning for the list, rows, selection and the scrollbar's geometry. RefreshSDL draws it.
    .target(name: "RefreshListModel", dependencies: ["RefreshCore"], swiftSettings: optimized),

    // SDL2, SDL2_ttf and SDL2_image from Debian, one system library target each. Each shim
    // includes <SDL2/…> from the compiler's standard include path (the headers' own quoted
    // includes resolve beside them) and each module map links its library (SDL2_image's shim
    // opens it with dlopen when a picture is first read or written instead), so no pkg-config
    // flags are needed: sdl2.pc's `-D_REENTRANT`, which SwiftPM refuses with a warning on every
    // build, never comes in.
    .systemLibrary(name: "CSDL2"),
    .systemLibrary(name: "CSDL2TTF"),
    .systemLibrary(name: "CSDL2Image"),
    // rlottie from Debian renders the Lottie headers; its module map links it the same way.
    .systemLibrary(name: "CRLottie"),
    // giflib from Debian decodes the GIF headers; the frames are composited in Swift.
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
    // The project's one GIF decoder (giflib, composited in Swift as browsers do), for the
    // animated headers in colour and the fit's recordings in grey.
    .target(name: "RefreshGIF", dependencies: ["CGIF"], swiftSettings: optimized),
    // Xlib, for scrolling a window's pixels on the X server under SDL's software renderer.
    .systemLibrary(name: "CX11", providers: [.apt(["libx11-dev"])]),
    // GLib's GIO from Debian: GDBus and GSettings, for reading the desktop's reduced-motion
    // setting (`DesktopMotion`) and the AT-SPI bridge, only when a session bus is there. The
    // shim declares the calls used and opens libgio with dlopen when a bus is first asked for
    // (linked, GLib and the libraries under it sat in every window's memory), so no pkg-config
    // flags come in (gio-2.0.pc's `-pthread` would be refused with a warning on every build).
    .systemLibrary(name: "CGIO", providers: [.apt(["libglib2.0-dev"])]),
    // The fonts travel with the package: every program that depends on RefreshSDL gets their
    // resource bundle beside it, and finds them from whatever folder it runs. A C target with
    // no code: a Swift target's resources bring SwiftPM's `Bundle.module`, which imports
    // Foundation (and its ICU libraries) into every program.
    .target(name: "RefreshSDLFonts", resources: [.copy("Fonts")]),
    .target(
      name: "RefreshSDL",
      dependencies: [
        "RefreshCore", "RefreshListModel", "RefreshSDLFonts", "CSDL2", "CSDL2TTF", "CSDL2Image", "CRLottie",
        "RefreshGIF", "CX11", "CGIO",
      ],
      swiftSettings: optimized
    ),
    // libxml2's reader for `refresh-lab import --format smart`: a small C library that needs
    // no Foundation (FoundationXML, which XMLCoder and SWXMLHash build on, pulls all of it in).
    // Opened with dlopen when a layout is read, not linked: the shim declares the calls, so
    // neither libxml2 nor the ICU it links is in the memory of a window or a headless run.
    .systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2"])]),
    // libqrencode from Debian: `refresh-lab serve` prints its address as a QR code.
    .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
    // Matching a recording (`refresh-lab fit`): tracking and fitting on streamed grey frames, no
    // SDL and no window; the core replays the candidate tunings.
    // The fit's family choice weighs residuals on a logarithm (RealModule, as the core's physics).
    .target(
      name: "RefreshFit",
      dependencies: ["RefreshCore", .product(name: "RealModule", package: "swift-numerics")],
      swiftSettings: optimized),
    // FFmpeg's libraries from Debian (libavformat, libavcodec, libswscale, libavutil): videos and
    // PNG frames for the fit. Their headers give the types; the shim opens the libraries when a
    // video is read (linked, they would bring a hundred more into every window at start) and
    // holds the error macros Swift cannot import.
    .systemLibrary(
      name: "CFFmpeg",
      providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
    // The fit's frame sources: GIF (giflib), video and PNG folders (FFmpeg).
    .target(
      name: "RefreshFitMedia", dependencies: ["RefreshFit", "RefreshGIF", "CFFmpeg"], swiftSettings: optimized
    ),
    .target(
      name: "RefreshLab",
      dependencies: [
        "RefreshCore",
        "RefreshSDL",
        "RefreshFit",
        "RefreshFitMedia",
        "CLibXML2",
        "CQREncode",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // The web export's page, script and view, compiled into the binary as bytes
      // (`PackageResources`): an installed refresh-lab carries them with no resource folder.
      resources: [
        .embedInCode("Export/Web/page.html"), .embedInCode("Export/Web/refresh-lab.js"),
        .embedInCode("Export/Web/view.js"),
      ]
    ),
    .executableTarget(
      name: "refresh-lab",
      dependencies: ["RefreshLab"],
      // The functions an idle window runs, in the order the installed build lays them out
      // (the Makefile's INSTALLED_BUILD; `make idle-order` writes it).
      exclude: ["idle.order"]
    ),
    // A host of its own: an SDL program that embeds RefreshListView beside its own drawing.
    .executableTarget(
      name: "folder-list",
      dependencies: ["RefreshSDL", "RefreshCore", "CSDL2"],
      path: "Examples/FolderList"
    ),
    // A host that opens SDL itself and runs its own event loop: it hands the list its
    // renderer and filters the rows from a text field of its own.
    .executableTarget(
      name: "filter-list",
      dependencies: ["RefreshSDL", "RefreshCore", "CSDL2"],
      path: "Examples/FilterList"
    ),
    // SQLite from Debian for the Inbox example: messages paged by key.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "InboxStore", dependencies: ["CSQLite"], path: "Examples/Inbox/Store"),
    // A host over a real database: messages in SQLite, refreshed and paged by key, with a
    // writer inserting while you read (`inbox --writer`).
    .executableTarget(
      name: "inbox",
      dependencies: ["RefreshSDL", "RefreshCore", "CSDL2", "InboxStore"],
      path: "Examples/Inbox/App"
    ),
    // `make header-corpus`: one animated header file checked against its reference frames.
    .executableTarget(
      name: "header-corpus", dependencies: ["RefreshSDL", "RefreshCore"],
      path: "benchmarks/header-corpus", exclude: ["lottie-reference.c", "gather.sh", "summary.py"]),
    // `make soak`: simulated hours of random use, every frame checked.
    .executableTarget(
      name: "refresh-lab-soak",
      dependencies: ["RefreshLab", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),

    // What the suites share: the per-frame loop, bounded waits, temporary folders
    // (`Tests/TestKit`, no SDL, so the core's tests keep it), and the replay-to-trace runner
    // (`Tests/LabTestKit`). Regular targets that only the test targets depend on.
    .target(name: "TestKit", path: "Tests/TestKit"),
    .target(name: "LabTestKit", dependencies: ["RefreshLab", "TestKit"], path: "Tests/LabTestKit"),

    .testTarget(
      name: "RefreshCoreTests",
      dependencies: [
        "RefreshCore", "TestKit",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "RefreshListModelTests",
      dependencies: [
        "RefreshListModel", "RefreshCore",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "RefreshSDLTests",
      dependencies: [
        "RefreshSDL", "RefreshCore", "TestKit",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "RefreshFitTests",
      dependencies: ["RefreshFit", "RefreshFitMedia", "RefreshCore", "TestKit"]),
    .testTarget(
      name: "RefreshLabTests",
      dependencies: ["RefreshLab", "RefreshCore", "RefreshFit", "InboxStore", "TestKit", "LabTestKit"]),
  ],
  swiftLanguageModes: [.v6]
)

if coreOnly {
  let kept: Set<String> = [
    "RefreshCore", "RefreshCoreTests", "RefreshListModel", "RefreshListModelTests", "TestKit",
  ]
  package.targets.removeAll { !kept.contains($0.name) }
  package.products.removeAll { !kept.contains($0.name) }
  package.dependencies.removeAll {
    if case .sourceControl(_, let location, _) = $0.kind {
      return location.contains("argument-parser") || location.contains("docc-plugin")
    }
    return false
  }
}

if fuzz {
  package.targets.append(.systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
  let fuzzTargets: [(String, [Target.Dependency])] = [
    ("fuzz-script", ["RefreshLab"]),
    ("fuzz-tuning", ["RefreshLab", "RefreshCore"]),
    ("fuzz-options", ["RefreshLab", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    ("fuzz-header", ["RefreshSDL"]),
  ]
  for (name, dependencies) in fuzzTargets {
    package.targets.append(
      .executableTarget(name: name, dependencies: dependencies + ["CLibFuzzer"], path: "Fuzz/\(name)"))
  }
}
