import Testing

@testable import SimCore

/// Small scenarios whose metrics are computed by hand in the comments.
@Suite struct HandComputedTests {
  /// 100 pt rows, a 400 pt viewport at 50 Hz, content latency 200 ms (= 10 frames), free
  /// rendering, no paging. At t = 0 rows 0–3 are visible and blank for 10 frames: 40 cell-frames.
  /// Then the finger drags 10 pt every 20 ms for 60 samples (600 pt): rows 4–9 appear one by
  /// one, each blank for exactly 10 frames: 60 cell-frames. Total 100 frames / 50 Hz = 2.0 s.
  /// The wait counts the blank share of the viewport: the first 10 frames wholly blank (0.2 s);
  /// each later row is blank while 10, 20, …, 100 of its points show (550 pt·frames of a 400 pt
  /// viewport = 1.375 screens × 1/50 s), six rows: 0.165 s. Wait 0.365 s.
  @Test func blankCellTimeOfAConstantSpeedScroll() throws {
    let scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 0.2)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 1.0, steps: 60, step: 10, interval: 0.02), viewportHeight: 400)
    let metrics = try Fixtures.run("infinite", trace: trace, scenario: scenario).metrics
    #expect(abs(metrics.blankCellSeconds - 2.0) < 1e-9)
    #expect(abs(metrics.waitSeconds - 0.365) < 1e-9)
    #expect(metrics.cellsAppeared == 10)
    #expect(metrics.cellsAppearedBlank == 10)
    #expect(metrics.timeToContent.allSatisfy { abs($0 - 0.2) < 1e-9 })
    #expect(abs(metrics.blankMaxSeconds - 0.2) < 1e-9)
    #expect(metrics.contentRequests == 10)
    #expect(metrics.stallCount == 0)
  }

  /// The same rows with content that takes 100 s and a finger that rests: rows 0–3 are blank
  /// from t = 0 to the session's end and never filled. No time-to-content is measured, and the
  /// longest blank is the whole session.
  @Test func aCellNeverFilledIsBlankForAllItsVisibleTime() throws {
    let scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 100)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 1.0, steps: 1, step: 0, interval: 0.02), viewportHeight: 400)
    let metrics = try Fixtures.run("infinite", trace: trace, scenario: scenario).metrics
    #expect(metrics.cellsNeverFilled == 4)
    #expect(metrics.ttcMax == nil)
    #expect(metrics.sessionSeconds > 5)
    #expect(metrics.blankMaxSeconds == metrics.sessionSeconds)
  }

  /// Ten 100 pt rows loaded (content 1000 pt, max offset 600 in a 400 pt viewport), ten more on
  /// the server, page latency 500 ms. Dragging 10 pt per 20 ms from t = 0.1, the offset reaches
  /// 600 at t = 1.3; that frame, infinite-list sees the end and requests page 1. The next sample
  /// (t = 1.32) pushes past the end: the stall begins and the input waits. The page lands at
  /// t = 1.8: one stall of 0.48 s. The wait is those 0.48 s whole plus the blank share of the
  /// frames outside it: each row entering is blank for its first frame (its request goes out in
  /// that frame), at most a quarter of the viewport per blank row.
  @Test(arguments: [StallPolicy.wait, .continue])
  func stallTimeAtTheEndOfLoadedContent(policy: StallPolicy) throws {
    let scenario = Fixtures.scenario(
      pageSize: 10, initialItems: 10, totalItems: 20, pageLatency: 0.5, contentLatency: 0, policy: policy)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 0.1, steps: 100, step: 10, interval: 0.02), viewportHeight: 400)
    let result = try Fixtures.run("infinite", trace: trace, scenario: scenario, events: true)
    #expect(result.metrics.stallCount == 1)
    #expect(abs(result.metrics.stallSeconds - 0.48) < 1e-9)
    let blankShare = result.metrics.waitSeconds - 0.48
    #expect(blankShare > 0 && blankShare <= result.metrics.blankCellSeconds * 100 / 400 + 1e-9)
    let requests = try Fixtures.events(result, named: "request").filter { try $0["kind"].string() == "page" }
    #expect(requests.count == 1)
    #expect(try requests.first?["t"].double() == 1.3)
    // Under "wait" the rest of the input is delayed by the stall; under "continue" it is not.
    let lastDragEnd = try Fixtures.events(result, named: "drag-end").last?["t"].double() ?? 0
    let expected = 0.1 + 100 * 0.02 + 0.1 + (policy == .wait ? 0.48 : 0)
    #expect(abs(lastDragEnd - expected) < 1e-6)
    // Under "wait" the drag ends where the finger took it (1000 pt): the 10 pt it pushed past
    // the end at t = 1.32 are not lost. Under "continue" the samples during the stall are.
    let rest = try #require(result.events.last?.offset)
    #expect(policy == .wait ? abs(rest - 1000) < 1e-9 : rest < 1000)
  }

  /// A strategy that never fetches (Texture with batch fetching off) leaves the user at the
  /// end: the stall is abandoned after `giveUpAfter` (2 s here) and does not begin again until
  /// the content grows, which it never does. The user still waits for those rows: from the
  /// stall's start (t = 1.32) to the end of the session, not just the 2 s before giving up.
  @Test func aStallNobodyEndsIsAbandoned() throws {
    var scenario = Fixtures.scenario(
      pageSize: 10, initialItems: 10, totalItems: 20, pageLatency: 0.5, contentLatency: 0)
    scenario.stall.giveUpAfter = 2
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 0.1, steps: 100, step: 10, interval: 0.02), viewportHeight: 400)
    let result = try Fixtures.run("smart", params: ["leadingScreens=0"], trace: trace, scenario: scenario, events: true)
    #expect(result.metrics.stallCount == 1)
    #expect(abs(result.metrics.stallSeconds - 2) < 1e-9)
    #expect(result.metrics.stallsAbandoned == 1)
    #expect(abs(result.metrics.waitSeconds - (result.metrics.sessionSeconds - 1.32)) < 1e-9)
    #expect(result.metrics.waitSeconds > 2.5)
    #expect(result.metrics.pageRequests == 0)
    #expect(try Fixtures.events(result, named: "stall-abandon").count == 1)
  }

  /// Giving up must not cost less than being served. Forty rows on the server, ten loaded, pages
  /// of ten at 5 s each; the drag takes the finger 3000 pt, so the free path shows rows up to
  /// (3000 + 400) / 100 = 34: pages 1, 2 and 3 are still needed when the user gives up (after
  /// 6 s). Fetched one after another they take 15 s, so the stall counts 15 s instead of the 6 s
  /// held: 9 s more than the time from its start to the session's end. Served on demand
  /// (infinite-list), the same user is held under 6 s at each page and waits less.
  @Test func givingUpCostsAtLeastBeingServed() throws {
    var scenario = Fixtures.scenario(
      pageSize: 10, initialItems: 10, totalItems: 40, pageLatency: 5, contentLatency: 0)
    scenario.stall.giveUpAfter = 6
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 0.1, steps: 100, step: 30, interval: 0.02), viewportHeight: 400)
    let abandoned = try Fixtures.run(
      "smart", params: ["leadingScreens=0"], trace: trace, scenario: scenario, events: true)
    #expect(abandoned.metrics.stallsAbandoned == 1)
    let charge = try #require(try Fixtures.events(abandoned, named: "unserved-demand").first)
    #expect(try charge["pages"].int() == 3)
    #expect(try charge["serveSeconds"].double() == 15)
    #expect(try charge["charged"].double() == 9)
    let stallStart = try #require(try Fixtures.events(abandoned, named: "stall-begin").first?["t"].double())
    let expected = abandoned.metrics.sessionSeconds - stallStart + 9
    #expect(abs(abandoned.metrics.waitSeconds - expected) < 1e-6)

    let served = try Fixtures.run("infinite", trace: trace, scenario: scenario)
    #expect(served.metrics.stallsAbandoned == 0 && served.metrics.pageRequests == 3)
    #expect(served.metrics.waitSeconds < abandoned.metrics.waitSeconds)
  }

  /// The same drag with the page already on its way long before the end: no stall.
  @Test func thresholdAvoidsTheStall() throws {
    let scenario = Fixtures.scenario(
      pageSize: 10, initialItems: 10, totalItems: 20, pageLatency: 0.5, contentLatency: 0)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 0.1, steps: 100, step: 10, interval: 0.02), viewportHeight: 400)
    let metrics = try Fixtures.run("threshold", trace: trace, scenario: scenario).metrics
    #expect(metrics.stallCount == 0)
    #expect(metrics.pageRequests == 1)
  }

  /// Rendering alone blanks a cell (seed 004): with content instant and 30 ms of render cost,
  /// each of the 4 initial rows is blank until its render ends. Two workers: rows 0, 1 finish
  /// at 30 ms, rows 2, 3 at 60 ms. Frames at 0, 20 ms: 4 blank; 40 ms: 2 blank; 60 ms: ready.
  /// 10 cell-frames / 50 Hz = 0.2 cell·s.
  @Test func renderCostBlanksCells() throws {
    var scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 0, renderTime: 0.03)
    scenario.cell.renderWorkers = 2
    let trace = Fixtures.trace(
      [TouchSample(t: 0, y: 100, phase: .began), TouchSample(t: 0.05, y: 100, phase: .ended)], viewportHeight: 400)
    let metrics = try Fixtures.run("infinite", trace: trace, scenario: scenario).metrics
    #expect(abs(metrics.blankCellSeconds - 0.2) < 1e-9)
  }
}
