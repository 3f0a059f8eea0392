// RefreshSDLFonts has no code: it carries the bundled fonts (Fonts/) as SwiftPM resources. A C
// target, because a Swift target's resources come with SwiftPM's generated `Bundle.module`,
// which imports Foundation and so maps its internationalization (ICU) libraries into every
// program; RefreshSDL finds the bundle beside the executable itself (FontLocator).
