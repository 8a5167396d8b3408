import ArgumentParser
import Foundation
import SimCore

/// The scenario options shared by `run`, `compare` and `bench`.
struct ScenarioOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "A scenario JSON file layered over the built-in default (see `scrollsim scenario`).", valueName: "file"),
    completion: .file(extensions: ["json"]))
  var scenario: String?

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "Override one scenario field by JSON path, e.g. --set feed.pageSize=10 --set network.content.latency=0.2 (repeatable).",
      valueName: "path=value"))
  var overrides: [String] = []

  @Option(help: "Seed for every random draw (latencies, render costs, item heights).")
  var seed: UInt64 = 1

  @Option(
    help: ArgumentHelp(
      "Physics preset instead of the trace's: \(PhysicsPresets.names.joined(separator: ", ")) (see `scrollsim physics`).",
      valueName: "name"), completion: .list(PhysicsPresets.names))
  var physics: String?

  @OptionGroup var touch: TouchOptions

  @Option(
    help: ArgumentHelp(
      "Release-velocity estimator instead of the preset's: lsq2, lsq2-restricted, ios-weighted or impulse.",
      valueName: "kind"))
  var velocity: VelocityTrackerKind?

  @Option(
    help: ArgumentHelp(
      "Network profile: \(NetworkProfiles.names.joined(separator: ", ")) (see `scrollsim networks`); every session runs on it, whatever networkProfile its trace names.",
      valueName: "name"), completion: .list(NetworkProfiles.names))
  var network: String?

  @Option(
    help: ArgumentHelp(
      "Device profile: \(DeviceProfiles.names.joined(separator: ", ")) (render cost, workers, main-thread costs, RAM and kill limit, refresh rate); every session runs on it, whatever deviceProfile its trace names.",
      valueName: "name"), completion: .list(DeviceProfiles.names))
  var device: String?

  @Option(
    help: ArgumentHelp(
      "How the image caches start: cold (empty, a first install; the default) or warm (the disk holding the first cache.warmRows rows' images, a returning user; docs/memory.md).",
      valueName: "cold|warm"))
  var cache: CacheStart?

  @Option(
    name: .customLong("latency-from"),
    help: ArgumentHelp(
      "A HAR file whose page and image timings and sizes become the network; with --network, its server times (timings.wait) over that link (docs/network.md).",
      valueName: "file.har"), completion: .file(extensions: ["har"]))
  var har: String?

  @Option(
    name: .customLong("har-page"),
    help: ArgumentHelp(
      "With --latency-from: URLs containing this are pages (default: JSON responses).", valueName: "text"))
  var harPage: String?

  @Option(
    name: .customLong("har-content"),
    help: ArgumentHelp(
      "With --latency-from: URLs containing this are cell content (default: image/* responses).", valueName: "text"))
  var harContent: String?

  /// The options above that take one value: given twice, ArgumentParser keeps the last
  /// silently (`--device low-end --device mid` ran on mid), so a repeat is a usage error.
  static let singleValued = [
    "--scenario", "--seed", "--physics", "--velocity", "--network", "--device", "--cache", "--latency-from",
    "--har-page", "--har-content",
  ]

  func validate() throws {
    let words = CommandLineContext.current.arguments.prefix { $0 != "--" }
    for name in Self.singleValued {
      let count = words.filter { $0 == name || $0.hasPrefix(name + "=") }.count
      guard count > 1 else { continue }
      throw ValidationError("\(name) is given \(count) times; it takes one value (give it once)")
    }
  }

  /// Defaults, then --scenario, then --network, --device, --cache, --ios-max-fling-velocity
  /// and --latency-from, then --set.
  func load() throws(SimError) -> Scenario { try layered().scenario }

  /// The scenario for runs over `sessions`, each on every one of `networks` (nil: on its own
  /// network): a latency given as measured with no mix of its own is fitted over the mix those
  /// runs make (`Scenario.runsOver`), so that the whole population reproduces the figures.
  /// `--network` (or a HAR) fixes the network: the scenario's link alone.
  func load(runningOn networks: [String]?, sessions: Sessions) throws(SimError) -> Scenario {
    guard network == nil, har == nil, try layered(quiet: true).scenario.fitsToRuns else { return try load() }
    var own: [String] = []
    if networks == nil {
      try sessions.forEach(
        threads: BatchControl.defaultThreads, { $0.trace.networkProfile ?? Trace.ownProfile }
      ) { own.append($0) }
    }
    return try layered(runsOver: Scenario.runsOver(networks: networks, sessionNetworks: own)).scenario
  }

  func simulationOptions(recordEvents: Bool = false) throws(SimError) -> SimulationOptions {
    if let physics { _ = try PhysicsPresets.lookup(physics) }
    return SimulationOptions(seed: seed, recordEvents: recordEvents, physics: physics, velocityTracker: velocity)
  }
}

extension VelocityTrackerKind: ExpressibleByArgument {}
extension CacheStart: ExpressibleByArgument {}
