import Testing

@testable import SimCore

/// `compose`: the cache window composing ahead in idle time, Paging Compose's hints from the
/// items it composes, and Coil's requests, on a list of 100 rows of 100 pt (300 px at density
/// 3) on a viewport of 800 pt: rows 0–7 on screen at rest.
@Suite struct ComposeStrategyTests {
  func compose(_ parameters: [String], list: FakeList) throws -> any ListCallbacks {
    let strategy = try StrategyChoice.make("compose", parameters)
    strategy.listDidLoad(list)
    return strategy
  }

  /// A window of 200 dp (600 px) filling at rest composes rows 8 and 9 after the frame, binding
  /// them and asking for their images; the default window composes nothing at rest.
  @Test func aWindowComposesAheadInIdleTime() throws {
    let list = FakeList(itemCount: 100)
    let strategy = try compose(["ahead=200"], list: list)
    #expect(list.rendersPrepared.isEmpty)
    strategy.frameDidFinish(list)
    #expect(list.rendersPrepared == [8, 9])
    #expect(list.contentRequested == [8, 9])

    let resting = FakeList(itemCount: 100)
    let byDefault = try compose([], list: resting)
    byDefault.frameDidFinish(resting)
    #expect(resting.rendersPrepared.isEmpty)
  }

  /// A request that does not fit waits for the vsync after the next frame; when two frames
  /// pass without a draw the frame is idle and the first request runs whatever its cost
  /// (before any draw, at once).
  @Test func requestsWaitingRunOnceTheFrameIsIdle() throws {
    let list = FakeList(itemCount: 100)
    list.averageBindTime = 0.004
    list.frameTimeRemaining = 0.002  // less than a bind: only an idle frame runs one
    let strategy = try compose(["ahead=200"], list: list)
    list.advance(to: 0.0001, strategy: strategy)
    #expect(list.rendersPrepared == [8])
    list.time = 1.0 / 60
    strategy.frameDidFinish(list)  // a frame drawn: 2 ms left, row 9 waits
    list.advance(to: 2.0 / 60 + 0.0001, strategy: strategy)
    #expect(list.rendersPrepared == [8], "one frame after the draw")
    list.advance(to: 3.0 / 60 + 0.0001, strategy: strategy)
    #expect(list.rendersPrepared == [8, 9], "two frames after the draw")
  }

  /// Idle time: a request runs only with more time left than the average bind.
  @Test func aPrefetchWaitsForTime() throws {
    for (remaining, prepared) in [(0.004, [Int]()), (0.00401, [8, 9])] {
      let list = FakeList(itemCount: 100)
      list.averageBindTime = 0.004
      list.frameTimeRemaining = remaining
      let strategy = try compose(["ahead=200"], list: list)
      list.time = 0.001
      strategy.frameDidFinish(list)
      #expect(list.rendersPrepared == prepared, "\(remaining) s left")
    }
  }

  /// Turning back drops the lines composed ahead: their loads are cancelled (Coil's request
  /// leaves with its composable).
  @Test func turningBackDisposesTheLinesAhead() throws {
    let list = FakeList(itemCount: 100)
    let strategy = try compose(["ahead=200"], list: list)
    strategy.frameDidFinish(list)
    list.scroll(to: 10, strategy: strategy)
    strategy.frameDidFinish(list)
    list.scroll(to: 0, strategy: strategy)
    #expect(list.contentCancelled.contains(9))
    #expect(!list.contentCancelled.contains(7))
  }

  /// Paging Compose: a composed item's read is Paging's hint. 20 rows loaded, distance 10: the
  /// window composing rows 8–17 (3000 px) asks for page 1; the legacy strategy's one row
  /// ahead (row 8, 11 rows after it) does not.
  @Test func pagingHearsTheItemsComposedAhead() throws {
    let windowed = FakeList(pageSize: 20, itemCount: 20)
    let strategy = try compose(
      ["ahead=1000", "prefetchDistance=10", "initialLoadSize=20"], list: windowed)
    strategy.frameDidFinish(windowed)
    #expect(windowed.rendersPrepared == Array(8...17))
    #expect(windowed.pagesRequested == [1])

    let legacyList = FakeList(pageSize: 20, itemCount: 20)
    let legacy = try compose(["cacheWindow=legacy", "prefetchDistance=10", "initialLoadSize=20"], list: legacyList)
    legacyList.scroll(to: 10, strategy: legacy)
    legacy.frameDidFinish(legacyList)
    #expect(legacyList.rendersPrepared == [9])
    #expect(legacyList.pagesRequested.isEmpty)
  }

  /// The legacy strategy reports its one handle per frame, as a referee reads it: moving on
  /// cancels the line no longer expected next (9, once rows 10–17 show) before scheduling 18;
  /// turning back cancels the one ahead (18) and schedules the line before the first (8).
  @Test func legacyReportsItsHandlesPerFrame() throws {
    let list = FakeList(itemCount: 100)
    let strategy = try compose(["cacheWindow=legacy"], list: list)
    let reporting = try #require(strategy as? ComposeStrategy)
    reporting.beginFrameReports()
    func state() throws -> String { JSONWriter.compact(try #require(reporting.takeFrameState())) }
    list.scroll(to: 10, strategy: strategy)
    #expect(try state() == #"{"target":9,"scheduled":[9],"cancelled":[]}"#)
    #expect(try state() == #"{"target":9,"scheduled":[],"cancelled":[]}"#)
    list.scroll(to: 1000, strategy: strategy)
    #expect(try state() == #"{"target":18,"scheduled":[18],"cancelled":[9]}"#)
    list.scroll(to: 950, strategy: strategy)
    #expect(try state() == #"{"target":8,"scheduled":[8],"cancelled":[18]}"#)
  }

  /// Coil 3's memory cache is a share of the memory class (0.2 by default), its images decode
  /// at the view's size, and its requests go through OkHttp's 5 per host.
  @Test func coilHoldsTheImages() throws {
    let choice = try StrategyChoice(name: "compose", parameters: ["memoryCachePercent=0.25"])
    let strategy = choice.make()
    #expect(strategy.memoryPolicy.memoryCache == .shareOfMemoryClass(0.25))
    #expect(strategy.memoryPolicy.decodeSize == .view)
    #expect(try StrategyChoice.make("compose").memoryPolicy == .coil)
    #expect(strategy.contentQueue == .loaderPool(threads: 5, lowPreloads: false))
  }

  /// On a recorded Android session the window decides both frames and images: a wider window
  /// waits less, and every run is the same run.
  @Test func aWiderWindowWaitsLessOnARecordedSession() throws {
    let trace = try Trace.load(path: PackageRoot.url("Traces/feed-android-120s.json").path)
    func wait(_ parameters: [String]) throws -> Double {
      try Simulation.run(
        trace: trace, traceName: "feed", scenario: Scenario(),
        strategy: StrategyChoice(name: "compose", parameters: parameters), options: SimulationOptions(seed: 1)
      ).metrics.waitSeconds
    }
    let byDefault = try wait([])
    #expect(try wait([]) == byDefault)
    #expect(try wait(["ahead=2000"]) < byDefault)
  }
}
