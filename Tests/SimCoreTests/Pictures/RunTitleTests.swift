import Testing

@testable import SimCore

/// `RunTitle` (Pictures/RunTitle.swift): a picture's title says what ran and under which
/// conditions, and names a device profile only when the scenario's costs are that profile's.
@Suite struct RunTitleTests {
  @Test func saysTheStrategyTheWaitAndTheConditions() throws {
    var metrics = RunMetrics()
    metrics.strategy = "smart-range"
    metrics.trace = "reader-60s.json"
    metrics.waitSeconds = 0.574
    let scenario = try Scenario.default.onNetwork("4g")
    let options = SimulationOptions(seed: 9, physics: "android")
    #expect(
      RunTitle.text(metrics, trace: Trace.embeddedDefault.trace, scenario: scenario, options: options)
        == "smart-range on reader-60s.json: waited 0.57 s · network 4g (165 ms, 8.1 Mbps) · device default · physics android · seed 9"
    )
  }

  @Test func namesTheDeviceProfileOnlyWhenItsCostsMatch() throws {
    let trace = Trace.embeddedDefault.trace
    for name in DeviceProfiles.names {
      let profile = try DeviceProfiles.lookup(name)
      let scenario = try Scenario.load(file: nil, overlays: [profile.json])
      // A profile identical to an earlier one (iphone-1gb is low-end) is named as that one.
      let named = DeviceProfiles.all.first { $0.json == profile.json }!.name
      #expect(
        RunTitle.conditions(trace: trace, scenario: scenario, options: SimulationOptions()).contains("device \(named)"))
    }
    var custom = Scenario.default
    custom.cell.renderWorkers = 7
    #expect(RunTitle.conditions(trace: trace, scenario: custom, options: SimulationOptions()).contains("device custom"))
    // No downlink: no bandwidth; the trace's physics when no preset is given.
    let none = try Scenario.default.onNetwork("none")
    let text = RunTitle.conditions(trace: trace, scenario: none, options: SimulationOptions())
    #expect(text.hasPrefix("network none (0 ms) · device default · physics \(trace.device.physics) · seed 1"))
  }
}
