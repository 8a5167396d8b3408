import Foundation

/// A latency as a team measured it (`latencyIs: "end-to-end"` or `"ttfb"`), kept beside the
/// server time it became so that it can be fitted again to the networks the runs use.
///
/// A team's figures come from its users, who are on a mix of networks: a median of 240 ms over
/// Wi-Fi, 4G and 3G is neither Wi-Fi's nor 3G's. scrollsim's latency is the server's time, the
/// same for every user, on top of each user's link; so the server time is the one that, added
/// to each network's share of the time in the proportions of the mix, gives the figures the team
/// measured over the whole mix (`serverTime(over:)`). The mix is the one the file names
/// (`measuredOver`), else the one the runs make: the networks the command lists, or the
/// sessions' own (`Scenario.fitted`). One network is the plain shift of `EndToEndLatency`.
///
/// Simplified: each network's share is its round trips and (end to end) the median response's
/// transfer at the full downlink, not each response's; a mix fits a lognormal server time, and
/// another kind moves by the mix's mean share (so its mean is kept, not each percentile).
package struct MeasuredLatency: Equatable, Sendable {
  /// What the figures include besides the server's time.
  package enum Kind: String, Sendable, CaseIterable {
    /// From the request to the last byte: round trips and the transfer.
    case endToEnd = "end-to-end"
    /// Time to the first byte: round trips, not the transfer (a CDN's TTFB).
    case ttfb
  }

  package var kind: Kind
  /// The distribution as given, nothing taken out.
  package var given: Distribution
  /// A lognormal's figures as given (`median`, `p90`, …, seconds), the targets of a fit.
  package var figures: [Figure]
  /// The mix the file says the figures were measured over; nil: the runs' own.
  package var over: [NetworkShare]?
  /// The mix the server time was fitted over (the file's, the runs', or the scenario's link).
  package var fittedOver: [NetworkShare] = []

  package struct Figure: Equatable, Sendable {
    package var name: String
    package var value: Double
  }

  /// The link's share of a measured time for responses of `bytes` (seconds).
  package static func share(_ kind: Kind, link: LinkSpec, bytes: Distribution) -> Double {
    switch kind {
    case .ttfb: link.latency
    case .endToEnd: EndToEndLatency.linkShare(link, bytes: bytes)
    }
  }

  /// The server time whose sum with each network's share, in the mix's proportions, gives the
  /// figures; refused at `cursor` (naming the networks) when none does.
  func serverTime(
    over mix: [(link: LinkSpec, share: Double)], bytes: Distribution, at cursor: JSONCursor
  ) throws(SimError) -> Distribution {
    let parts = mix.map { (offset: Self.share(kind, link: $0.link, bytes: bytes), weight: $0.share) }
    if mix.count == 1 { return try single(share: parts[0].offset, network: mix[0].link.name, at: cursor) }
    let described = Self.describe(mix.map { ($0.link.name, $0.share) })
    guard case .lognormal = given, figures.count == 2 else {
      let mean = parts.reduce(0) { $0 + $1.offset * $1.weight }
      do throws(SimError) {
        return try EndToEndLatency.serverTime(given, share: mean, at: cursor, kind: kind)
      } catch {
        throw cursor.fail("is \(kind.rawValue) over \(described); " + error.message)
      }
    }
    switch Self.fit(figures, parts: parts) {
    case .success(let fitted): return fitted
    case .failure(let problem): throw cursor.fail("is \(kind.rawValue) over \(described), but \(problem.message)")
    }
  }

  /// On one network: the figures less that network's share, exactly.
  private func single(share: Double, network: String, at cursor: JSONCursor) throws(SimError) -> Distribution {
    do throws(SimError) {
      guard case .lognormal = given, figures.count == 2 else {
        return try EndToEndLatency.serverTime(given, share: share, at: cursor, kind: kind)
      }
      var moved: [(String, Double)] = []
      for figure in figures {
        guard figure.value - share > 0 else {
          throw EndToEndLatency.refusal(at: cursor, share: share, value: figure.value, name: figure.name, kind: kind)
        }
        moved.append((figure.name, figure.value - share))
      }
      switch LognormalFit.fit(moved[0], moved[1]) {
      case .success(let fitted): return .lognormal(median: fitted.median, p95: fitted.p95)
      case .failure(let problem): throw cursor.fail(problem.message)
      }
    } catch {
      throw SimError(error.kind, file: error.file, path: error.path, "on \(network): " + error.message)
    }
  }

  /// "wifi 58 %, 4g 37 %, 3g 5 %".
  static func describe(_ mix: [(String, Double)]) -> String {
    mix.map { "\($0.0) \(NumberText.fixed($0.1 * 100, 0)) %" }.joined(separator: ", ")
  }

  struct Problem: Error {
    var message: String
  }

  /// The lognormal server time `S` such that `S + offset` over `parts` (weights summing to 1)
  /// has the two `figures`: for each σ, μ puts the first figure in place (the mixture's CDF
  /// falls as μ rises); then σ is the root of the second figure's error, found on a grid of σ
  /// and refined by bisection.
  static func fit(_ figures: [Figure], parts: [(offset: Double, weight: Double)]) -> Result<Distribution, Problem> {
    let first = figures[0]
    guard let z1 = LognormalFit.z[first.name] else {
      return .failure(Problem(message: "a fit over a mix needs a percentile first, found \(first.name)"))
    }
    let p1 = normalCDF(z1)
    // A percentile needs more than its share of the runs on networks whose own share is below it.
    for figure in figures {
      guard let z = LognormalFit.z[figure.name] else { continue }
      let reachable = parts.filter { $0.offset < figure.value }.reduce(0) { $0 + $1.weight }
      guard reachable <= normalCDF(z) else { continue }
      let slow = parts.filter { $0.offset >= figure.value }.map { NumberText.fixed($0.offset * 1000, 0) + " ms" }
      return .failure(
        Problem(
          message:
            "its \(figure.name) (\(NumberText.fixed(figure.value * 1000, 0)) ms) cannot hold: \(NumberText.fixed((1 - reachable) * 100, 1)) % of the runs are on networks whose own share alone is longer (\(slow.joined(separator: ", "))), more than the \(NumberText.fixed((1 - normalCDF(z)) * 100, 0)) % a \(figure.name) leaves above it; give a lower percentile, server time, or a mix whose slow networks are rarer"
        ))
    }
    func cdf(_ x: Double, mu: Double, sigma: Double) -> Double {
      parts.reduce(0) { total, part in
        x > part.offset ? total + part.weight * normalCDF((log(x - part.offset) - mu) / sigma) : total
      }
    }
    func mu(sigma: Double) -> Double {
      var (low, high) = (log(1e-9), log(ScenarioLimits.seconds))
      for _ in 0..<200 {
        let middle = (low + high) / 2
        if cdf(first.value, mu: middle, sigma: sigma) > p1 { low = middle } else { high = middle }
      }
      return (low + high) / 2
    }
    let second = figures[1]
    func error(_ sigma: Double) -> Double {
      let m = mu(sigma: sigma)
      if second.name == "mean" {
        let offsets = parts.reduce(0) { $0 + $1.offset * $1.weight }
        return exp(m + sigma * sigma / 2) + offsets - second.value
      }
      return normalCDF(LognormalFit.z[second.name]!) - cdf(second.value, mu: m, sigma: sigma)
    }
    // Larger σ spreads the server time: the second figure's error rises through zero.
    let grid = (0...240).map { 0.001 * pow(10, Double($0) / 60) }  // σ from 0.001 to 10
    var previous: (sigma: Double, error: Double)?
    for sigma in grid {
      let value = error(sigma)
      if value == 0 { return .success(lognormal(mu(sigma: sigma), sigma)) }
      if let before = previous, (before.error < 0) != (value < 0) {
        var (low, high) = (before.sigma, sigma)
        let lowIsNegative = before.error < 0
        for _ in 0..<100 {
          let middle = (low + high) / 2
          if (error(middle) < 0) == lowIsNegative { low = middle } else { high = middle }
        }
        let root = (low + high) / 2
        return .success(lognormal(mu(sigma: root), root))
      }
      previous = (sigma, value)
    }
    return .failure(
      Problem(
        message:
          "no lognormal server time gives both the \(first.name) (\(NumberText.fixed(first.value * 1000, 0)) ms) and the \(second.name) (\(NumberText.fixed(second.value * 1000, 0)) ms) over it: give server time, or figures of this mix"
      ))
  }

  private static func lognormal(_ mu: Double, _ sigma: Double) -> Distribution {
    .lognormal(median: exp(mu), p95: exp(mu + Distribution.z95 * sigma))
  }

  /// Quantile `p` of `server + offset` over `parts` for a lognormal server time (by bisection
  /// of the mixture's CDF); nil for another kind.
  static func quantile(_ p: Double, server: Distribution, parts: [(offset: Double, weight: Double)]) -> Double? {
    guard case .lognormal(let median, let p95) = server else { return nil }
    let (mu, sigma) = (log(median), max(log(p95 / median) / Distribution.z95, 1e-12))
    func cdf(_ x: Double) -> Double {
      parts.reduce(0) { total, part in
        x > part.offset ? total + part.weight * normalCDF((log(x - part.offset) - mu) / sigma) : total
      }
    }
    var (low, high) = (0.0, ScenarioLimits.seconds * 2)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if cdf(middle) < p { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// Φ, the standard normal's CDF.
  static func normalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
}

/// One network's share of a mix (`measuredOver`, `--network-mix`).
package struct NetworkShare: Equatable, Sendable {
  package var name: String
  package var share: Double

  package init(name: String, share: Double) {
    self.name = name
    self.share = share
  }

  /// Shares of `names` as they occur (one run each), in first-seen order.
  package static func counting(_ names: [String]) -> [NetworkShare] {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for name in names {
      if counts[name] == nil { order.append(name) }
      counts[name, default: 0] += 1
    }
    return order.map { NetworkShare(name: $0, share: Double(counts[$0]!) / Double(max(1, names.count))) }
  }
}
