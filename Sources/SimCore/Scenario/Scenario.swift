/// The app side of a simulation: the list, the feed behind it, the network and the cost of a
/// cell. Every default is documented with its reason in `docs/scenario.md`.
public struct Scenario: Equatable, Sendable {
  public var list: ListSpec
  public var feed: FeedSpec
  public var network: NetworkSpec
  public var cell: CellSpec
  public var stall: StallSpec

  public init(
    list: ListSpec = ListSpec(), feed: FeedSpec = FeedSpec(), network: NetworkSpec = NetworkSpec(),
    cell: CellSpec = CellSpec(), stall: StallSpec = StallSpec()
  ) {
    self.list = list
    self.feed = feed
    self.network = network
    self.cell = cell
    self.stall = stall
  }

  /// The embedded default: an image feed in one column (see `docs/scenario.md`).
  public static let `default` = Scenario()
}

/// How tall the list's items are.
public enum ItemHeights: Equatable, Sendable {
  /// Every item the same height (pt).
  case uniform(Double)
  /// Heights in order; a feed longer than the list repeats it from the start.
  case explicit([Double])
  /// Each item's height drawn from a distribution with the run's seed (same item, same height).
  case distribution(Distribution)
}

public struct ListSpec: Equatable, Sendable {
  /// Default: 120–480 pt uniform, a feed mixing text posts and photo posts.
  public var heights: ItemHeights
  /// 1 = a table; N > 1 = seed 002's waterfall collection view (each item goes into the
  /// shortest column).
  public var columns: Int

  public init(heights: ItemHeights = .distribution(.uniform(min: 120, max: 480)), columns: Int = 1) {
    self.heights = heights
    self.columns = columns
  }
}

public enum FeedKind: String, Equatable, Sendable, CaseIterable {
  /// Pages append at the end; the content grows; reaching the end while more exists stalls.
  case append
  /// Total count known up front: every row exists with its height, data is fetched by page
  /// (item range) in any order — what lazy loading needs from a server.
  case placeholder
}

public struct FeedSpec: Equatable, Sendable {
  public var kind: FeedKind
  /// Items per page. Default 20: seed 002's feed.
  public var pageSize: Int
  /// Items loaded before the trace starts (a multiple of `pageSize`). Default one page.
  public var initialItems: Int
  /// Total items the server has; nil = unbounded (a social feed). Required for placeholder.
  public var totalItems: Int?

  public init(kind: FeedKind = .append, pageSize: Int = 20, initialItems: Int = 20, totalItems: Int? = nil) {
    self.kind = kind
    self.pageSize = pageSize
    self.initialItems = initialItems
    self.totalItems = totalItems
  }
}

/// One kind of request's server: its latency, its connection limit and its payload size.
public struct EndpointSpec: Equatable, Sendable {
  public var latency: Distribution
  public var maxInFlight: Int
  public var bytes: Double

  public init(latency: Distribution, maxInFlight: Int, bytes: Double) {
    self.latency = latency
    self.maxInFlight = maxInFlight
    self.bytes = bytes
  }
}

/// Pages come from an API host and images from a CDN host: separate latency and connection
/// limits, as in most apps.
public struct NetworkSpec: Equatable, Sendable {
  /// Default: lognormal median 300 ms, p95 1 s; 2 connections; 30 KB of JSON.
  public var page = EndpointSpec(latency: .lognormal(median: 0.3, p95: 1.0), maxInFlight: 2, bytes: 30_000)
  /// Default: lognormal median 150 ms, p95 600 ms; 6 connections (HTTP/1.1 per host); 120 KB.
  public var content = EndpointSpec(
    latency: .lognormal(median: 0.15, p95: 0.6), maxInFlight: 6, bytes: 120_000)

  public init() {}
}

/// What it costs to show one cell once its data and content are there.
public struct CellSpec: Equatable, Sendable {
  /// Whether cells need a per-item content fetch (an image). Default true.
  public var hasContent: Bool
  /// CPU time to decode and draw a cell (s). Default uniform 4–12 ms: a mid-range phone
  /// decoding a feed image (seed 004: rendering alone causes blanks on slow devices).
  public var renderTime: Distribution
  /// Background workers that render cells. Default 2.
  public var renderWorkers: Int

  public init(
    hasContent: Bool = true, renderTime: Distribution = .uniform(min: 0.004, max: 0.012), renderWorkers: Int = 2
  ) {
    self.hasContent = hasContent
    self.renderTime = renderTime
    self.renderWorkers = renderWorkers
  }
}

public enum StallPolicy: String, Equatable, Sendable, CaseIterable {
  /// The user waits at the spinner: the rest of the input is delayed until the page lands,
  /// so every strategy replays the same gestures.
  case wait
  /// The input goes on at its recorded times; the list stays clamped at the end meanwhile.
  case `continue`
}

public struct StallSpec: Equatable, Sendable {
  public var policy: StallPolicy
  /// A stall with no page ever arriving ends after this many seconds (the user gives up
  /// waiting and the input resumes). Default 30 s.
  public var giveUpAfter: Double

  public init(policy: StallPolicy = .wait, giveUpAfter: Double = 30) {
    self.policy = policy
    self.giveUpAfter = giveUpAfter
  }
}
