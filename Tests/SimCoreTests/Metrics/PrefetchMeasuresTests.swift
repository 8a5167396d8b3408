import Testing

@testable import SimCore

/// The prefetch measures (`Simulation+Prefetch.swift`) on small lists computed by hand: 100 pt
/// rows in a 400 pt viewport at 50 Hz, images that take a fixed time, free rendering.
@Suite struct PrefetchMeasuresTests {
  /// Loads every row it displays, and `lookahead` rows further on (0: none); at `prefetchAt`
  /// seconds (if any) it also loads `prefetchRows`.
  final class LookAhead: ListCallbacks {
    let lookahead: Int
    let prefetchAt: Double?
    let prefetchRows: Range<Int>

    init(lookahead: Int, prefetchAt: Double? = nil, prefetchRows: Range<Int> = 0..<0) {
      self.lookahead = lookahead
      self.prefetchAt = prefetchAt
      self.prefetchRows = prefetchRows
    }

    func listDidLoad(_ list: any ListContext) {
      if let prefetchAt { list.wakeUp(after: prefetchAt) }
    }

    func willDisplay(_ list: any ListContext, item: Int) {
      list.requestContent(item)
      if lookahead > 0 { list.requestContent(item + lookahead) }
    }

    func timerDidFire(_ list: any ListContext) {
      for item in prefetchRows { list.requestContent(item) }
    }
  }

