import Testing

@testable import SimCore

/// `responsesAfterLeaving`: content that came after its row had left the screen for good.
@Suite struct ResponsesAfterLeavingTests {
  /// Rows of 100 pt in a 400 pt viewport: rows 0–3 are on screen and request their images
  /// (infinite-list asks on display), which take 2 s. At 0.516 s one drag sample jumps the list
  /// 2,000 pt down, so rows 0–3 are gone for good when their images land at 2 s: 4. The rows
  /// shown after the jump are still on screen when theirs land: 0.
  @Test func imagesLandingAfterTheRowLeftForGoodAreCounted() throws {
    let scenario = Fixtures.scenario(
      pageSize: 20, initialItems: 40, totalItems: nil, pageLatency: 0.1, contentLatency: 2)
    let jump = Fixtures.constantDrag(start: 0.5, steps: 1, step: 2000, interval: 0.016)
    let run = try Fixtures.run("infinite", trace: Fixtures.trace(jump, viewportHeight: 400), scenario: scenario)
    #expect(run.metrics.responsesAfterLeaving == 4)
  }

  /// Back again: the same rows come back on screen before the session ends, so their images
  /// were not late for good.
  @Test func aRowThatComesBackIsNotCounted() throws {
    let scenario = Fixtures.scenario(
      pageSize: 20, initialItems: 40, totalItems: nil, pageLatency: 0.1, contentLatency: 2)
    var touches = Fixtures.constantDrag(start: 0.5, steps: 1, step: 2000, interval: 0.016)
    touches += Fixtures.constantDrag(start: 3, steps: 1, step: -2000, interval: 0.016)
    let run = try Fixtures.run("infinite", trace: Fixtures.trace(touches, viewportHeight: 400), scenario: scenario)
    #expect(run.metrics.responsesAfterLeaving == 0)
  }
}
