/// What one run measured. Every field is defined in `docs/metrics.md`; `keys` are the stable
/// names used by the JSON and CSV reports.
public struct RunMetrics: Equatable, Sendable {
  public var strategy = ""
  public var trace = ""
  public var seed: UInt64 = 0

  /// The headline: seconds the user waits. Each second from a stall's start until rows append
  /// counts whole — giving up does not stop it, as the rows the user wanted never came;
  /// otherwise each frame counts the blank fraction of the viewport (blank visible cells'
  /// on-screen area) × its duration. Seconds of a wholly blank screen, so loading less
  /// (stalling) can never look better.
  public var waitSeconds = 0.0
  /// The wait above the clairvoyant limit's on the same trace, scenario and seed (`oracle`):
  /// how much a better prefetcher could still win. Set by comparisons and sweeps; nil alone.
  public var waitOverLimit: Double?
  /// Seconds from the start until the input is over, the list rests and no visible cell is
  /// blank (or 5 s of draining have passed).
  public var sessionSeconds = 0.0
  /// Σ over drawn frames of (blank visible cells × frame duration), cell·seconds.
  public var blankCellSeconds = 0.0
  /// Mean blank fraction of the viewport over frames in which the list moved.
  public var blankAreaMean = 0.0
  /// Largest blank fraction of the viewport in any frame.
  public var blankAreaMax = 0.0
  /// Times a cell came on screen (visibility episodes).
  public var cellsAppeared = 0
  /// Episodes whose first frame showed the cell blank.
  public var cellsAppearedBlank = 0
  /// Episodes that ended (or the session ended) before the cell got its content.
  public var cellsNeverFilled = 0
  /// Time from a cell coming on screen to its first frame with content, per filled episode.
  public var timeToContent: [Double] = []
  public var stallCount = 0
  public var stallSeconds = 0.0
  public var stallMaxSeconds = 0.0
  /// Stalls the user gave up on (the scenario's `stall.giveUpAfter` passed).
  public var stallsAbandoned = 0
  public var pageRequests = 0
  public var contentRequests = 0
  public var cancelledRequests = 0
  public var duplicateRequests = 0
  public var refetchRequests = 0
  public var wastedContentRequests = 0
  public var wastedPageRequests = 0
  public var inFlightAtEnd = 0
  public var bytes = 0.0
  public var frames = 0
  /// Requests that failed for good (after retries).
  public var failedRequests = 0
  /// Attempts retried after a failure or timeout.
  public var retries = 0
  /// Attempts that ran out of time.
  public var timeouts = 0
  /// Content served from the memory cache instead of the network.
  public var cacheHits = 0
  /// Engine events processed (for the benchmark's ns/event).
  public var events = 0

  public init() {}

  public var ttcP50: Double? { Percentile.nearestRank(timeToContent, 0.50) }
  public var ttcP95: Double? { Percentile.nearestRank(timeToContent, 0.95) }
  public var ttcMax: Double? { timeToContent.max() }

  /// The stable report keys, in report order.
  public static let keys = columns.map(\.key)

  /// Which way a metric is better, for "≈ the best" in replicated comparisons.
  public enum Better: Sendable { case lower, higher }

  /// Lower for waits, blanks, stalls and costs; higher for cache hits; nil for what only
  /// describes the run (cells that appeared, requests made, frames, session length).
  public static func better(_ key: String) -> Better? {
    columns.first { $0.key == key }?.better
  }

  /// The metrics as (key, value) in `keys` order; nil values are absent percentiles.
  public var fields: [(String, JSONValue)] { Self.columns.map { ($0.key, $0.read(self)) } }

  /// Several runs of one strategy (different traces) as one: sums, maxima, pooled
  /// time-to-content samples; blankAreaMean weighted by session time.
  public static func combined(_ runs: [RunMetrics], trace: String) -> RunMetrics {
    var total = RunMetrics()
    total.waitOverLimit = runs.isEmpty ? nil : 0
    total.strategy = runs.first?.strategy ?? ""
    total.trace = trace
    total.seed = runs.first?.seed ?? 0
    var weightedArea = 0.0
    for run in runs {
      for column in columns { column.combine?(&total, run) }
      weightedArea += run.blankAreaMean * run.sessionSeconds
      total.timeToContent += run.timeToContent
      total.events += run.events
    }
    total.blankAreaMean = total.sessionSeconds > 0 ? weightedArea / total.sessionSeconds : 0
    return total
  }

  /// One reported metric: its stable key, its value in a run, and how several runs' values
  /// combine into their total (nil: derived or combined apart, as the percentiles).
  struct Column: @unchecked Sendable {
    var key: String
    var read: (RunMetrics) -> JSONValue
    var combine: ((inout RunMetrics, RunMetrics) -> Void)?
    /// Which way is better; nil for what only describes the run.
    var better: Better? = .lower

