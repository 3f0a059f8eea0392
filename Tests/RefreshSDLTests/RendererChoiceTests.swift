import RefreshSDL
import Testing

struct RendererChoiceTests {
  @Test(arguments: [
    ("llvmpipe (LLVM 15.0.6, 256 bits)", true),
    ("softpipe", true),
    ("Software Rasterizer", true),
    ("Mesa DRI swrast", true),
    ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", false),
    ("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)", false),
    ("NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2", false),
  ])
  func softwareOpenGLIsRecognisedByItsRendererString(name: String, software: Bool) {
    #expect(RendererChoice.isSoftwareGL(name) == software)
  }

  @Test func theEnvironmentOverridesOnlyWithAKnownName() {
    #expect(RendererChoice(environmentValue: "software") == .software)
    #expect(RendererChoice(environmentValue: "Accelerated") == .accelerated)
    #expect(RendererChoice(environmentValue: nil) == .automatic)
    #expect(RendererChoice(environmentValue: "") == .automatic)
    #expect(RendererChoice(environmentValue: "opengl") == .automatic)
  }
}
