/// One metric and everything a report needs to show it: its stable key, unit, which way is
/// better, how runs over several traces combine, and its column in the human tables.
/// `Metric.all` is the one table: JSON and CSV (`RunMetrics.fields`), the terminal, Markdown and
/// HTML tables, the replicated and sweep reports, the objective grammar and `docs/metrics.md`
/// all read it. How to add one: `docs/model.md`, "Adding a metric".
package struct Metric: @unchecked Sendable {
  package enum Direction: Sendable { case lower, higher, neutral }

  package let key: String
  /// As `docs/metrics.md` gives it: `s`, `count`, `fraction`, `bytes`, `cell·s`.
  package let unit: String
  /// Which way is better: "≈ the best" in replicated reports compares in this direction.
  package let direction: Direction
  /// The stored keys this metric adds up, for a sum that is not itself a key of JSON or CSV
  /// (which carry its parts): `wastedRequests` is wasted content + page requests. Empty for a
  /// stored metric.
  package let parts: [String]
  /// Its column in the human tables; nil: JSON and CSV only.
  package let column: Column?
  /// The value in one run as JSON writes it.
  let json: (RunMetrics) -> JSONValue
  /// How runs of one strategy over several traces combine into its summary row (nil: derived,
  /// or combined apart: the percentiles, the weighted mean area).
  let combine: ((inout RunMetrics, RunMetrics) -> Void)?
  /// The value before JSON's rounding, for a metric that JSON rounds (nil: as JSON writes it).
  var exact: ((RunMetrics) -> Double?)? = nil

  /// Whether JSON and CSV carry it under its key.
  package var isStored: Bool { parts.isEmpty }

  /// The value in one run as JSON and CSV write it (times rounded to the nanosecond), the
  /// number that replicated means, charts and objectives start from (nil: absent, as a
  /// percentile without samples).
  package func value(_ run: RunMetrics) -> Double? {
    guard isStored else {
      return parts.reduce(0.0) { total, key in total + (Metric.named(key)?.value(run) ?? .nan) }
    }
    return json(run).double
  }

  /// The value in one run before the nanosecond rounding, which one run's table cell rounds
  /// to its own digits (rounding twice can move a last digit).
  func exactValue(_ run: RunMetrics) -> Double? {
    guard isStored else {
      return parts.reduce(0.0) { total, key in total + (Metric.named(key)?.exactValue(run) ?? .nan) }
    }
    return exact?(run) ?? value(run)
  }

  /// The value in a row of stored values by key (a sweep's table read back); nil if absent.
  package func value(in values: some MetricLookup) -> Double? {
    guard isStored else {
      var total = 0.0
      for key in parts {
        guard let part = values.metricValue(key) else { return nil }
        total += part
      }
      return total
    }
    return values.metricValue(key)
  }

  /// One run's cell in a human table: the column's own form, or the value formatted.
  func cell(_ run: RunMetrics) -> String {
    guard let column else { return "" }
    return column.cell?(run) ?? column.format(exactValue(run))
  }

  /// How a human table shows a metric: header, scale and digits, the unit after the number.
  package struct Column: @unchecked Sendable {
    package let header: String
    /// What the value is multiplied by before it is printed (100 for a percentage, 10⁻⁶ for MB).
    package let scale: Double
    /// Digits after the point for one run's value.
    package let digits: Int
    /// Digits of a mean over replicates (a mean of counts is fractional).
    package let meanDigits: Int
    /// Printed after the number: `%`, ` ms`.
    package let suffix: String
    /// A sign on positive values too (a difference: `+1.25`).
    package let signed: Bool
    /// One run's cell when it says more than the number (`12/548`, `3 (1 gave up)`).
    let cell: ((RunMetrics) -> String)?

    init(
      _ header: String, scale: Double = 1, digits: Int = 0, meanDigits: Int? = nil, suffix: String = "",
      signed: Bool = false, cell: ((RunMetrics) -> String)? = nil
    ) {
      self.header = header
      self.scale = scale
      self.digits = digits
      self.meanDigits = meanDigits ?? digits
      self.suffix = suffix
      self.signed = signed
      self.cell = cell
    }

    /// `value` as the column prints it; a dash for none.
    package func format(_ value: Double?, digits: Int? = nil) -> String {
      guard let value, !value.isNaN else { return "–" }
      let text = NumberText.fixed(value * scale, digits ?? self.digits)
      return (signed && !text.hasPrefix("-") ? "+" : "") + text + suffix
    }
  }

  /// The metric stored under `key`, or a sum of stored ones.
  package static func named(_ key: String) -> Metric? { index[key].map { all[$0] } }

  private static let index = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.key, $0) })
}

