import Testing

@testable import SimCore

/// The order a browser's image requests wait in (`ContentQueue`): Chromium moves the rows on
/// screen ahead at each layout; Firefox and WebKit send them in the order they were made
/// (`ContentQueue.inOrder`, measured in `Validation/` with a 2,000 px margin on fling-stress).
@Suite struct BrowserImageQueueTests {
  /// A fling far past the loaded rows with a wide margin, slow pages and images, the replay going
  /// on while the list waits at its end (as in the validation's `stress-io2000-lat0.8`): each
  /// page that lands asks for many rows at once, more than the host's six connections take.
  static func sends(_ strategy: String, _ params: [String]) throws -> (order: [Int], made: [Int]) {
    var scenario = Scenario.default
    scenario.network.content.latency = .lognormal(median: 0.8, p95: 1.6)
    scenario.network.page.latency = .lognormal(median: 0.8, p95: 1.6)
    scenario.list.heights = .uniform(200)
    scenario.stall.policy = .continue
    let trace = GestureGenerator.generate(profile: .flingStress, duration: 20, seed: 7)
    let result = try Fixtures.run(strategy, params: params, trace: trace, scenario: scenario, events: true)
    let sends = GlideQueueTests.contentSends(result)
    return (sends.order, sends.made)
  }

  @Test(arguments: ["firefox", "webkit"])
  func otherEnginesSendImagesInTheOrderAsked(engine: String) throws {
    let queue = try Self.sends("sentinel+intersection-observer", ["rootMargin=2000", "engine=\(engine)"])
    #expect(queue.order.count > 30)
    #expect(queue.order == queue.made)
  }

  /// The same scroll in Chromium does reorder: rows on screen overtake rows asked for before
  /// them, so the order above is the queue's, not the scroll's.
  @Test func chromiumSendsTheRowsOnScreenFirst() throws {
    let queue = try Self.sends("sentinel+intersection-observer", ["rootMargin=2000"])
    #expect(queue.order.count > 30)
    #expect(queue.order != queue.made)
  }

  @Test(arguments: ["sentinel+firefox-lazy", "sentinel+webkit-lazy"])
  func lazyImagesInFirefoxAndWebKitKeepTheirOrder(strategy: String) throws {
    let queue = try Self.sends(strategy, [])
    #expect(queue.order.count > 30)
    #expect(queue.order == queue.made)
  }

  @Test func theInOrderQueueGivesEveryRowOnePriority() {
    #expect(
      RequestPriority.allCases.allSatisfy { ContentQueue.inOrder.priority(row: $0, fromLayouts: false) == .preload })
    #expect(!ContentQueue.inOrder.promotesShownRows)
  }
}
