import Testing

@testable import SimCore

/// A path no finger makes (drags of 2·10⁹ pt between samples) ends at `FreePath.endlessRows`
/// rows of an endless feed, so what a run lays out and is charged for stays bounded.
struct FreePathBoundTests {
  static let trace = Fixtures.trace(
    [
      TouchSample(t: 0.5, y: 1e9, phase: .began), TouchSample(t: 0.6, y: -1e9, phase: .moved),
      TouchSample(t: 0.7, y: 1e9, phase: .moved), TouchSample(t: 0.8, y: -1e9, phase: .ended),
    ], viewportHeight: 844)

  @Test func theFreePathStopsAtItsRows() throws {
    let physics = try PhysicsPresets.lookup("ios")
    let path = try FreePath.compute(
      trace: Self.trace, scenario: .default, physics: physics, options: SimulationOptions())
    let last = try #require(path.firstVisible.keys.max())
    #expect(last < FreePath.endlessRows)
    #expect(last > FreePath.endlessRows - 100)
  }

  @Test func theDemandChargedIsThatPathsAtMost() throws {
    var scenario = Scenario.default
    scenario.stall.giveUpAfter = 1
    let result = try Simulation.run(
      trace: Self.trace, traceName: "drag", scenario: scenario, strategy: StrategyCatalog.builtIn.choices("smart")[0])
    // At most every page of the path, one after another: latency plus transfer each.
    let pages = Double(FreePath.endlessRows / scenario.feed.pageSize)
    #expect(result.metrics.waitSeconds < pages * 5)
  }
}
