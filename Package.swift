// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "scrollsim",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "SimCore", targets: ["SimCore"]),
    .library(name: "ScrollsimCLI", targets: ["ScrollsimCLI"]),
    .library(name: "ScrollsimRecorder", targets: ["ScrollsimRecorder"]),
    .executable(name: "scrollsim", targets: ["scrollsim"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Tests only: property-based checks of the numeric boundaries (NumericBoundaryTests).
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
  ],
  targets: [
    .target(name: "SimCore"),
    // The engine's timing harness (`scrollsim bench`, `scrollsim-equivalent`): a developer's
    // tool, kept out of the SimCore library.
    .target(name: "ScrollsimBench", dependencies: ["SimCore"]),
    .target(
      name: "ScrollsimCLI",
      dependencies: [
        "SimCore", "ScrollsimBench",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "scrollsim", dependencies: ["ScrollsimCLI"]),
    // The benchmark harness against ../shared/bench's C floor and SimPy peer (a developer's
    // tool, not part of the ScrollsimCLI product).
    .executableTarget(
      name: "scrollsim-equivalent",
      dependencies: [
        "SimCore", "ScrollsimBench", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .target(name: "ScrollsimRecorder"),
    // Readers of untrusted input as fuzz targets; `Fuzz/run` builds scrollsim-fuzz with libFuzzer.
    .target(name: "FuzzTargets", dependencies: ["SimCore"]),
    .executableTarget(name: "scrollsim-fuzz", dependencies: ["FuzzTargets", "SimCore"]),
    .testTarget(
      name: "SimCoreTests",
      dependencies: [
        "SimCore", "ScrollsimRecorder", "FuzzTargets",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    // The command line in-process (`ScrollsimCLI.invoke`): parse, run, check output and exit code.
    .testTarget(name: "ScrollsimCLITests", dependencies: ["ScrollsimCLI", "SimCore"]),
  ],
  swiftLanguageModes: [.v6]
)
