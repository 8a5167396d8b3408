/// What one run measured. Every field is defined in `docs/metrics.md`; `keys` are the stable
/// names used by the JSON and CSV reports.
public struct RunMetrics: Equatable, Sendable {
  public var strategy = ""
  public var trace = ""
  public var seed: UInt64 = 0
  /// Whether the run is the clairvoyant limit's, and with which plan (`LimitRole`); nil: a
  /// contender. Reports rank contenders only and measure them against the `.reference` run.
  /// Set by `Simulation.run` from the strategy (`StrategyChoice.limitRole`); not a metric, so
  /// not in the JSON or CSV reports.
  package var limitRole: LimitRole?

  /// The headline: seconds the user waits. Each second from a stall's start until rows append
  /// counts whole — giving up does not stop it, as the rows the user wanted never came;
  /// otherwise each frame counts the blank fraction of the viewport (blank visible cells'
  /// on-screen area) × its duration. Seconds of a wholly blank screen, so loading less
  /// (stalling) can never look better.
  public var waitSeconds = 0.0
  /// The wait above the clairvoyant limit's on the same trace, scenario and seed (`oracle`):
  /// how much a better prefetcher could still win. Set by comparisons and sweeps; nil alone.
  public var waitOverLimit: Double?
  /// Main-thread hitch time (s): over the frames in which the list moved, the time frames were
  /// on screen later than due (Apple's hitch time; `MainThread`).
  public var hitchSeconds = 0.0
  /// Time the list moved (s): the vsync intervals the frames in which it moved were on screen,
  /// held ones included; the hitch time ratio's denominator.
  public var scrollingSeconds = 0.0
  /// Vsyncs at which no frame could begin while the list moved, the main thread busy through
  /// them (Choreographer's skipped frames, Chromium's `STATE_DROPPED`).
  public var droppedFrames = 0
  /// Frames in which the list moved that were presented later than due
  /// (Android's `FrameTimingMetric`: a positive `frameOverrunMs`).
  public var jankyFrames = 0
  /// Frames presented in which the list moved.
  public var movingFrames = 0
  /// The longest main-thread work of any frame (s).
  public var worstFrameSeconds = 0.0
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
  /// The longest a visible cell stayed blank in one episode (s), filled or not: the largest
  /// time-to-content, or the whole visible time of an episode never filled (`ttcMax` sees only
  /// cells that got their content, so a setting that never fills a cell would look better).
  public var blankMaxSeconds = 0.0
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
  /// Content responses that arrived after their row had been on screen and left it for good.
  public var responsesAfterLeaving = 0
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
  /// Images the image cache dropped to make room, least recently used first (`ImageCache`).
  public var cacheEvictions = 0
  /// Content read from the disk tier instead of the network, and images that tier dropped.
  public var diskHits = 0
  public var diskEvictions = 0
  /// The app's footprint at its highest, and over time (bytes; `docs/memory.md`).
  public var peakMemory = 0.0
  public var meanMemory = 0.0
  /// The decoded images held when the session ended (bytes): what a memory dump taken then shows
  /// of an image cache (`Validation/memory_check.py` reads Chromium's).
  public var decodedMemoryAtEnd = 0.0
  /// Seconds the footprint spent above the system's warning level.
  public var memoryPressureSeconds = 0.0
  /// 1 if the app was killed for its memory (summed over runs: the kills), and when.
  public var kills = 0
  public var killedAtSeconds: Double?
  /// The prefetch measures (`Simulation+Prefetch.swift`, `docs/metrics.md`): rows shown, and
  /// those whose data and content were there when first shown.
  public var rowsShown = 0
  public var rowsReadyWhenShown = 0
  /// Loads that went out for rows off screen (one per row until it is shown), those whose row
  /// then came on screen with the image there or on its way, and those still on their way.
  public var prefetches = 0
  public var usefulPrefetches = 0
  public var latePrefetches = 0
  /// Blank time of the episodes that waited on a late prefetch (s).
  public var lateBlankSeconds = 0.0
  /// Rows a prefetched image pushed out of the memory tier that were shown again before their
  /// image came back.
  public var prefetchPollution = 0
  /// Engine events processed (for the benchmark's ns/event).
  public var events = 0

  public init() {}

  /// Milliseconds of hitch per second of scrolling (Apple's hitch time ratio; 0 without
  /// scrolling).
  public var hitchTimeRatio: Double { scrollingSeconds > 0 ? hitchSeconds * 1000 / scrollingSeconds : 0 }
  /// The share of frames in which the list moved that overran their budget.
  public var jankyFrameShare: Double { movingFrames > 0 ? Double(jankyFrames) / Double(movingFrames) : 0 }

  /// The share of content lookups the memory tier served (memory hits over memory hits, disk
  /// hits and network requests for content).
  public var memoryHitRatio: Double {
    let lookups = cacheHits + diskHits + contentRequests
    return lookups > 0 ? Double(cacheHits) / Double(lookups) : 0
  }
  /// The share of the memory tier's misses the disk tier served.
  public var diskHitRatio: Double {
    let misses = diskHits + contentRequests
    return misses > 0 ? Double(diskHits) / Double(misses) : 0
  }

  /// When the app was killed for its memory (its session's end if the moment was not kept);
  /// nil if it lived.
  public var killedAt: Double? { kills > 0 ? killedAtSeconds ?? sessionSeconds : nil }

  /// Rows ready when first shown over rows shown (nil: none shown).
  public var prefetchCoverage: Double? { rowsShown > 0 ? Double(rowsReadyWhenShown) / Double(rowsShown) : nil }
  /// Useful prefetches over prefetches (nil: no prefetch).
  public var prefetchAccuracy: Double? { prefetches > 0 ? Double(usefulPrefetches) / Double(prefetches) : nil }
  /// Late prefetches over useful ones (nil: none useful).
  public var prefetchLateness: Double? {
    usefulPrefetches > 0 ? Double(latePrefetches) / Double(usefulPrefetches) : nil
  }

  public var ttcP50: Double? { Percentile.nearestRank(timeToContent, 0.50) }
  public var ttcP95: Double? { Percentile.nearestRank(timeToContent, 0.95) }
  public var ttcMax: Double? { timeToContent.max() }

  /// The stable report keys, in report order: the stored metrics of `Metric.all`.
  package static let keys = Metric.storedKeys

  /// The stored metrics as (key, value) in `keys` order; nil values are absent percentiles.
  package var fields: [(String, JSONValue)] { Metric.all.filter(\.isStored).map { ($0.key, $0.json(self)) } }

  /// Several runs of one strategy (different traces) as one: sums, maxima, pooled
  /// time-to-content samples; blankAreaMean weighted by session time.
  package static func combined(_ runs: [RunMetrics], trace: String) -> RunMetrics {
    var total = RunMetrics()
    total.waitOverLimit = runs.isEmpty ? nil : 0
    total.strategy = runs.first?.strategy ?? ""
    total.trace = trace
    total.seed = runs.first?.seed ?? 0
    total.limitRole = runs.first?.limitRole
    var weightedArea = 0.0
    var weightedMemory = 0.0
    for run in runs {
      for metric in Metric.all { metric.combine?(&total, run) }
      weightedArea += run.blankAreaMean * run.sessionSeconds
      weightedMemory += run.meanMemory * run.sessionSeconds
      total.timeToContent += run.timeToContent
      total.events += run.events
    }
    total.blankAreaMean = total.sessionSeconds > 0 ? weightedArea / total.sessionSeconds : 0
    total.meanMemory = total.sessionSeconds > 0 ? weightedMemory / total.sessionSeconds : 0
    return total
  }
}