  static func run(
    _ strategy: LookAhead, _ touches: [TouchSample], contentLatency: Double, cachedImages: Double? = nil
  ) throws -> RunMetrics {
    var scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: contentLatency)
    let trace = Fixtures.trace(touches, viewportHeight: 400)
    if let cachedImages {
      let sizes = DecodedImageSize(
        image: scenario.image, policy: strategy.memoryPolicy, viewportWidth: trace.device.viewportWidth,
        columns: 1, density: trace.device.density, seed: 1)
      scenario.cache.memory = cachedImages * Double(sizes.bytes(item: 0, height: 100))
    }
    let physics = try PhysicsPresets.lookup("ios", density: 3, viewport: 400)
    let setup = RunSetup(
      trace: trace, traceName: "test", scenario: scenario, physics: physics,
      options: SimulationOptions(seed: 1), label: "look-ahead")
    return try Simulation.runOnce(setup, callbacks: strategy).metrics
  }

  /// 600 pt at 10 pt per 20 ms from t = 1: rows 0–9 are shown. Rows 0–3, shown first, load on
  /// display and prefetch rows 4–7; each row 4–9 prefetches its fourth successor as it shows:
  /// 10 prefetches (rows 4–13). Images take 0.2 s and a row comes on screen at least 0.8 s
  /// after its prefetch went out, so rows 4–9 are ready: coverage 6/10, accuracy 6/10, none late.
  @Test func prefetchesThatArriveInTimeAreUsefulAndNotLate() throws {
    let drag = Fixtures.constantDrag(start: 1.0, steps: 60, step: 10, interval: 0.02)
    let metrics = try Self.run(LookAhead(lookahead: 4), drag, contentLatency: 0.2)
    #expect(metrics.rowsShown == 10)
    #expect(metrics.rowsReadyWhenShown == 6)
    #expect(metrics.prefetches == 10)
    #expect(metrics.usefulPrefetches == 6)
    #expect(metrics.latePrefetches == 0)
    #expect(metrics.lateBlankSeconds == 0)
    #expect(metrics.prefetchCoverage == 0.6 && metrics.prefetchAccuracy == 0.6 && metrics.prefetchLateness == 0)
    #expect(metrics.prefetchPollution == 0)
  }

  /// Images taking 2 s, the list dragged 200 pt (rows 0–5 shown): rows 4–7 are prefetched at
  /// the first frame and land at 2 s; rows 4 and 5 come on screen at 1.02 s and 1.22 s, before
  /// theirs land. Both useful prefetches are late, and cost 0.98 + 0.78 = 1.76 s of blank time
  /// (rows 2 and 3, loaded on display, wait their whole 2 s; rows 0 and 1 leave unfilled).
  @Test func prefetchesStillInFlightAreLateAndCostTheirBlankTime() throws {
    let drag = Fixtures.constantDrag(start: 1.0, steps: 20, step: 10, interval: 0.02)
    let metrics = try Self.run(LookAhead(lookahead: 4), drag, contentLatency: 2)
    #expect(metrics.rowsShown == 6)
    #expect(metrics.rowsReadyWhenShown == 0)
    #expect(metrics.usefulPrefetches == 2)
    #expect(metrics.latePrefetches == 2)
    #expect(metrics.prefetchLateness == 1)
    #expect(metrics.timeToContent.sorted().map { ($0 * 100).rounded() / 100 } == [0.78, 0.98, 2, 2])
    #expect(abs(metrics.lateBlankSeconds - 1.76) < 1e-9)
  }

  /// No prefetching: no prefetch, no accuracy or lateness (not 0 %), and no row ready but by
  /// luck of the first screen (none).
  @Test func aStrategyThatNeverPrefetchesHasNoAccuracy() throws {
    let drag = Fixtures.constantDrag(start: 1.0, steps: 60, step: 10, interval: 0.02)
    let metrics = try Self.run(LookAhead(lookahead: 0), drag, contentLatency: 0.2)
    #expect(metrics.prefetches == 0)
    #expect(metrics.prefetchAccuracy == nil && metrics.prefetchLateness == nil)
    #expect(metrics.prefetchCoverage == 0)
  }

  /// A memory tier of four images. Rows 0–3 load on display (in by 0.2 s); at t = 1 rows 10–13
  /// are prefetched and, landing at 1.2 s, push rows 0–3 out. The list jumps 400 pt down at
  /// t = 2 (rows 4–7 load) and back at t = 4: rows 0–3 come back to no image: 4 polluted, and
  /// the four prefetches were never shown (accuracy 0). Without the prefetch, rows 4–7's own
  /// loads push rows 0–3 out: a demand miss, not pollution.
  @Test func rowsAPrefetchPushedOutAndNeededAgainArePollution() throws {
    var touches = Fixtures.constantDrag(start: 2, steps: 1, step: 400, interval: 0.02)
    touches += Fixtures.constantDrag(start: 4, steps: 1, step: -400, interval: 0.02)
    let polluted = try Self.run(
      LookAhead(lookahead: 0, prefetchAt: 1, prefetchRows: 10..<14), touches, contentLatency: 0.2, cachedImages: 4)
    #expect(polluted.prefetches == 4)
    #expect(polluted.usefulPrefetches == 0 && polluted.prefetchAccuracy == 0)
    #expect(polluted.prefetchPollution == 4)
    let clean = try Self.run(LookAhead(lookahead: 0), touches, contentLatency: 0.2, cachedImages: 4)
    #expect(clean.prefetchPollution == 0)
    #expect(clean.refetchRequests == polluted.refetchRequests)
  }

  /// A tier one byte short of five images still loses rows 0–3 to the four prefetched ones
  /// (five would keep one of them): just under and exactly at five images.
  @Test(arguments: [(4.99, 4), (5.0, 3)])
  func pollutionCountsOnlyTheRowsActuallyPushedOut(images: Double, expected: Int) throws {
    var touches = Fixtures.constantDrag(start: 2, steps: 1, step: 400, interval: 0.02)
    touches += Fixtures.constantDrag(start: 4, steps: 1, step: -400, interval: 0.02)
    let metrics = try Self.run(
      LookAhead(lookahead: 0, prefetchAt: 1, prefetchRows: 10..<14), touches, contentLatency: 0.2,
      cachedImages: images)
    #expect(metrics.prefetchPollution == expected)
  }
}
