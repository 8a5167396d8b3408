import Testing

@testable import SimCore

/// Glide's source executor (`ContentQueue.loaderPool`, bumptech/glide @bf4901de
/// `GlideExecutor.java`, `DecodeJob.compareTo`): at most `sourceThreads` images in flight,
/// one priority for preloads and bound rows, first made first sent, never reordered.
@Suite struct GlideQueueTests {
  /// A scroll that keeps preloads queued: a fling over a slow link.
  static func run(_ params: [String], strategy: String = "paging3+glide") throws -> RunResult {
    var scenario = Scenario.default
    scenario.network.link = try NetworkProfiles.lookup("slow-3g")
    let trace = GestureGenerator.generate(profile: .flingStress, duration: 20, seed: 7)
    return try Fixtures.run(strategy, params: params, trace: trace, scenario: scenario, events: true)
  }

  /// Content requests sent, in order of sending, and the most in flight at once (counted once
  /// each instant's events are in: a finished request's next one is noted before its response).
  static func contentSends(_ result: RunResult) -> (order: [Int], made: [Int], peak: Int) {
    var order: [Int] = []
    var made: [Int] = []
    var inFlight = Set<Int>()
    var peak = 0
    var instant = -1.0
    for event in result.events {
      if event.time != instant {
        peak = max(peak, inFlight.count)
        instant = event.time
      }
      switch event.kind {
      case .request(.content, _, let id): made.append(id)
      case .send(.content, _, let id, let attempt, _):
        if attempt == 1 { order.append(id) }
        inFlight.insert(id)
      case .response(.content, _, let id, _), .fail(.content, _, let id, _, _), .cancel(.content, _, let id, _),
        .retry(.content, _, let id, _, _, _):
        inFlight.remove(id)
      default: break
      }
    }
    return (order, made.filter(Set(order).contains), max(peak, inFlight.count))
  }

  /// The threads bound the images in flight: 4 by default (the host allows 6), and the bound
  /// is exact: 3 threads never have a fourth, 5 reach a fifth.
  @Test func theSourcePoolBoundsTheImagesInFlight() throws {
    #expect(Self.contentSends(try Self.run([])).peak == 4)
    #expect(Self.contentSends(try Self.run(["sourceThreads=3"])).peak == 3)
    #expect(Self.contentSends(try Self.run(["sourceThreads=5"])).peak == 5)
    // The host's own limit still holds above the pool's.
    #expect(Self.contentSends(try Self.run(["sourceThreads=64"])).peak == 6)
  }

  /// One priority, first made first sent: a row that comes on screen does not overtake the
  /// preloads made before it (Glide joins the bind to the queued preload). The same scroll with
  /// low preloads (below) does overtake, so this order is the pool's, not the scroll's.
  @Test func imagesGoInTheOrderMade() throws {
    let glide = Self.contentSends(try Self.run([]))
    #expect(glide.order.count > 50)
    #expect(glide.order == glide.made)
  }

  /// `preloadPriority=low` (an app's `Priority.LOW` on its preloads): a row bound or on screen
  /// when its image is asked for goes ahead of queued preloads, and a preload stays low when its
  /// row shows. The priority of a request is fixed when it is made.
  @Test func lowPreloadsLetBoundRowsAhead() throws {
    let queue = ContentQueue.loaderPool(threads: 4, lowPreloads: true)
    #expect(queue.priority(row: .visible, fromLayouts: false) == .visible)
    #expect(queue.priority(row: .display, fromLayouts: false) == .visible)
    #expect(queue.priority(row: .preload, fromLayouts: false) == .preload)
    #expect(!queue.promotesShownRows)
    let equal = ContentQueue.loaderPool(threads: 4, lowPreloads: false)
    #expect(RequestPriority.allCases.allSatisfy { equal.priority(row: $0, fromLayouts: false) == .visible })
    #expect(ContentQueue.network.priority(row: .display, fromLayouts: false) == .display)
    #expect(ContentQueue.network.priority(row: .visible, fromLayouts: true) == .preload)
    let low = Self.contentSends(try Self.run(["preloadPriority=low"]))
    #expect(low.order != low.made)
    #expect(low.peak == 4)
  }

  /// The pool's threads hold the content host at min(threads, maxInFlight); pages untouched.
  @Test func thePoolHoldsTheContentHostOnly() {
    let spec = NetworkSpec()
    for (threads, expected) in [
      (3, 3), (spec.content.maxInFlight, spec.content.maxInFlight), (99, spec.content.maxInFlight),
    ] {
      let applied = ContentQueue.loaderPool(threads: threads, lowPreloads: false).applied(to: spec)
      #expect(applied.content.maxInFlight == expected)
      #expect(applied.page == spec.page)
    }
    #expect(ContentQueue.network.applied(to: spec) == spec)
  }
}