extension Metric {
  /// Every metric, in the order of JSON and CSV (the sums last): the one table.
  package static let all: [Metric] = [
    text("strategy") { $0.strategy },
    text("trace") { $0.trace },
    Metric(
      key: "seed", unit: "", direction: .neutral, parts: [], column: nil, json: { .unsigned($0.seed) }, combine: nil),
    // A killed app's wait stops at its kill: the cell says so instead (a summary row, how many
    // of its runs were killed).
    amount(
      "waitSeconds", \.waitSeconds,
      column: Column("wait s", digits: 2) { run in
        guard let killedAt = run.killedAt else { return NumberText.fixed(run.waitSeconds, 2) }
        if SummaryRow.names(run.trace) { return "\(run.kills) killed" }
        return "killed at " + NumberText.fixed(killedAt, 1) + " s"
      }),
    Metric(
      key: "waitOverLimit", unit: "s", direction: .lower, parts: [],
      column: Column("over limit", digits: 2, signed: true), json: { clean($0.waitOverLimit) },
      combine: { total, run in
        total.waitOverLimit = total.waitOverLimit.flatMap { a in run.waitOverLimit.map { a + $0 } }
      }, exact: { $0.waitOverLimit }),
    derived(
      "hitchTimeRatio", \.hitchTimeRatio, unit: "ms/s", column: Column("hitch ms/s", digits: 1)),
    count("droppedFrames", \.droppedFrames, column: Column("dropped", meanDigits: 1)),
    derived(
      "jankyFrameShare", \.jankyFrameShare, unit: "fraction",
      column: Column("janky", scale: 100, digits: 1, suffix: "%")),
    amount(
      "worstFrameSeconds", \.worstFrameSeconds, maximum: true,
      column: Column("worst frame", scale: 1000, digits: 1, suffix: " ms")),
    amount("hitchSeconds", \.hitchSeconds),
    amount("scrollingSeconds", \.scrollingSeconds, direction: .neutral),
    count("jankyFrames", \.jankyFrames),
    count("movingFrames", \.movingFrames, direction: .neutral),
    amount("sessionSeconds", \.sessionSeconds, direction: .neutral, column: Column("session s", digits: 1)),
    amount("blankCellSeconds", \.blankCellSeconds, unit: "cell·s", column: Column("blank cell·s", digits: 2)),
    // Weighted by session time over traces (`RunMetrics.combined`).
    Metric(
      key: "blankAreaMean", unit: "fraction", direction: .lower, parts: [],
      column: Column("blank area", scale: 100, digits: 1, suffix: "%"), json: { clean($0.blankAreaMean) },
      combine: nil, exact: { $0.blankAreaMean }),
    amount("blankAreaMax", \.blankAreaMax, unit: "fraction", maximum: true),
    count("cellsAppeared", \.cellsAppeared, direction: .neutral),
    count(
      "cellsAppearedBlank", \.cellsAppearedBlank,
      column: Column("appeared blank", meanDigits: 1) { "\($0.cellsAppearedBlank)/\($0.cellsAppeared)" }),
    count("cellsNeverFilled", \.cellsNeverFilled, column: Column("never filled", meanDigits: 1)),
    Metric(
      key: "ttcCount", unit: "count", direction: .neutral, parts: [], column: nil,
      json: { .int($0.timeToContent.count) }, combine: nil),
    percentile("ttcP50", \.ttcP50, header: "ttc p50"),
    percentile("ttcP95", \.ttcP95, header: "ttc p95"),
    percentile("ttcMax", \.ttcMax, header: nil),
    amount("blankMaxSeconds", \.blankMaxSeconds, maximum: true),
    count(
      "stallCount", \.stallCount,
      column: Column("stalls", meanDigits: 1) {
        $0.stallsAbandoned > 0 ? "\($0.stallCount) (\($0.stallsAbandoned) gave up)" : "\($0.stallCount)"
      }),
    amount("stallSeconds", \.stallSeconds, column: Column("stall s", digits: 2)),
    amount("stallMaxSeconds", \.stallMaxSeconds, maximum: true),
    count("stallsAbandoned", \.stallsAbandoned),
    count("pageRequests", \.pageRequests, direction: .neutral, column: Column("page req", meanDigits: 1)),
    count("contentRequests", \.contentRequests, direction: .neutral, column: Column("content req", meanDigits: 1)),
    count("cancelledRequests", \.cancelledRequests),
    count("duplicateRequests", \.duplicateRequests, column: Column("dup", meanDigits: 1)),
    count("refetchRequests", \.refetchRequests),
    count("wastedContentRequests", \.wastedContentRequests),
    count("wastedPageRequests", \.wastedPageRequests),
    count("responsesAfterLeaving", \.responsesAfterLeaving),
    count("inFlightAtEnd", \.inFlightAtEnd),
    Metric(
      key: "bytes", unit: "bytes", direction: .lower, parts: [],
      column: Column("MB", scale: 1e-6, digits: 1, meanDigits: 2), json: { .number($0.bytes.rounded()) },
      combine: { $0.bytes += $1.bytes }, exact: { $0.bytes }),
    count("frames", \.frames, direction: .neutral),
    count("failedRequests", \.failedRequests, column: Column("failed", meanDigits: 1)),
    count("retries", \.retries),
    count("timeouts", \.timeouts),
    count("cacheHits", \.cacheHits, direction: .higher),
    count("cacheEvictions", \.cacheEvictions),
    count("diskHits", \.diskHits, direction: .higher),
    count("diskEvictions", \.diskEvictions),
    derived(
      "memoryHitRatio", \.memoryHitRatio, unit: "fraction", direction: .higher,
      column: Column("mem hit", scale: 100, digits: 1, suffix: "%")),
    derived(
      "diskHitRatio", \.diskHitRatio, unit: "fraction", direction: .higher,
      column: Column("disk hit", scale: 100, digits: 1, suffix: "%")),
    Metric(
      key: "peakMemory", unit: "bytes", direction: .lower, parts: [],
      column: Column("peak MB", scale: 1 / MemoryUnits.mb, digits: 0, meanDigits: 1),
      json: { .number($0.peakMemory.rounded()) }, combine: { $0.peakMemory = max($0.peakMemory, $1.peakMemory) },
      exact: { $0.peakMemory }),
    // Weighted by session time over traces (`RunMetrics.combined`).
    Metric(
      key: "meanMemory", unit: "bytes", direction: .lower, parts: [],
      column: Column("mean MB", scale: 1 / MemoryUnits.mb, digits: 0, meanDigits: 1),
      json: { .number($0.meanMemory.rounded()) }, combine: nil, exact: { $0.meanMemory }),
    Metric(
      key: "decodedMemoryAtEnd", unit: "bytes", direction: .neutral, parts: [], column: nil,
      json: { .number($0.decodedMemoryAtEnd.rounded()) },
      combine: { $0.decodedMemoryAtEnd = max($0.decodedMemoryAtEnd, $1.decodedMemoryAtEnd) },
      exact: { $0.decodedMemoryAtEnd }),
    amount("memoryPressureSeconds", \.memoryPressureSeconds, column: Column("pressure s", digits: 1)),
    count("kills", \.kills, column: Column("kills", meanDigits: 2)),
    Metric(
      key: "killedAtSeconds", unit: "s", direction: .neutral, parts: [], column: nil,
      json: { clean($0.killedAtSeconds) },
      combine: { total, run in total.killedAtSeconds = total.killedAtSeconds ?? run.killedAtSeconds },
      exact: { $0.killedAtSeconds }),
    count("rowsShown", \.rowsShown, direction: .neutral),
    count("rowsReadyWhenShown", \.rowsReadyWhenShown, direction: .higher),
    ratio("prefetchCoverage", \.prefetchCoverage, column: Column("coverage", scale: 100, digits: 1, suffix: "%")),
    count("prefetches", \.prefetches, direction: .neutral),
    count("usefulPrefetches", \.usefulPrefetches, direction: .higher),
    ratio("prefetchAccuracy", \.prefetchAccuracy, column: Column("accuracy", scale: 100, digits: 1, suffix: "%")),
    count("latePrefetches", \.latePrefetches),
    ratio(
      "prefetchLateness", \.prefetchLateness, direction: .lower,
      column: Column("late", scale: 100, digits: 1, suffix: "%")),
    amount("lateBlankSeconds", \.lateBlankSeconds, column: Column("late blank s", digits: 2)),
    count("prefetchPollution", \.prefetchPollution, column: Column("polluted", meanDigits: 1)),
    sum(
      "wastedRequests", of: ["wastedContentRequests", "wastedPageRequests"], column: Column("wasted", meanDigits: 1)),
    sum("requests", of: ["pageRequests", "contentRequests"], direction: .neutral),
  ]

