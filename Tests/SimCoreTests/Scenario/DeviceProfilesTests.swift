import Testing

@testable import SimCore

/// `DeviceProfiles` (Scenario/DeviceProfiles.swift): a profile is a layer
/// over the scenario that sets its render cost, workers, cache, refresh rate and main-thread
/// costs, scaled by the device's CPU factor.
@Suite struct DeviceProfilesTests {
  @Test func aProfileSetsItsFieldsAndNothingElse() throws {
    for profile in DeviceProfiles.all {
      let scenario = try Scenario.load(file: nil, overlays: [profile.json])
      #expect(scenario.cell.renderTime == profile.renderTime)
      #expect(scenario.cell.renderWorkers == profile.renderWorkers)
      #expect(scenario.memory.deviceMB == profile.deviceMB && scenario.memory.limitMB == profile.limitMB)
      #expect(scenario.memory.memoryClassMB == profile.memoryClassMB)
      #expect(scenario.display.refreshRate == profile.refreshRate)
      #expect(scenario.mainThread == profile.mainThread)
      #expect(scenario.network == Scenario.default.network && scenario.feed == Scenario.default.feed)
    }
  }

  /// The main thread's costs scale with the CPU factor: 3× the defaults on the low-end phone,
  /// the defaults on the mid one, half on the flagship.
  @Test func mainThreadCostsScaleWithTheCPUFactor() throws {
    let base = MainThreadSpec()
    for (name, factor) in [("low-end", 3.0), ("mid", 1.0), ("high", 0.5)] {
      let spec = try DeviceProfiles.lookup(name).mainThread
      #expect(spec.frameTime == base.frameTime * factor)
      #expect(spec.layoutPageTime == base.layoutPageTime * factor)
      #expect(spec.bindTime == .uniform(min: 0.0002 * factor, max: 0.0008 * factor))
    }
    #expect(try DeviceProfiles.lookup("mid").mainThread == base)
  }

  @Test func anUnknownDeviceIsRefusedWithTheNearestName() {
    #expect {
      try DeviceProfiles.lookup("lowend")
    } throws: { error in
      "\(error)".contains("did you mean \"low-end\"") && "\(error)".contains("known: low-end, mid, high")
    }
  }
}
