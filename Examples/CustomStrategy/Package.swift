// swift-tools-version:6.0
import PackageDescription

// A team's own scrollsim: the built-in strategies plus one of its own, without forking.
let package = Package(
  name: "CustomStrategy",
  platforms: [.macOS(.v13)],
  dependencies: [
    // In your project: .package(url: "https://github.com/OWNER/scrollsim", from: "0.1.0")
    .package(name: "scrollsim", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "my-scrollsim",
      dependencies: [
        .product(name: "SimCore", package: "scrollsim"),
        .product(name: "ScrollsimCLI", package: "scrollsim"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
