import Foundation

extension FontLocator {
  /// The `Fonts` folder of RefreshSDL's resource bundle, which SwiftPM builds beside every
  /// program that depends on RefreshSDL; nil where the bundle is not beside the program (one
  /// installed alone, which finds its fonts in `share/refresh-lab/Assets`).
  static func _bundledFonts() -> String? {
    // Bundle.module stops the program when it finds no bundle: look first where it looks.
    let beside = Bundle.main.bundleURL.appendingPathComponent("RefreshLab_RefreshSDL.resources")
    guard FileManager.default.fileExists(atPath: beside.path) else { return nil }
    return Bundle.module.path(forResource: "Fonts", ofType: nil)
  }
}
