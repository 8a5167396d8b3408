import Testing

@testable import SimCore

/// Seed 001's table, reproduced by simulation: 10 items a page, threshold 0.7. A slow drag
/// (250 pt/s) over 100 pt rows; for each page request, the item at the viewport's bottom.
@Suite struct ThresholdTableTests {
  func firingItems(mode: String) throws -> [Int] {
    let scenario = Fixtures.scenario(
      pageSize: 10, initialItems: 10, totalItems: 60, pageLatency: 0.05, contentLatency: 0)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 0.1, steps: 1200, step: 5, interval: 0.02), viewportHeight: 300)
    let result = try Fixtures.run("threshold", params: ["mode=\(mode)"], trace: trace, scenario: scenario, events: true)
    return try Fixtures.events(result, named: "request").filter { try $0["kind"].string() == "page" }.map {
      Int(((try $0["offset"].double()) + 300) / 100 + 1e-9)
    }
  }

  @Test func staticThresholdFiresEarlierEachPage() throws {
    #expect(try firingItems(mode: "static") == [7, 14, 21, 28, 35])
  }

  @Test func dynamicThresholdFiresAtTheSameDepthOfEachPage() throws {
    #expect(try firingItems(mode: "dynamic") == [7, 17, 27, 37, 47])
  }

  @Test func triggerRatios() {
    #expect(ThresholdStrategy.triggerRatio(dynamic: false, threshold: 0.7, pageSize: 10, itemCount: 40) == 0.7)
    #expect(
      abs(ThresholdStrategy.triggerRatio(dynamic: true, threshold: 0.7, pageSize: 10, itemCount: 20) - 0.85) < 1e-12)
    #expect(
      abs(ThresholdStrategy.triggerRatio(dynamic: true, threshold: 0.7, pageSize: 10, itemCount: 30) - 0.9) < 1e-12)
  }

  /// Without the in-flight guard, every frame past the ratio sends the same page again.
  @Test func withoutTheGuardRequestsDuplicate() throws {
    let scenario = Fixtures.scenario(
      pageSize: 10, initialItems: 10, totalItems: 60, pageLatency: 0.5, contentLatency: 0)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 0.1, steps: 400, step: 5, interval: 0.02), viewportHeight: 300)
    let guarded = try Fixtures.run("threshold", trace: trace, scenario: scenario).metrics
    let unguarded = try Fixtures.run("threshold", params: ["guard=false"], trace: trace, scenario: scenario).metrics
    #expect(guarded.duplicateRequests == 0)
    #expect(unguarded.duplicateRequests > 10)
  }
}
