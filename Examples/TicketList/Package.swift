// swift-tools-version: 6.1
// An outside package: it depends on RefreshLab's RefreshSDL and RefreshFit as any program would,
// draws a header and a footer of its own with the public RefreshCanvas alone, and registers a
// curve family of its own that a tuning file (soft-stop.json) names and the fitter can choose.
// `make test` copies this folder out of the checkout, points the path below at the checkout,
// builds it and runs it there.
import PackageDescription

let package = Package(
  name: "TicketList",
  dependencies: [
    .package(name: "RefreshLab", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "ticket-list",
      dependencies: [
        .product(name: "RefreshSDL", package: "RefreshLab"),
        .product(name: "RefreshFit", package: "RefreshLab"),
      ],
      exclude: ["soft-stop.json"]
    )
  ],
  swiftLanguageModes: [.v6]
)
