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

  /// Android phones by RAM: the memory class of the platform's presets for each (192, 256,
  /// 192, 256, 256 MB), killed at 60 % of the RAM (ASSUMPTION), and the CPU class of each.
  @Test func androidPhonesByRAMCarryTheirPresetsMemoryClass() throws {
    let expected: [(String, Double, Double, Int, Double)] = [
      ("android-2gb", 2048, 192, 60, 3), ("android-3gb", 3072, 256, 60, 2), ("android-4gb", 4096, 192, 90, 1),
      ("android-6gb", 6144, 256, 120, 0.75), ("android-8gb", 8192, 256, 120, 0.5),
    ]
    for (name, ram, memoryClass, refresh, cpu) in expected {
      let profile = try DeviceProfiles.lookup(name)
      #expect(profile.deviceMB == ram && profile.memoryClassMB == memoryClass, "\(name)")
      #expect(profile.limitMB == (ram * 0.6).rounded(), "\(name)")
      #expect(profile.refreshRate == refresh && profile.cpuFactor == cpu, "\(name)")
    }
  }

  /// iPhones by RAM: jetsam's measured limits where there is one (iPhone 6, XR, 11), else 57 %
  /// of the RAM (ASSUMPTION); 60 Hz but the 6 GB Pro class.
  @Test func iPhonesByRAMCarryJetsamsMeasuredLimits() throws {
    let expected: [(String, Double, Double, Int)] = [
      ("iphone-1gb", 1024, 645, 60), ("iphone-2gb", 2048, 1167, 60), ("iphone-3gb", 2813, 1792, 60),
      ("iphone-4gb", 3844, 2068, 60), ("iphone-6gb", 6144, 3502, 120),
    ]
    for (name, ram, limit, refresh) in expected {
      let profile = try DeviceProfiles.lookup(name)
      #expect(profile.deviceMB == ram && profile.limitMB == limit && profile.refreshRate == refresh, "\(name)")
    }
    #expect(try DeviceProfiles.lookup("iphone-2gb").note.contains("ASSUMPTION"))
    #expect(try DeviceProfiles.lookup("iphone-3gb").note.contains("iPhone XR"))
  }

  @Test func anUnknownDeviceIsRefusedWithTheNearestName() {
    #expect {
      try DeviceProfiles.lookup("lowend")
    } throws: { error in
      "\(error)".contains("did you mean \"low-end\"") && "\(error)".contains("known: low-end, mid, high")
    }
  }
}
