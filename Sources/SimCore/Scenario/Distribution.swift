import Foundation

/// A distribution of non-negative values (latencies in seconds, heights in points, bytes).
///
/// Lognormal is given by median and p95 because that is how people read latency dashboards:
/// `mu = ln(median)`, `sigma = ln(p95 / median) / 1.6449` (1.6449 = the standard normal's
/// 95th percentile).
public enum Distribution: Equatable, Sendable, CustomStringConvertible {
  case fixed(Double)
  case uniform(min: Double, max: Double)
  case lognormal(median: Double, p95: Double)

  /// The standard normal's 95th percentile.
  static let z95 = 1.6448536269514722

  public func sample(_ random: inout SeededRandom) -> Double {
    switch self {
    case .fixed(let value): return value
    case .uniform(let low, let high): return random.uniform(low...high)
    case .lognormal(let median, let p95):
      let sigma = Foundation.log(p95 / median) / Self.z95
      return median * Foundation.exp(sigma * random.standardNormal())
    }
  }

  /// The distribution's mean (used in docs and sanity tests).
  public var mean: Double {
    switch self {
    case .fixed(let value): return value
    case .uniform(let low, let high): return (low + high) / 2
    case .lognormal(let median, let p95):
      let sigma = Foundation.log(p95 / median) / Self.z95
      return median * Foundation.exp(sigma * sigma / 2)
    }
  }

  public var description: String {
    switch self {
    case .fixed(let value): "fixed \(JSONWriter.number(value))"
    case .uniform(let low, let high): "uniform \(JSONWriter.number(low))–\(JSONWriter.number(high))"
    case .lognormal(let median, let p95):
      "lognormal median \(JSONWriter.number(median)), p95 \(JSONWriter.number(p95))"
    }
  }

  /// Reads `{"kind": "fixed", "value": v}`, `{"kind": "uniform", "min": a, "max": b}`,
  /// `{"kind": "lognormal", "median": m, "p95": p}`, or a bare number (= fixed).
  public static func decode(_ cursor: JSONCursor) throws(SimError) -> Distribution {
    if case .number? = cursor.value {
      return .fixed(try cursor.double(atLeast: 0))
    }
    let kind = try cursor["kind"].choice(["fixed", "uniform", "lognormal"])
    switch kind {
    case "fixed":
      try cursor.rejectUnknownKeys(["kind", "value"])
      return .fixed(try cursor["value"].double(atLeast: 0))
    case "uniform":
      try cursor.rejectUnknownKeys(["kind", "min", "max"])
      let low = try cursor["min"].double(atLeast: 0)
      let high = try cursor["max"].double(atLeast: 0)
      guard high >= low else { throw cursor["max"].fail("must be at least min (\(low)), found \(high)") }
      return .uniform(min: low, max: high)
    default:
      try cursor.rejectUnknownKeys(["kind", "median", "p95"])
      let median = try cursor["median"].double(atLeast: 0, exclusive: true)
      let p95 = try cursor["p95"].double(atLeast: median)
      return .lognormal(median: median, p95: p95)
    }
  }

  public var json: JSONValue {
    switch self {
    case .fixed(let value): .object([("kind", .string("fixed")), ("value", .number(value))])
    case .uniform(let low, let high):
      .object([("kind", .string("uniform")), ("min", .number(low)), ("max", .number(high))])
    case .lognormal(let median, let p95):
      .object([("kind", .string("lognormal")), ("median", .number(median)), ("p95", .number(p95))])
    }
  }
}