  /// The terminal and Markdown tables' columns after strategy and trace, in order (and the
  /// HTML page's table).
  package static let table = columns([
    "waitSeconds", "waitOverLimit", "hitchTimeRatio", "droppedFrames", "jankyFrameShare", "worstFrameSeconds",
    "blankCellSeconds", "blankAreaMean", "cellsAppearedBlank", "cellsNeverFilled",
    "ttcP50", "ttcP95", "stallCount", "stallSeconds", "pageRequests", "contentRequests", "wastedRequests",
    "failedRequests", "duplicateRequests", "bytes", "peakMemory", "meanMemory", "memoryPressureSeconds", "kills",
    "prefetchCoverage", "prefetchAccuracy", "prefetchLateness", "lateBlankSeconds", "prefetchPollution",
    "sessionSeconds",
  ])

  /// The tables' default columns (`TableLayout.compact`): the headline, its distance to the
  /// limit, and one column for each price a strategy pays or makes the user pay (frames, blank
  /// rows, stalls, waste, bytes), so a table fits an 100-column terminal.
  package static let compactTable = columns([
    "waitSeconds", "waitOverLimit", "hitchTimeRatio", "peakMemory", "blankCellSeconds", "stallSeconds",
    "wastedRequests", "bytes",
  ])

  /// Metrics a table can show (`--columns`): those with a column.
  package static let showable = all.filter { $0.column != nil }

