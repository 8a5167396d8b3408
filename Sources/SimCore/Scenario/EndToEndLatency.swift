/// A latency measured end to end (`network.page.latencyIs: "end-to-end"`), as a team's logs and
/// RUM measure it: from the request to the last byte. scrollsim's `latency` is the server's
/// time to the first byte, on top of the link, so the link's share is taken out: its round
/// trips (`link.latency`) and the transfer of the median response at the full downlink (the
/// typical response alone on the link). A quantile of `X − share` is the quantile of `X` less
/// the share, and so is the mean: a lognormal's given figures each move by the share before it
/// is fitted (`lognormalFigures`), so the figures a team gave are the ones it gets end to end;
/// a uniform's bounds, a normal's mean, an empirical's samples and a fixed value move alike.
/// An exponential has no such shift and is refused, and so is a figure the share reaches.
/// Simplified: the transfer is taken at the median size, not each response's.
enum EndToEndLatency {
  /// The values `latencyIs` takes.
  static let choices = ["server", "end-to-end", "ttfb"]

  /// The link's share of an end-to-end time for responses of `bytes` (seconds).
  static func linkShare(_ link: LinkSpec, bytes: Distribution) -> Double {
    link.latency + (link.bytesPerSecond.map { bytes.typical / $0 } ?? 0)
  }

  /// A lognormal given by its figures (`cursor` is its object), each less `share`: the object
  /// to fit, or nil for another kind (moved after decoding by `serverTime`).
  static func lognormalFigures(_ cursor: JSONCursor, share: Double) throws(SimError) -> JSONValue? {
    guard case .object(let members)? = cursor.value, members.contains(where: { $0 == ("kind", .string("lognormal")) })
    else { return nil }
    var shifted: [(String, JSONValue)] = []
    for (key, member) in members {
      guard LognormalFit.fields.contains(key) else {
        shifted.append((key, member))
        continue
      }
      let value = try cursor[key].measured(in: .seconds).double()
      guard value - share > 0 else { throw refusal(at: cursor[key], share: share, value: value, name: key) }
      shifted.append((key, .number(value - share)))
    }
    return .object(shifted)
  }

  static func refusal(
    at cursor: JSONCursor, share: Double, value: Double, name: String, kind: MeasuredLatency.Kind = .endToEnd
  ) -> SimError {
    let what =
      kind == .ttfb
      ? "is a time to first byte, but the link's share (\(NumberText.fixed(share * 1000, 0)) ms: its round trips)"
      : "is end to end, but the link's share (\(NumberText.fixed(share * 1000, 0)) ms: its round trips and the median response's transfer)"
    return cursor.fail(
      "\(what) is at least its \(name) (\(NumberText.fixed(value * 1000, 0)) ms): give server time, or the network it was measured on (measuredOver, docs/scenario.md)"
    )
  }

  /// `latency`, measured end to end, as server time over `link`; refused at `cursor`.
  static func serverTime(
    _ latency: Distribution, share: Double, at cursor: JSONCursor, kind: MeasuredLatency.Kind = .endToEnd
  ) throws(SimError) -> Distribution {
    func less(_ value: Double, _ name: String) throws(SimError) -> Double {
      guard value - share > 0 else { throw refusal(at: cursor, share: share, value: value, name: name, kind: kind) }
      return value - share
    }
    switch latency {
    case .fixed(let value): return .fixed(try less(value, "value"))
    case .uniform(let low, let high): return .uniform(min: try less(low, "min"), max: try less(high, "max"))
    case .normal(let mean, let sd): return .normal(mean: try less(mean, "mean"), sd: sd)
    case .lognormal(let median, let p95):
      return .lognormal(median: try less(median, "median"), p95: try less(p95, "p95"))
    case .empirical(let samples):
      var shifted: [Double] = []
      for sample in samples { shifted.append(try less(sample, "sample \(JSONWriter.number(sample))")) }
      return .empirical(shifted)
    case .exponential:
      throw cursor.fail("is end to end, and an exponential cannot have the link's share taken out: give another kind")
    }
  }
}
