import Foundation
import Testing

@testable import SimCore

/// A latency a team measured over its users' mix of networks is reproduced over that mix: the
/// server time is fitted so that, on each session's own link, the whole population's times have
/// the figures given (`MeasuredLatency`).
@Suite struct MeasuredLatencyTests {
  static let mix = [
    NetworkShare(name: "wifi", share: 0.58), NetworkShare(name: "4g", share: 0.37),
    NetworkShare(name: "3g", share: 0.05),
  ]
  static let page = #"network.page.latency={"kind":"lognormal","median":"240ms","p95":"1.6s"}"#

  /// Each of `count` sessions on its network in the mix's proportions: the times the engine's
  /// own draws give (the link's latency and the server's, and end to end the transfer at the
  /// downlink), and their nearest-rank percentiles.
  static func drawn(
    _ scenario: Scenario, kind: RequestKind, endToEnd: Bool, count: Int = 20_000
  ) throws -> (median: Double, p90: Double, p95: Double) {
    var times: [Double] = []
    var start = 0
    for share in mix {
      let on = try scenario.onNetwork(share.name).network
      let sessions = Int((share.share * Double(count)).rounded())
      for session in start..<start + sessions {
        let draw = NetworkDraw(
          spec: on, seed: SessionSeed.derive(1, session: "s\(session)"), kind: kind, index: 0, attempt: 1)
        times.append(draw.latency + (endToEnd ? draw.bytes / on.link.bytesPerSecond! : 0))
      }
      start += sessions
    }
    return (
      Percentile.nearestRank(times, 0.5)!, Percentile.nearestRank(times, 0.9)!, Percentile.nearestRank(times, 0.95)!
    )
  }

  @Test func endToEndFiguresAreReproducedOverTheMix() throws {
    let scenario = try Scenario.load(
      file: nil, overrides: [Self.page, "network.page.latencyIs=end-to-end"], runsOver: Self.mix)
    let times = try Self.drawn(scenario, kind: .page, endToEnd: true)
    #expect(abs(times.median / 0.24 - 1) < 0.05, "median \(times.median)")
    #expect(abs(times.p95 / 1.6 - 1) < 0.05, "p95 \(times.p95)")
    // Each network's own median differs: Wi-Fi's under the figure, 3G's over it.
    let wifi = try scenario.onNetwork("wifi").network
    guard case .lognormal(let server, _) = wifi.page.latency else { throw SimError(.badData, "not a lognormal") }
    #expect(server + wifi.link.latency < 0.24)
    // Fitted over the one scenario link instead, the population would not reproduce them.
    let alone = try Scenario.load(file: nil, overrides: [Self.page, "network.page.latencyIs=end-to-end"])
    #expect(abs(try Self.drawn(alone, kind: .page, endToEnd: true).median / 0.24 - 1) > 0.05)
  }

  @Test func aTimeToFirstByteLeavesTheTransferIn() throws {
    let content = #"network.content.latency={"kind":"lognormal","median":"60ms","p90":"200ms"}"#
    let scenario = try Scenario.load(
      file: nil, overrides: [content, "network.content.latencyIs=ttfb"], runsOver: Self.mix)
    let times = try Self.drawn(scenario, kind: .content, endToEnd: false)
    #expect(abs(times.median / 0.06 - 1) < 0.05, "median \(times.median)")
    #expect(abs(times.p90 / 0.2 - 1) < 0.05, "p90 \(times.p90)")
    // On one link it is the round trip alone that is taken out: 1 s at 4g's 165 ms.
    let one = try Scenario.load(file: nil, overrides: ["network.content.latency=1s", "network.content.latencyIs=ttfb"])
    #expect(one.network.content.latency == .fixed(1 - 0.165))
  }

