/// What a picture of a run says in its title: the strategy, the trace, the wait, and the
/// conditions it was measured under (network, device, physics, seed), so a screenshot read on
/// its own says what it shows.
package enum RunTitle {
  /// `smart-range on reader-60s.json: waited 0.57 s`, then the conditions.
  package static func text(_ metrics: RunMetrics, trace: Trace, scenario: Scenario, options: SimulationOptions)
    -> String
  {
    "\(metrics.strategy) on \(metrics.trace): waited \(NumberText.fixed(metrics.waitSeconds, 2)) s · "
      + conditions(trace: trace, scenario: scenario, options: options)
  }

  /// `network 4g (165 ms, 8.1 Mbps) · device mid · physics ios · seed 1`. The device is the
  /// profile (`--device`) whose costs the scenario's match, `default` for the built-in
  /// scenario's, else `custom`.
  package static func conditions(trace: Trace, scenario: Scenario, options: SimulationOptions) -> String {
    let link = scenario.network.link
    let bandwidth = link.downlinkMbps.map { ", \(JSONWriter.number(rounded($0, decimals: 2))) Mbps" } ?? ""
    return
      "network \(link.name) (\(NumberText.fixed(link.latency * 1000, 0)) ms\(bandwidth)) · device \(device(scenario)) · physics \(options.physics ?? trace.device.physics) · seed \(options.seed)"
  }

  static func device(_ scenario: Scenario) -> String {
    if let profile = DeviceProfiles.all.first(where: { profile in
      scenario.cell.renderTime == profile.renderTime && scenario.cell.renderWorkers == profile.renderWorkers
        && scenario.memory.limitMB == profile.limitMB && scenario.memory.deviceMB == profile.deviceMB
        && scenario.display.refreshRate == profile.refreshRate
        && scenario.mainThread == profile.mainThread
    }) {
      return profile.name
    }
    let base = Scenario.default
    let isDefault =
      scenario.cell == base.cell && scenario.cache == base.cache && scenario.display == base.display
      && scenario.mainThread == base.mainThread
    return isDefault ? "default" : "custom"
  }
}
