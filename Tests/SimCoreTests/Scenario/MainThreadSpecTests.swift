import Testing

@testable import SimCore

/// `MainThreadSpec` (Scenario/MainThreadSpec.swift): where a row's work runs, and the costs a
/// device overlay writes.
@Suite struct MainThreadSpecTests {
  /// The scenario's placement, where it gives one, overrides the strategy's platform.
  @Test func aScenariosPlacementOverridesTheStrategys() {
    let platform = RowThreading(bind: .synchronous, decode: .background)
    #expect(MainThreadSpec().threading(for: platform) == platform)
    let forced = MainThreadSpec(decode: .main).threading(for: platform)
    #expect(forced == RowThreading(bind: .synchronous, decode: .main))
    #expect(
      MainThreadSpec().costFields.map(\.0) == ["frameTime", "inputTime", "bindTime", "layoutPageTime", "layoutRowTime"])
  }
}