  /// The file may name the mix its figures cover (`measuredOver`): it wins over the runs'.
  @Test func aFilesOwnMixWins() throws {
    let over = #"network.page.measuredOver={"wifi":0.58,"4g":0.37,"3g":0.05}"#
    let named = try Scenario.load(file: nil, overrides: [Self.page, "network.page.latencyIs=end-to-end", over])
    let runs = try Scenario.load(
      file: nil, overrides: [Self.page, "network.page.latencyIs=end-to-end"], runsOver: Self.mix)
    #expect(named.network.page.latency == runs.network.page.latency)
    let other = try Scenario.load(
      file: nil, overrides: [Self.page, "network.page.latencyIs=end-to-end", over],
      runsOver: [NetworkShare(name: "wifi", share: 1)])
    #expect(other.network.page.latency == named.network.page.latency)
    #expect(throws: SimError.self) {
      try Scenario.load(
        file: nil,
        overrides: [Self.page, "network.page.latencyIs=end-to-end", #"network.page.measuredOver={"wifi":0.5}"#])
    }
    #expect(throws: SimError.self) {
      try Scenario.load(
        file: nil, overrides: [Self.page, "network.page.latencyIs=end-to-end", #"network.page.measuredOver={"5g":1}"#])
    }
    #expect(throws: SimError.self) { try Scenario.load(file: nil, overrides: [Self.page, over]) }
  }

  /// What no server time can give is refused, naming the networks: a p99 under the round trip
  /// of a network holding more than 1 % of the runs; on one network, a figure its share reaches.
  @Test func whatTheMixCannotGiveIsRefusedNamingIt() throws {
    let tail = #"network.content.latency={"kind":"lognormal","median":"60ms","p99":"400ms"}"#
    do throws(SimError) {
      _ = try Scenario.load(file: nil, overrides: [tail, "network.content.latencyIs=ttfb"], runsOver: Self.mix)
      Issue.record("accepted")
    } catch {
      #expect(error.message.contains("over wifi 58 %, 4g 37 %, 3g 5 %"), "\(error)")
      #expect(error.message.contains("its p99 (400 ms) cannot hold"), "\(error)")
    }
    do throws(SimError) {
      _ = try Scenario.load(
        file: nil, profiles: SessionClass(network: "3g"), overrides: [Self.page, "network.page.latencyIs=end-to-end"])
      Issue.record("accepted")
    } catch {
      #expect(error.message.hasPrefix("on 3g: is end to end"), "\(error)")
    }
    // --network fixes the network: a mix given beside it changes nothing.
    let fixed = try Scenario.load(
      file: nil, profiles: SessionClass(network: "wifi"), overrides: [Self.page, "network.page.latencyIs=end-to-end"],
      runsOver: Self.mix)
    let wifi = try Scenario.load(
      file: nil, profiles: SessionClass(network: "wifi"), overrides: [Self.page, "network.page.latencyIs=end-to-end"])
    #expect(fixed.network.page.latency == wifi.network.page.latency)
  }

  /// A mix the runs make: `--networks` alike, else the sessions' own in their proportions.
  @Test func theRunsMixCountsEachRun() {
    #expect(
      Scenario.runsOver(networks: ["wifi", "3g"], sessionNetworks: ["4g"])
        == [NetworkShare(name: "wifi", share: 0.5), NetworkShare(name: "3g", share: 0.5)])
    #expect(
      Scenario.runsOver(networks: nil, sessionNetworks: ["wifi", "4g", "wifi", "wifi"])
        == [NetworkShare(name: "wifi", share: 0.75), NetworkShare(name: "4g", share: 0.25)])
  }

  /// `--set` of a lognormal's percentiles replaces the pair below: two set are the whole; one
  /// keeps the median below it.
  @Test func aSetPercentileReplacesTheDefaultsPair() throws {
    let both = try Scenario.load(
      file: nil, overrides: ["network.page.latency.median=0.35", "network.page.latency.p90=1.2"]
    ).network.page.latency
    guard case .lognormal(let median, let p95) = both else { throw SimError(.badData, "\(both)") }
    #expect(median == 0.35)
    let sigma = log(p95 / median) / Distribution.z95
    #expect(abs(median * exp(LognormalFit.z["p90"]! * sigma) - 1.2) < 1e-9)
    let one = try Scenario.load(file: nil, overrides: ["network.page.latency.p90=1.2"]).network.page.latency
    guard case .lognormal(let keptMedian, _) = one,
      case .lognormal(let defaultMedian, _) = Scenario.default.network.page.latency
    else { throw SimError(.badData, "\(one)") }
    #expect(keptMedian == defaultMedian)
  }
}
