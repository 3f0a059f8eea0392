// swift-tools-version: 6.1
// An outside package: it depends on RefreshLab's RefreshSDL as any program would, and draws a
// header and a footer of its own with the public RefreshCanvas alone. `make test` copies this
// folder out of the checkout, points the path below at the checkout, builds it and runs it there.
import PackageDescription

let package = Package(
  name: "TicketList",
  dependencies: [
    .package(name: "RefreshLab", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "ticket-list",
      dependencies: [.product(name: "RefreshSDL", package: "RefreshLab")]
    )
  ],
  swiftLanguageModes: [.v6]
)
