import Testing

@testable import SimCore

/// A session that names its device and network runs on them (`Scenario.forSession`), in the
/// place of the profiles the command line did not give; `--device`/`--network` override every
/// session, and `--set` still wins over a session's profile.
@Suite struct SessionClassTests {
  let population: GeneratedPopulation = {
    var population = GeneratedPopulation(
      kind: .feed, profile: SessionProfiles.feed, count: 6, seed: 4, device: Device(), seconds: 20)
    population.deviceMix = try! ProfileMix("low-end=0.4,mid=0.3,high=0.3", kind: .device, option: "-")
    population.networkMix = try! ProfileMix("wifi=0.5,3g=0.5", kind: .network, option: "-")
    return population
  }()

  /// The trace file carries the profiles, both readers read them, and a generated session's
  /// refresh rate is its phone's.
  @Test func theProfilesRoundTripThroughTheFile() throws {
    for index in 0..<population.count {
      let trace = population.session(index)
      let drawn = population.sessionClass(index)
      #expect(trace.sessionClass == drawn)
      let profile = try DeviceProfiles.lookup(drawn.device!)
      #expect(trace.device.refreshRate == profile.refreshRate)
      let bytes = Array(trace.encoded().utf8)
      let full = try Trace.decode(JSONParser.parse(bytes))
      #expect(full.sessionClass == drawn)
      #expect(TraceFastReader.read(bytes) == full)
    }
  }

  @Test func anUnknownProfileIsRefusedWithASuggestion() {
    let text =
      #"{"format": "scrollsim-trace", "version": 1, "deviceProfile": "lowend", "touches": [{"t": 0, "y": 0, "phase": "began"}, {"t": 0.1, "y": 0, "phase": "ended"}]}"#
    #expect {
      _ = try Trace.read(Array(text.utf8))
    } throws: { error in
      let error = error as! SimError
      return error.path == "$.deviceProfile" && error.message.contains("did you mean \"low-end\"")
    }
  }

  /// Done when: each session replays on its own device and network, as the same sessions do run
  /// one class at a time with the profiles given as options.
  @Test func eachSessionRunsOnItsOwnClass() throws {
    for index in 0..<population.count {
      let trace = population.session(index)
      var plain = trace
      (plain.deviceProfile, plain.networkProfile) = (nil, nil)
      let own = try run(trace, on: Scenario.load(file: nil))
      let byOptions = try run(plain, on: Scenario.load(file: nil, profiles: trace.sessionClass))
      #expect(own == byOptions, "session \(index)")
      let onDefault = try run(plain, on: Scenario.load(file: nil))
      if trace.deviceProfile != "mid" || trace.networkProfile != "4g" { #expect(own != onDefault) }
    }
  }

  @Test func theCommandLineOverridesEverySessionAndSetWinsOverIt() throws {
    let trace = population.session(0)  // low-end, on wifi or 3g
    var plain = trace
    (plain.deviceProfile, plain.networkProfile) = (nil, nil)
    let pinned = try Scenario.load(file: nil, profiles: SessionClass(device: "high", network: "4g"))
    #expect(try run(trace, on: pinned) == run(plain, on: pinned))
    // Only the network pinned: the session's device stays its own.
    let network = try Scenario.load(file: nil, profiles: SessionClass(network: "4g"))
    let both = try Scenario.load(file: nil, profiles: SessionClass(device: trace.deviceProfile, network: "4g"))
    #expect(try run(trace, on: network) == run(plain, on: both))
    // A sweep's network fixes the network too.
    #expect(try run(trace, on: Scenario.load(file: nil).onNetwork("4g")) == run(plain, on: both))
    // --set is laid again over the session's device.
    let set = try Scenario.load(file: nil, overrides: ["memory.limitMB=500"])
    #expect(try set.forSession(trace).memory.limitMB == 500)
    #expect(try set.forSession(trace).memory.deviceMB == DeviceProfiles.lookup(trace.deviceProfile!).deviceMB)
    // "scenario" is the scenario's own.
    var own = plain
    own.deviceProfile = Trace.ownProfile
    #expect(try set.forSession(own) == set)
  }

  private func run(_ trace: Trace, on scenario: Scenario) throws -> RunMetrics {
    try Simulation.run(
      trace: trace, traceName: "s", scenario: scenario, strategy: StrategyChoice(name: "threshold", parameters: [])
    ).metrics
  }
}
