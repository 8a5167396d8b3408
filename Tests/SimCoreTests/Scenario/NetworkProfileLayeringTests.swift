import Testing

@testable import SimCore

/// A network profile is applied one way (`NetworkProfiles.overlay`): `--network` layers it
/// under `--set`, a sweep's `--networks` over the loaded scenario (`Scenario.onNetwork`), and
/// both replace the scenario's link whole, leaving the rest as it was.
@Suite struct NetworkProfileLayeringTests {
  @Test func aProfileReplacesTheLinkWholeAndNothingElse() throws {
    var scenario = Scenario.default
    scenario.feed.pageSize = 10
    scenario.network.link = LinkSpec(name: "custom", latency: 0.3, downlinkMbps: 3, loss: 0.1)
    for name in NetworkProfiles.names {
      let moved = try scenario.onNetwork(name)
      var expected = scenario
      expected.network.link = try NetworkProfiles.lookup(name)
      expected.sessions.fixesNetwork = true
      #expect(moved == expected, "\(name)")
    }
  }

  @Test func setStillOverridesTheProfileAndAnUnknownOneIsRefused() throws {
    let loaded = try Scenario.load(
      file: nil, overlays: [try NetworkProfiles.overlay("3g")], overrides: ["network.link.latency=0.25"])
    #expect(loaded.network.link.latency == 0.25)
    #expect(loaded.network.link.downlinkMbps == (try NetworkProfiles.lookup("3g")).downlinkMbps)
    #expect(throws: SimError.self) { try Scenario.default.onNetwork("6g") }
  }
}
