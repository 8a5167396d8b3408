/// What giving up costs. A user who gave up at the end of the loaded list and whose rows never
/// came did not wait less than one who was served: they went without every row their path
/// still wanted. So a session that ends with that demand open charges the stall at least the
/// time it would have taken to serve it — every page the path still needed, fetched one after
/// another from the stall's start — in place of the `giveUpAfter` seconds the user held on.
/// Served on demand from that moment, the user would have been held at most that long in all,
/// so giving up can never cost less than being served (`docs/metrics.md`).
///
/// Simplified: each page takes its first attempt's drawn latency plus its drawn size at the
/// full downlink (`NetworkDraw`, the draws a run would make), as if nothing failed or shared
/// the link; the path is the free one (`FreePath`), which a held run follows.
///
/// Bounded: the pages are those between the stall and the free path's last row, and the free
/// path goes no further than the input carries it (drags as far as the finger moves, each
/// fling from a release capped at the platform's fastest, `ScrollPhysics.flingVelocity`) nor
/// past `FreePath.endlessRows` rows; so the charge is at most that many pages' latency plus
/// size at the link's speed (`docs/metrics.md`).
extension Simulation {
  /// Seconds to add to the unmet demand at the end of the session (0 unless the user gave up
  /// and the rows never came); notes the charge in the timeline.
  func unservedDemandCharge() throws(SimError) -> Double {
    guard let since = stalls.unmetSince, feed.kind == .append else { return 0 }
    let free = try FreePath.compute(trace: trace, scenario: scenario, physics: physics, options: options)
    guard let lastRow = free.firstVisible.keys.max() else { return 0 }
    // The run may have loaded past the free path's end (a path cut at `FreePath.endlessRows`).
    let pages = feed.nextPageIndex..<max(feed.nextPageIndex, feed.page(of: lastRow) + 1)
    guard !pages.isEmpty else { return 0 }
    let serving = pages.reduce(0.0) { total, page in
      total + Self.firstAttemptSeconds(network: scenario.network, seed: options.seed, page: page)
    }
    let held = min(stalls.giveUpAfter, (now - since).seconds)
    let charge = max(0, serving - held)
    record(.unservedDemand(pages: pages.count, serveSeconds: serving, charged: charge))
    return charge
  }

  /// A page's first attempt, alone on the link: latency to the first byte plus its transfer.
  static func firstAttemptSeconds(network: NetworkSpec, seed: UInt64, page: Int) -> Double {
    let draw = NetworkDraw(spec: network, seed: seed, kind: .page, index: page, attempt: 1)
    guard let rate = network.link.bytesPerSecond, rate > 0 else { return draw.latency }
    return draw.latency + draw.bytes / rate
  }
}
