// swift-tools-version: 6.1
// A package of its own so that the benchmark harness (and its malloc interposer) never becomes a
// dependency of RefreshLab itself. Run it with `make bench-core` from the repository root.
import PackageDescription

let package = Package(
  name: "RefreshLabBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "RefreshLab", path: ".."),
    // The interposer counts mallocs; the runtime interposer (a default trait on Linux with Swift
    // 6.3) is left out because it only adds ARC counts, which these benchmarks do not report.
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "CoreFrame",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "RefreshCore", package: "RefreshLab"),
      ],
      path: "Benchmarks/CoreFrame",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
