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
    ),
    // The README's library example, as written (.ci/library-example.py checks they are the same),
    // with the same strategy (Sources/library-example/LookaheadStrategy.swift links to it).
    .executableTarget(name: "library-example", dependencies: [.product(name: "SimCore", package: "scrollsim")]),
  ],
  swiftLanguageModes: [.v6]
)
