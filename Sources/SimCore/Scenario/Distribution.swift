import Foundation

/// A distribution of non-negative values (latencies in seconds, heights in points, bytes).
///
/// - `lognormal` is kept as median and p95, because that is how people read latency
///   dashboards: `μ = ln(median)`, `σ = ln(p95/median) / 1.6449` (the standard normal's 95th
///   percentile). A file may give any two of median, p75, p90, p95, p99 and mean
///   (`LognormalFit`); they are converted.
/// - `normal` is truncated at 0 by redrawing negative values (its mean is then
///   `μ + σ·φ(α)/(1 − Φ(α))`, α = −μ/σ).
/// - `exponential` is given by its mean (inverse transform, `−mean·ln U`).
/// - `empirical` draws one of its samples uniformly (a bootstrap of measured values, e.g. from
///   a HAR file or a list of latencies).
package enum Distribution: Equatable, Sendable, CustomStringConvertible {
  case fixed(Double)
  case uniform(min: Double, max: Double)
  case normal(mean: Double, sd: Double)
  case lognormal(median: Double, p95: Double)
  case exponential(mean: Double)
  case empirical([Double])

  /// The standard normal's 95th percentile.
  static let z95 = 1.6448536269514722

  package static let kinds = ["fixed", "uniform", "normal", "lognormal", "exponential", "empirical"]

  package func sample(_ random: inout SeededRandom) -> Double {
    switch self {
    case .fixed(let value): return value
    case .uniform(let low, let high): return random.uniform(low...high)
    case .normal(let mean, let sd):
      for _ in 0..<1000 {
        let value = mean + sd * random.standardNormal()
        if value >= 0 { return value }
      }
      return 0
    case .lognormal(let median, let p95):
      let sigma = Foundation.log(p95 / median) / Self.z95
      return median * Foundation.exp(sigma * random.standardNormal())
    case .exponential(let mean):
      var u = random.unit()
      while u <= 0 { u = random.unit() }
      return -mean * Foundation.log(u)
    case .empirical(let samples):
      return samples[min(Int(random.unit() * Double(samples.count)), samples.count - 1)]
    }
  }

  /// The distribution's theoretical mean.
  package var mean: Double {
    switch self {
    case .fixed(let value): return value
    case .uniform(let low, let high): return (low + high) / 2
    case .normal(let mean, let sd):
      guard sd > 0 else { return max(mean, 0) }
      let alpha = -mean / sd
      let density = Foundation.exp(-alpha * alpha / 2) / (2 * Double.pi).squareRoot()
      let below = 0.5 * Foundation.erfc(-alpha / 2.squareRoot())
      return mean + sd * density / (1 - below)
    case .lognormal(let median, let p95):
      let sigma = Foundation.log(p95 / median) / Self.z95
      return median * Foundation.exp(sigma * sigma / 2)
    case .exponential(let mean): return mean
    case .empirical(let samples): return samples.reduce(0, +) / Double(samples.count)
    }
  }

  package var description: String {
    switch self {
    case .fixed(let value): "fixed \(JSONWriter.number(value))"
    case .uniform(let low, let high): "uniform \(JSONWriter.number(low))–\(JSONWriter.number(high))"
    case .normal(let mean, let sd): "normal mean \(JSONWriter.number(mean)), sd \(JSONWriter.number(sd)), ≥ 0"
    case .lognormal(let median, let p95):
      "lognormal median \(JSONWriter.number(median)), p95 \(JSONWriter.number(p95))"
    case .exponential(let mean): "exponential mean \(JSONWriter.number(mean))"
    case .empirical(let samples): "empirical, \(samples.count) samples"
    }
  }

  /// Reads a bare number (= fixed) or `{"kind": …}` with the kind's fields:
  /// fixed `value`; uniform `min`, `max`; normal `mean`, `sd`; lognormal `median`, `p95`;
  /// exponential `mean`; empirical `samples` (an array) or `file` (one number a line, `#`
  /// comments; a relative path is read from `baseDirectory`).
  /// `maximum` bounds every value and parameter (`ScenarioLimits`: seconds for latencies and
  /// render costs, bytes for sizes); draws from unbounded kinds are capped at it where used.
  package static func decode(
    _ cursor: JSONCursor, baseDirectory: String? = nil, maximum: Double = .greatestFiniteMagnitude,
    unit: QuantityUnit? = nil
  ) throws(SimError) -> Distribution {
    let fields = FieldReader(unit: unit, maximum: maximum)
    if cursor.value?.double != nil {
      return .fixed(try fields.value(cursor))
    }
    if case .string = cursor.value, unit != nil {
      return .fixed(try fields.value(cursor))
    }
    switch try cursor["kind"].choice(kinds) {
    case "fixed":
      try cursor.rejectUnknownKeys(["kind", "value"])
      return .fixed(try fields.value(cursor["value"]))
    case "uniform":
      try cursor.rejectUnknownKeys(["kind", "min", "max"])
      let low = try fields.value(cursor["min"])
      let high = try fields.value(cursor["max"])
      guard high >= low else {
        throw cursor["max"].fail("must be at least min (\(JSONWriter.number(low))), found \(JSONWriter.number(high))")
      }
      return .uniform(min: low, max: high)
    case "normal":
      try cursor.rejectUnknownKeys(["kind", "mean", "sd"])
      let mean = try fields.measured(cursor["mean"]).double(in: -maximum...maximum)
      let sd = try fields.value(cursor["sd"])
      guard mean > 0 || sd > 0 else {
        throw cursor["mean"].fail("a normal with mean ≤ 0 and sd 0 has no non-negative values")
      }
      return .normal(mean: mean, sd: sd)
    case "lognormal":
      return try lognormal(cursor, fields)
    case "exponential":
      try cursor.rejectUnknownKeys(["kind", "mean"])
      return .exponential(mean: try fields.value(cursor["mean"], 0, true))
    default:
      return try empirical(cursor, fields, baseDirectory: baseDirectory)
    }
  }

  /// How a distribution's fields are read: in `unit` when given, each at most `maximum`.
  private struct FieldReader {
    var unit: QuantityUnit?
    var maximum: Double

    func measured(_ cursor: JSONCursor) -> JSONCursor { unit.map { cursor.measured(in: $0) } ?? cursor }

    /// The field's number, at least `minimum` (above it when `exclusive`) and at most `maximum`.
    func value(_ cursor: JSONCursor, _ minimum: Double = 0, _ exclusive: Bool = false) throws(SimError) -> Double {
      let number = try measured(cursor).double(atLeast: minimum, exclusive: exclusive)
      guard number <= maximum else {
        throw cursor.fail("must be at most \(JSONWriter.number(maximum)), found \(JSONWriter.number(number))")
      }
      return number
    }
  }

  /// A lognormal from two of its figures (`LognormalFit.fields`), its p95 within the field's maximum.
  private static func lognormal(_ cursor: JSONCursor, _ fields: FieldReader) throws(SimError) -> Distribution {
    try cursor.rejectUnknownKeys(Set(["kind"] + LognormalFit.fields))
    let given = LognormalFit.fields.filter { cursor[$0].exists }
    guard given.count == 2 else {
      throw cursor.fail(
        "a lognormal takes two of \(LognormalFit.fields.joined(separator: ", ")) (e.g. median and p90), found \(given.isEmpty ? "none" : given.joined(separator: ", "))"
      )
    }
    let first = (given[0], try fields.value(cursor[given[0]], 0, true))
    let second = (given[1], try fields.value(cursor[given[1]], 0, true))
    let fit: LognormalFit.Fitted
    switch LognormalFit.fit(first, second) {
    case .success(let fitted): fit = fitted
    case .failure(let problem): throw cursor[given[1]].fail(problem.message)
    }
    guard fit.p95 <= fields.maximum else {
      throw cursor.fail(
        "its p95 would be \(JSONWriter.number(fit.p95)), more than the field's \(JSONWriter.number(fields.maximum))")
    }
    return .lognormal(median: fit.median, p95: fit.p95)
  }

  /// An empirical distribution: its `samples`, or the numbers of its `file`.
  private static func empirical(
    _ cursor: JSONCursor, _ fields: FieldReader, baseDirectory: String?
  ) throws(SimError) -> Distribution {
    try cursor.rejectUnknownKeys(["kind", "samples", "file"])
    switch (cursor["samples"].exists, cursor["file"].exists) {
    case (true, false):
      let items = try cursor["samples"].elements()
      guard !items.isEmpty else { throw cursor["samples"].fail("is empty; give at least one sample") }
      var samples: [Double] = []
      for item in items { samples.append(try fields.value(item)) }
      return .empirical(samples)
    case (false, true):
      return .empirical(try readSamples(cursor["file"], baseDirectory: baseDirectory))
    default:
      throw cursor.fail("an empirical distribution needs \"samples\" (an array) or \"file\" (a path), not both")
    }
  }

  /// Numbers from a text file, one a line; blank lines and `#` comments are skipped.
  private static func readSamples(_ cursor: JSONCursor, baseDirectory: String?) throws(SimError) -> [Double] {
    let name = try cursor.string()
    let path = name.hasPrefix("/") || baseDirectory == nil ? name : "\(baseDirectory!)/\(name)"
    let bytes: [UInt8]
    do {
      bytes = try AtomicFile.read(path)
    } catch {
      throw cursor.fail("cannot read samples: \(error.description)")
    }
    var samples: [Double] = []
    for (number, line) in textLines(String(decoding: bytes, as: UTF8.self)).enumerated() {
      let text =
        line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
        .trimmingCharacters(in: .whitespaces) ?? ""
      if text.isEmpty { continue }
      guard let value = Double(text), value.isFinite, value >= 0 else {
        throw SimError(.badData, file: path, path: "line \(number + 1)", "expected a number ≥ 0, found \"\(text)\"")
      }
      samples.append(value)
    }
    guard !samples.isEmpty else { throw SimError(.badData, file: path, "has no samples") }
    return samples
  }

  package var json: JSONValue {
    switch self {
    case .fixed(let value): .object([("kind", .string("fixed")), ("value", .number(value))])
    case .uniform(let low, let high):
      .object([("kind", .string("uniform")), ("min", .number(low)), ("max", .number(high))])
    case .normal(let mean, let sd):
      .object([("kind", .string("normal")), ("mean", .number(mean)), ("sd", .number(sd))])
    case .lognormal(let median, let p95):
      .object([("kind", .string("lognormal")), ("median", .number(median)), ("p95", .number(p95))])
    case .exponential(let mean): .object([("kind", .string("exponential")), ("mean", .number(mean))])
    case .empirical(let samples):
      .object([("kind", .string("empirical")), ("samples", .array(samples.map { .number($0) }))])
    }
  }
}
