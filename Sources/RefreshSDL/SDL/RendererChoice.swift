#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which of SDL's renderers a window draws with.
///
/// An "accelerated" renderer is not always a GPU: without one (a virtual machine, Xvfb, a
/// remote X display), SDL's OpenGL renderer lands on Mesa's software rasteriser (llvmpipe,
/// softpipe, swrast), which costs several times what SDL's own software renderer does for the
/// same frame. `.automatic` takes the GPU when there is one and SDL's software renderer
/// otherwise, except where that renderer cannot present (SDL2's Wayland driver): there Mesa's
/// OpenGL draws, on the CPU if need be.
public enum RendererChoice: String, Sendable, Equatable, CaseIterable {
  /// A real GPU if SDL finds one, else SDL's software renderer.
  case automatic
  /// SDL's software renderer, whatever the machine has.
  case software
  /// SDL's first accelerated renderer, even when it is a software OpenGL.
  case accelerated

  /// The environment variable that overrides the choice: `software` or `accelerated`.
  public static let environmentKey = "REFRESHLAB_RENDERER"

  /// The choice the environment asks for; `.automatic` when it asks for nothing or for
  /// something unknown.
  public static var fromEnvironment: RendererChoice {
    RendererChoice(environmentValue: getenv(environmentKey).map { String(cString: $0) })
  }

  /// The choice `value` of `REFRESHLAB_RENDERER` names (any case); `.automatic` for none or an
  /// unknown name.
  public init(environmentValue value: String?) {
    self = value.flatMap { RendererChoice(rawValue: $0.lowercased()) } ?? .automatic
  }

  /// Names in OpenGL's `GL_RENDERER` string that mean the "GPU" is Mesa rasterising on the CPU.
  static let softwareGLNames = ["llvmpipe", "softpipe", "swrast", "software rasterizer"]

  /// Device files through which a GPU is reached on Linux: the kernel's DRM folder (Intel, AMD,
  /// nouveau and, with nvidia-drm, NVIDIA) and NVIDIA's own device.
  static let gpuDevices = ["/dev/dri", "/dev/nvidia0"]

  /// Whether the machine has a GPU that OpenGL could use. Without one, an "accelerated"
  /// renderer can only be Mesa rasterising on the CPU, and merely asking it its name maps
  /// llvmpipe and LLVM into the process: about 30 MB that stay resident for nothing.
  public static var machineHasGPU: Bool {
    gpuDevices.contains { access($0, F_OK) == 0 }
  }

  /// Video drivers with no window framebuffer in SDL2: SDL's software renderer cannot present
  /// there (`SDL_CreateRenderer` finds no matching driver), so even a CPU OpenGL is the one
  /// that shows frames.
  static let driversWithoutFramebuffer: Set<String> = ["wayland"]

  /// Whether SDL's software renderer can show frames in a window of `videoDriver` (nil: no
  /// video yet, as headless).
  public static func softwarePresents(on videoDriver: String?) -> Bool {
    videoDriver.map { !driversWithoutFramebuffer.contains($0) } ?? true
  }

  /// Whether an OpenGL implementation calling itself `glRenderer` rasterises on the CPU.
  public static func isSoftwareGL(_ glRenderer: String) -> Bool {
    let name = glRenderer.lowercased()
    return softwareGLNames.contains { name.contains($0) }
  }
}
