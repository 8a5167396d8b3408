import SimCore

extension ScenarioOptions {
  /// The scenario, and what each option laid over the defaults, labelled as given (the file,
  /// the profiles, the HAR, then each `--set`: `scenario --explain` says where a value came
  /// from). Notes and warnings go to stderr once.
  ///
  /// `runsOver`: the networks the runs use, over which a latency given as measured is fitted
  /// (`Scenario.load`); `quiet`: print nothing (a first look, `load(runsOver:)`).
  func layered(runsOver: [NetworkShare]? = nil, quiet: Bool = false) throws(SimError) -> (
    scenario: Scenario, layers: [ScenarioExplanation.Layer]
  ) {
    let say = { (text: String) in if !quiet { printNote(text) } }
    var profiles: [ScenarioExplanation.Layer] = []
    if let network { profiles.append(("--network \(network)", try NetworkProfiles.overlay(network))) }
    if let device { profiles.append(("--device \(device)", try DeviceProfiles.lookup(device).json)) }
    var overlays: [ScenarioExplanation.Layer] = []
    if let cache {
      overlays.append(
        ("--cache \(cache.rawValue)", .object([("cache", .object([("start", .string(cache.rawValue))]))])))
    }
    if let overlay = touch.overlay { overlays.append(("--ios-max-fling-velocity", overlay)) }
    if let har {
      let imported = try HARImport.load(
        path: har, pagePattern: harPage, contentPattern: harContent, serverOnly: network != nil)
      say("\(har): \(imported.summary)")
      overlays.append(("--latency-from \(har)", imported.overlay))
    }
    var bytes: [UInt8]?
    if let scenario {
      do throws(SimError) { bytes = try AtomicFile.read(scenario) } catch { throw error.inFile(scenario) }
    }
    // A HAR's timings are the network without --network: no session's own replaces them.
    let loaded = try Scenario.load(
      bytes: bytes, file: scenario, profiles: SessionClass(device: device, network: network),
      overlays: overlays.map(\.json), overrides: overrides, fixesNetwork: har != nil, runsOver: runsOver
    ) { say($0) }
    for warning in loaded.plausibilityWarnings { say("warning: \(warning)") }
    // The scenario loaded, so the file parses and every --set has its "=".
    var layers: [ScenarioExplanation.Layer] = []
    if let scenario, let bytes, let file = try? JSONParser.parse(bytes) { layers.append((scenario, file)) }
    layers += profiles + overlays
    for override in overrides {
      if let patch = Scenario.overridePatch(override) { layers.append(("--set \(override)", patch)) }
    }
    return (loaded, layers)
  }
}
