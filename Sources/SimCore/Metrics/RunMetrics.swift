/// What one run measured. Every field is defined in `docs/metrics.md`; `keys` are the stable
/// names used by the JSON and CSV reports.
public struct RunMetrics: Equatable, Sendable {
  public var strategy = ""
  public var trace = ""
  public var seed: UInt64 = 0

  /// Seconds from the start until the input is over, the list rests and no visible cell is
  /// blank (or 5 s of draining have passed).
  public var sessionSeconds = 0.0
  /// Σ over displayed frames of (blank visible cells × frame duration), cell·seconds.
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
  public static let keys = [
    "strategy", "trace", "seed", "sessionSeconds", "blankCellSeconds", "blankAreaMean", "blankAreaMax",
    "cellsAppeared", "cellsAppearedBlank", "cellsNeverFilled", "ttcCount", "ttcP50", "ttcP95", "ttcMax",
    "stallCount", "stallSeconds", "stallMaxSeconds", "pageRequests", "contentRequests", "cancelledRequests",
    "duplicateRequests", "refetchRequests", "wastedContentRequests", "wastedPageRequests", "inFlightAtEnd",
    "bytes", "frames", "failedRequests", "retries", "timeouts", "cacheHits",
  ]

  /// The metrics as (key, value) in `keys` order; nil values are absent percentiles.
  public var fields: [(String, JSONValue)] {
    // Nine decimals: nanosecond resolution, without float noise such as 0.30000000000000004.
    func clean(_ value: Double) -> JSONValue { .number((value * 1e9).rounded() / 1e9) }
    func optional(_ value: Double?) -> JSONValue { value.map(clean) ?? .null }
    let values: [JSONValue] = [
      .string(strategy), .string(trace), .number(Double(seed)), clean(sessionSeconds), clean(blankCellSeconds),
      clean(blankAreaMean), clean(blankAreaMax), .int(cellsAppeared), .int(cellsAppearedBlank),
      .int(cellsNeverFilled), .int(timeToContent.count), optional(ttcP50), optional(ttcP95), optional(ttcMax),
      .int(stallCount), clean(stallSeconds), clean(stallMaxSeconds), .int(pageRequests), .int(contentRequests),
      .int(cancelledRequests), .int(duplicateRequests), .int(refetchRequests), .int(wastedContentRequests),
      .int(wastedPageRequests), .int(inFlightAtEnd), .number(bytes.rounded()), .int(frames), .int(failedRequests),
      .int(retries), .int(timeouts), .int(cacheHits),
    ]
    return Array(zip(Self.keys, values))
  }

  /// Several runs of one strategy (different traces) as one: sums, maxima, pooled
  /// time-to-content samples; blankAreaMean weighted by session time.
  public static func combined(_ runs: [RunMetrics], trace: String) -> RunMetrics {
    var total = RunMetrics()
    total.strategy = runs.first?.strategy ?? ""
    total.trace = trace
    total.seed = runs.first?.seed ?? 0
    var weightedArea = 0.0
    for run in runs {
      total.sessionSeconds += run.sessionSeconds
      total.blankCellSeconds += run.blankCellSeconds
      weightedArea += run.blankAreaMean * run.sessionSeconds
      total.blankAreaMax = max(total.blankAreaMax, run.blankAreaMax)
      total.cellsAppeared += run.cellsAppeared
      total.cellsAppearedBlank += run.cellsAppearedBlank
      total.cellsNeverFilled += run.cellsNeverFilled
      total.timeToContent += run.timeToContent
      total.stallCount += run.stallCount
      total.stallSeconds += run.stallSeconds
      total.stallMaxSeconds = max(total.stallMaxSeconds, run.stallMaxSeconds)
      total.pageRequests += run.pageRequests
      total.contentRequests += run.contentRequests
      total.cancelledRequests += run.cancelledRequests
      total.duplicateRequests += run.duplicateRequests
      total.refetchRequests += run.refetchRequests
      total.wastedContentRequests += run.wastedContentRequests
      total.wastedPageRequests += run.wastedPageRequests
      total.inFlightAtEnd += run.inFlightAtEnd
      total.bytes += run.bytes
      total.frames += run.frames
      total.failedRequests += run.failedRequests
      total.retries += run.retries
      total.timeouts += run.timeouts
      total.cacheHits += run.cacheHits
      total.events += run.events
    }
    total.blankAreaMean = total.sessionSeconds > 0 ? weightedArea / total.sessionSeconds : 0
    return total
  }
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
}