  /// The replicated tables' columns: each a mean ±95% interval.
  package static let replicatedTable = columns([
    "waitSeconds", "waitOverLimit", "hitchTimeRatio", "droppedFrames", "blankCellSeconds", "blankAreaMean",
    "cellsNeverFilled", "ttcP95", "stallSeconds",
    "pageRequests", "contentRequests", "wastedRequests", "failedRequests", "bytes", "peakMemory", "kills",
  ])

  /// The sweep summary's columns: each a mean over a configuration's runs.
  package static let sweepTable = columns([
    "waitSeconds", "waitOverLimit", "hitchTimeRatio", "droppedFrames", "blankCellSeconds", "cellsNeverFilled",
    "wastedRequests", "failedRequests",
    "stallSeconds", "peakMemory", "kills",
  ])

  /// The charts of `compare --html`, each one metric across strategies.
  package static let charts = columns([
    "waitSeconds", "hitchTimeRatio", "blankCellSeconds", "stallSeconds", "wastedRequests",
  ])

  /// The stored keys, in order: what JSON and CSV carry (`RunMetrics.keys`).
  static let storedKeys = all.filter(\.isStored).map(\.key)

  /// The numeric metrics: every metric but the run's names and seed.
  package static let numeric = all.filter { !["strategy", "trace", "seed"].contains($0.key) }

  private static func columns(_ keys: [String]) -> [Metric] {
    keys.map { key in
      guard let metric = named(key), metric.column != nil else { preconditionFailure("\(key) has no column") }
      return metric
    }
  }

  // MARK: Kinds of row

  private static func text(_ key: String, _ read: @escaping (RunMetrics) -> String) -> Metric {
    Metric(key: key, unit: "", direction: .neutral, parts: [], column: nil, json: { .string(read($0)) }, combine: nil)
  }