    /// The same column, neither better high nor low.
    var describing: Column {
      var column = self
      column.better = nil
      return column
    }

    /// The same column, better high.
    var higherIsBetter: Column {
      var column = self
      column.better = .higher
      return column
    }

    /// A count, summed over runs.
    static func count(_ key: String, _ path: WritableKeyPath<RunMetrics, Int>) -> Column {
      Column(key: key, read: { .int($0[keyPath: path]) }, combine: { $0[keyPath: path] += $1[keyPath: path] })
    }

    /// An amount printed to nine decimals (nanosecond resolution, without float noise such as
    /// 0.30000000000000004), summed over runs or their maximum.
    static func amount(_ key: String, _ path: WritableKeyPath<RunMetrics, Double>, maximum: Bool = false) -> Column {
      Column(
        key: key, read: { clean($0[keyPath: path]) },
        combine: maximum
          ? { $0[keyPath: path] = max($0[keyPath: path], $1[keyPath: path]) }
          : { $0[keyPath: path] += $1[keyPath: path] })
    }

    static func derived(_ key: String, _ read: @escaping (RunMetrics) -> JSONValue) -> Column {
      Column(key: key, read: read, combine: nil)
    }

    init(
      key: String, read: @escaping (RunMetrics) -> JSONValue, combine: ((inout RunMetrics, RunMetrics) -> Void)?
    ) {
      self.key = key
      self.read = read
      self.combine = combine
    }

    /// Rounded to the nanosecond; a negative zero left by the rounding is zero.
    static func clean(_ value: Double) -> JSONValue { .number((value * 1e9).rounded() / 1e9 + 0) }
    static func clean(_ value: Double?) -> JSONValue { value.map(clean) ?? .null }
  }

  /// Every reported metric, in report order: the one list of keys (docs/metrics.md).
  static let columns: [Column] = [
    .derived("strategy") { .string($0.strategy) }.describing,
    .derived("trace") { .string($0.trace) }.describing,
    .derived("seed") { .unsigned($0.seed) }.describing,
    .amount("waitSeconds", \.waitSeconds),
    Column(
      key: "waitOverLimit", read: { Column.clean($0.waitOverLimit) },
      combine: { total, run in
        total.waitOverLimit = total.waitOverLimit.flatMap { a in run.waitOverLimit.map { a + $0 } }
      }),
    .amount("sessionSeconds", \.sessionSeconds).describing,
    .amount("blankCellSeconds", \.blankCellSeconds),
    .derived("blankAreaMean") { Column.clean($0.blankAreaMean) },  // weighted by session time
    .amount("blankAreaMax", \.blankAreaMax, maximum: true),
    .count("cellsAppeared", \.cellsAppeared).describing,
    .count("cellsAppearedBlank", \.cellsAppearedBlank),
    .count("cellsNeverFilled", \.cellsNeverFilled),
    .derived("ttcCount") { .int($0.timeToContent.count) }.describing,
    .derived("ttcP50") { Column.clean($0.ttcP50) },
    .derived("ttcP95") { Column.clean($0.ttcP95) },
    .derived("ttcMax") { Column.clean($0.ttcMax) },
    .count("stallCount", \.stallCount),
    .amount("stallSeconds", \.stallSeconds),
    .amount("stallMaxSeconds", \.stallMaxSeconds, maximum: true),
    .count("stallsAbandoned", \.stallsAbandoned),
    .count("pageRequests", \.pageRequests).describing,
    .count("contentRequests", \.contentRequests).describing,
    .count("cancelledRequests", \.cancelledRequests),
    .count("duplicateRequests", \.duplicateRequests),
    .count("refetchRequests", \.refetchRequests),
    .count("wastedContentRequests", \.wastedContentRequests),
    .count("wastedPageRequests", \.wastedPageRequests),
    .count("inFlightAtEnd", \.inFlightAtEnd),
    Column(key: "bytes", read: { .number($0.bytes.rounded()) }, combine: { $0.bytes += $1.bytes }),
    .count("frames", \.frames).describing,
    .count("failedRequests", \.failedRequests),
    .count("retries", \.retries),
    .count("timeouts", \.timeouts),
    .count("cacheHits", \.cacheHits).higherIsBetter,
  ]
}

/// Percentiles by the nearest-rank method: the smallest sample with at least p of the samples
/// at or below it (no interpolation, so every reported value was observed).
public enum Percentile {
  public static func nearestRank(_ samples: [Double], _ p: Double) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let rank = max(1, Int((p * Double(sorted.count)).rounded(.up)))
    return sorted[min(rank, sorted.count) - 1]
  }

  /// The middle sample, or the mean of the two middle ones for an even count; nil if none.
  public static func median(_ samples: [Double]) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
