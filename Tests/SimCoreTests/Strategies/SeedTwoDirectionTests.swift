import Testing

@testable import SimCore

/// Seed 002's measured direction on a scenario like its own (issue 45): a two-column waterfall of
/// images, 20 a page, an iPhone-6-class phone (`--device low-end`: 60 Hz, 1 GB, killed at
/// 645 MB) and a returning user (`--cache warm`: the disk holds the first 200 rows' images).
/// Its rule, while decelerating, gives a flown-over cell only what the memory tier holds — a
/// decoded image, no decode — where "before" (`targetRect=false`) loads every visible cell, and
/// a disk hit or an arrival is decoded on the main thread while the fling goes on. The article:
/// about 15 dropped frames → 1–2.
@Suite struct SeedTwoDirectionTests {
  static func scenario(cache: CacheStart, network: String) throws -> Scenario {
    var scenario = try Scenario.load(
      file: nil, overlays: [try DeviceProfiles.lookup("low-end").json],
      overrides: ["list.columns=2", "feed.pageSize=20"])
    scenario.cache.start = cache
    scenario.network.link = try NetworkProfiles.lookup(network)
    return scenario
  }

  static func dropped(_ trace: Trace, _ scenario: Scenario, seed: UInt64) throws -> (rule: Int, before: Int) {
    let runs = try ["true", "false"].map { targetRect in
      try Fixtures.run(
        "lazy-target-rect", params: ["targetRect=\(targetRect)"], trace: trace, scenario: scenario, seed: seed
      ).metrics.droppedFrames
    }
    return (runs[0], runs[1])
  }

  static func trace(_ name: String, seconds: Double) throws -> Trace {
    try TraceTools.slice(Trace.load(path: PackageRoot.url("Traces/\(name).json").path), from: 0, to: seconds)
  }

  static let seeds = UInt64(1)...4

  /// The bundled fling-stress trace (its first 30 s): the rule drops at most 70 % of what
  /// "before" drops, on every seed (measured: 82–96 against 161–172).
  @Test func onAFlingTheRuleDropsFewerFrames() throws {
    let fling = try Self.trace("fling-stress-60s", seconds: 30)
    let scenario = try Self.scenario(cache: .warm, network: "4g")
    for seed in Self.seeds {
      let (rule, before) = try Self.dropped(fling, scenario, seed: seed)
      #expect(Double(rule) <= 0.7 * Double(before), "seed \(seed): \(rule) against \(before)")
    }
  }

  /// Calm traces: few flings, so the rule rarely acts; it never drops more, and over the traces
  /// and seeds fewer (measured: 19 against 26).
  @Test func onCalmTracesTheRuleNeverDropsMore() throws {
    let scenario = try Self.scenario(cache: .warm, network: "4g")
    var total = (rule: 0, before: 0)
    for name in ["lab/skimmer-60s", "lab/reader-60s", "lab/mixed-60s"] {
      let calm = try Self.trace(name, seconds: 60)
      for seed in Self.seeds {
        let (rule, before) = try Self.dropped(calm, scenario, seed: seed)
        #expect(rule <= before, "\(name) seed \(seed): \(rule) against \(before)")
        total = (total.rule + rule, total.before + before)
      }
    }
    #expect(total.rule < total.before)
  }

  /// Where the direction flips: a first install (cold cache) on 4G. Most images arrive after
  /// the rows they are for have left (about 600 of 1,050 responses under either), so "before"'s
  /// loads for flown-over cells cost requests and bytes, not decodes; both drop frames only
  /// where the fling comes to rest, and there the rule is no better (measured: 26 against 22
  /// over seeds 1–4). On a slow link nothing arrives in time to be decoded in a fling and both
  /// drop none; on Wi-Fi, images are quick enough to land in flown-over cells and the rule
  /// wins again (36 against 64).
  @Test func aColdCacheOnASlowerLinkTakesTheRulesAdvantageAway() throws {
    let fling = try Self.trace("fling-stress-60s", seconds: 30)
    let cold = try Self.scenario(cache: .cold, network: "4g")
    var total = (rule: 0, before: 0)
    for seed in Self.seeds {
      let (rule, before) = try Self.dropped(fling, cold, seed: seed)
      total = (total.rule + rule, total.before + before)
    }
    #expect(total.rule >= total.before, "cold 4G: \(total.rule) against \(total.before)")
    let before = try Fixtures.run("lazy-target-rect", params: ["targetRect=false"], trace: fling, scenario: cold)
      .metrics
    #expect(Double(before.responsesAfterLeaving) > 0.4 * Double(before.contentRequests))
    let slow = try Self.scenario(cache: .cold, network: "slow-4g")
    #expect(try Self.dropped(fling, slow, seed: 1) == (0, 0))
  }
}
