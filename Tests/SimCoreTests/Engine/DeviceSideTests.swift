import Testing

@testable import SimCore

/// The image cache and the device profiles inside whole runs.
@Suite struct DeviceSideTests {
  /// Scroll down 12 rows and back: on the way back the rows' images come from the cache, not
  /// the network (infinite-list requests on display; UIKit reuse drops the cells' images).
  @Test func cacheHitAvoidsARequest() throws {
    var scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 0.05)
    var touches = Fixtures.constantDrag(start: 0.5, steps: 60, step: 20, interval: 0.02)
    touches += Fixtures.constantDrag(start: 3, steps: 60, step: -20, interval: 0.02)
    let trace = Fixtures.trace(touches, viewportHeight: 400)
    let cached = try Fixtures.run("infinite", trace: trace, scenario: scenario, events: true)
    let rowsSeen = Set(try Fixtures.events(cached, named: "cell-visible").map { try $0["item"].int() })
    #expect(cached.metrics.contentRequests == rowsSeen.count)
    #expect(cached.metrics.cacheHits > 0)
    #expect(cached.metrics.cacheHits == cached.metrics.cellsAppeared - rowsSeen.count)

    scenario.cache.memory = 0
    scenario.cache.disk = 0
    let uncached = try Fixtures.run("infinite", trace: trace, scenario: scenario).metrics
    #expect(uncached.cacheHits == 0)
    #expect(uncached.contentRequests == uncached.cellsAppeared)
    #expect(uncached.refetchRequests == uncached.cellsAppeared - rowsSeen.count)
  }

  /// A cache of three images: the least recently used goes first.
  @Test func lruEviction() {
    var cache = ImageCache(capacity: 300)
    #expect(cache.insert(1, bytes: 100).isEmpty)
    #expect(cache.insert(2, bytes: 100).isEmpty)
    #expect(cache.insert(3, bytes: 100).isEmpty)
    cache.touch(1)
    #expect(cache.insert(4, bytes: 100) == [2])
    #expect(cache.contains(1) && !cache.contains(2))
    #expect(cache.insert(5, bytes: 1000).isEmpty)  // larger than the cache: not stored
    #expect(!cache.contains(5))
    // One eviction so far, and the run's metric says so.
    var metrics = RunMetrics()
    cache.report(into: &metrics)
    #expect(cache.evictions == 1 && metrics.cacheEvictions == 1)
  }

  /// A cache that holds a tenth of what a fling fetches evicts; one larger than all of it
  /// never does; `cacheEvictions` counts the images dropped.
  @Test func aSmallCacheEvicts() throws {
    let trace = try Trace.load(path: PackageRoot.url("Traces/fling-stress-60s.json").path)
    func evictions(capacity: Double) throws -> RunMetrics {
      var scenario = Scenario.default
      scenario.cache.memory = capacity
      return try Simulation.run(
        trace: trace, traceName: "t", scenario: scenario, strategy: try StrategyChoice(name: "smart", parameters: [])
      ).metrics
    }
    let small = try evictions(capacity: 20_000_000)
    #expect(small.cacheEvictions > 0)
    #expect(small.bytes > 5_000_000)
    #expect(try evictions(capacity: 1e12).cacheEvictions == 0)
  }

  /// The linked-list cache evicts exactly what a plain scan for the least recently used entry
  /// would, over a long seeded run of touches, inserts and re-inserts.
  @Test func imageCacheMatchesAScanningLRU() {
    var cache = ImageCache(capacity: 1000)
    var reference: [(item: Int, bytes: Double)] = []  // oldest first
    var random = SeededRandom(seed: 7)
    for _ in 0..<5000 {
      let item = Int(random.next() % 40)
      if random.next() % 3 == 0 {
        cache.touch(item)
        if let i = reference.firstIndex(where: { $0.item == item }) { reference.append(reference.remove(at: i)) }
      } else {
        let size = Double(random.next() % 300 + 1)
        let evicted = cache.insert(item, bytes: size)
        reference.removeAll { $0.item == item }
        reference.append((item, size))
        var expected: [Int] = []
        while reference.reduce(0, { $0 + $1.bytes }) > 1000 { expected.append(reference.removeFirst().item) }
        #expect(evicted == expected)
      }
      #expect(cache.bytes == reference.reduce(0) { $0 + $1.bytes })
    }
  }

  /// A low-end device renders slower on fewer frames: more blank time than a high-end one.
  @Test func deviceProfilesChangeTheOutcome() throws {
    let trace = GestureGenerator.generate(profile: .skimmer, duration: 30, seed: 2)
    func blank(_ device: String) throws -> Double {
      let scenario = try Scenario.load(file: nil, overlays: [try DeviceProfiles.lookup(device).json])
      return try Fixtures.run("infinite", trace: trace, scenario: scenario).metrics.blankCellSeconds
    }
    #expect(try blank("low-end") > blank("high"))
  }

  /// A link that fails every attempt: content never arrives, the strategy hears of it.
  @Test func failuresReachTheMetrics() throws {
    let trace = GestureGenerator.generate(profile: .reader, duration: 10, seed: 2)
    let scenario = try Scenario.load(
      file: nil, overrides: ["network.content.failureRate=1", "network.content.retries=1"])
    let metrics = try Fixtures.run("infinite", trace: trace, scenario: scenario).metrics
    #expect(metrics.failedRequests == metrics.contentRequests)
    #expect(metrics.retries == metrics.contentRequests)
    #expect(metrics.timeToContent.isEmpty)
  }
}