  /// A count, summed over runs.
  private static func count(
    _ key: String, _ path: WritableKeyPath<RunMetrics, Int>, direction: Direction = .lower, column: Column? = nil
  ) -> Metric {
    Metric(
      key: key, unit: "count", direction: direction, parts: [], column: column, json: { .int($0[keyPath: path]) },
      combine: { $0[keyPath: path] += $1[keyPath: path] })
  }

  /// An amount printed to nine decimals (nanosecond resolution, without float noise such as
  /// 0.30000000000000004), summed over runs or their maximum.
  private static func amount(
    _ key: String, _ path: WritableKeyPath<RunMetrics, Double>, unit: String = "s", direction: Direction = .lower,
    maximum: Bool = false, column: Column? = nil
  ) -> Metric {
    Metric(
      key: key, unit: unit, direction: direction, parts: [], column: column, json: { clean($0[keyPath: path]) },
      combine: maximum
        ? { $0[keyPath: path] = max($0[keyPath: path], $1[keyPath: path]) }
        : { $0[keyPath: path] += $1[keyPath: path] },
      exact: { $0[keyPath: path] })
  }

  /// A ratio worked out from summed parts (so runs over several traces combine through their
  /// parts, not by adding ratios).
  private static func derived(
    _ key: String, _ path: KeyPath<RunMetrics, Double>, unit: String, direction: Direction = .lower,
    column: Column? = nil
  ) -> Metric {
    Metric(
      key: key, unit: unit, direction: direction, parts: [], column: column, json: { clean($0[keyPath: path]) },
      combine: nil, exact: { $0[keyPath: path] })
  }

  /// A share worked out from summed counts, with no value when its denominator is zero (a
  /// strategy that prefetches nothing has no accuracy, not an accuracy of 0).
  private static func ratio(
    _ key: String, _ path: KeyPath<RunMetrics, Double?>, direction: Direction = .higher, column: Column? = nil
  ) -> Metric {
    Metric(
      key: key, unit: "fraction", direction: direction, parts: [], column: column,
      json: { clean($0[keyPath: path]) }, combine: nil, exact: { $0[keyPath: path] })
  }

  /// A time-to-content percentile, pooled over traces (`RunMetrics.combined`), shown in ms.
  private static func percentile(_ key: String, _ path: KeyPath<RunMetrics, Double?>, header: String?) -> Metric {
    Metric(
      key: key, unit: "s", direction: .lower, parts: [],
      column: header.map { Column($0, scale: 1000, suffix: " ms") }, json: { clean($0[keyPath: path]) },
      combine: nil, exact: { $0[keyPath: path] })
  }

  /// A sum of stored metrics, named in tables and objectives but not itself stored.
  private static func sum(
    _ key: String, of parts: [String], direction: Direction = .lower, column: Column? = nil
  ) -> Metric {
    Metric(
      key: key, unit: "count", direction: direction, parts: parts, column: column, json: { _ in .null }, combine: nil)
  }

  /// Rounded to the nanosecond; a negative zero left by the rounding is zero.
  static func clean(_ value: Double) -> JSONValue { .number(rounded(value, decimals: 9)) }
  static func clean(_ value: Double?) -> JSONValue { value.map(clean) ?? .null }
}

extension Metric {
  /// A row's stored metrics as JSON Schema properties, in report order: what `schemas/`
  /// declares for a run report's members and a comparison's rows (`run.schema.json`,
  /// `comparison.schema.json`'s `$defs.metrics`). Generated, never written by hand:
  /// `SchemaTests` fails when a file differs, and `SCROLLSIM_UPDATE_SCHEMAS=1 swift test
  /// --filter SchemaTests` writes them.
  static var schemaProperties: [(String, JSONValue)] {
    all.filter(\.isStored).map { ($0.key, $0.schema) }
  }

  /// The JSON Schema of the metric's value: a name is a string, the seed and a count a whole
  /// number from 0, anything else a number or null (a percentile without samples, a run not
  /// measured against the limit).
  var schema: JSONValue {
    if ["strategy", "trace"].contains(key) { return .object([("type", .string("string"))]) }
    if key == "seed" || unit == "count" { return .object([("type", .string("integer")), ("minimum", .int(0))]) }
    return .object([("type", .array([.string("number"), .string("null")]))])
  }
}
