/// The app side of a simulation: the list, the feed behind it, the network and the cost of a
/// cell. Every default is documented with its reason in `docs/scenario.md`.
public struct Scenario: Equatable, Sendable {
  package var list: ListSpec
  package var feed: FeedSpec
  package var network: NetworkSpec
  package var cell: CellSpec
  package var cache: CacheSpec
  package var display: DisplaySpec
  package var touch: TouchSpec
  package var mainThread: MainThreadSpec
  package var stall: StallSpec
  package var memory: MemorySpec
  package var image: ImageSpec
  /// How each session's own device and network are laid over this scenario (`forSession`).
  package var sessions = SessionLayering()

  package init(
    list: ListSpec = ListSpec(), feed: FeedSpec = FeedSpec(), network: NetworkSpec = NetworkSpec(),
    cell: CellSpec = CellSpec(), cache: CacheSpec = CacheSpec(), display: DisplaySpec = DisplaySpec(),
    touch: TouchSpec = TouchSpec(),
    mainThread: MainThreadSpec = MainThreadSpec(), stall: StallSpec = StallSpec(), memory: MemorySpec = MemorySpec(),
    image: ImageSpec = ImageSpec()
  ) {
    self.list = list
    self.feed = feed
    self.network = network
    self.cell = cell
    self.cache = cache
    self.display = display
    self.touch = touch
    self.mainThread = mainThread
    self.stall = stall
    self.memory = memory
    self.image = image
  }

  /// The embedded default: an image feed in one column (see `docs/scenario.md`).
  public static let `default` = Scenario()
}

/// How tall the list's items are.
package enum ItemHeights: Equatable, Sendable {
  /// Every item the same height (pt).
  case uniform(Double)
  /// Heights in order; a feed longer than the list repeats it from the start.
  case explicit([Double])
  /// Each item's height drawn from a distribution with the run's seed (same item, same height).
  case distribution(Distribution)
}

package struct ListSpec: Equatable, Sendable {
  /// Default: 120–480 pt uniform, a feed mixing text posts and photo posts.
  package var heights: ItemHeights
  /// 1 = a table; N > 1 = columns side by side, placed as `arrangement` says.
  package var columns: Int
  /// How items are placed (`ListGeometry.swift`): default a list for one column, seed 002's
  /// waterfall for more.
  package var arrangement: ListArrangement
  /// Points between rows (a waterfall: between items of a column) and between columns.
  package var rowGap: Double = 0
  package var columnGap: Double = 0
  package var padding: ContentPadding = .zero
  /// The items' width (pt); nil: what the columns leave of the viewport.
  package var itemWidth: Double?
  /// The image's box in an item; nil: the image fills the item.
  package var imageBox: ImageBox?

  package init(
    heights: ItemHeights = .distribution(.uniform(min: 120, max: 480)), columns: Int = 1,
    arrangement: ListArrangement? = nil
  ) {
    self.heights = heights
    self.columns = columns
    self.arrangement = arrangement ?? (columns > 1 ? .waterfall : .list)
  }
}

/// How a feed's rows arrive: appended page by page, or all known up front with their data fetched
/// by page (`FeedSpec.kind`, `feed.kind` in a scenario file).
public enum FeedKind: String, Equatable, Sendable, CaseIterable {
  /// Pages append at the end; the content grows; reaching the end while more exists stalls.
  case append
  /// Total count known up front: every row exists with its height, data is fetched by page
  /// (item range) in any order — what lazy loading needs from a server.
  case placeholder
}

package struct FeedSpec: Equatable, Sendable {
  package var kind: FeedKind
  /// Items per page. Default 20: seed 002's feed.
  package var pageSize: Int
  /// Items loaded before the trace starts (a multiple of `pageSize`). Default one page.
  package var initialItems: Int
  /// Total items the server has; nil = unbounded (a social feed). Required for placeholder.
  package var totalItems: Int?

  package init(kind: FeedKind = .append, pageSize: Int = 20, initialItems: Int = 20, totalItems: Int? = nil) {
    self.kind = kind
    self.pageSize = pageSize
    self.initialItems = initialItems
    self.totalItems = totalItems
  }
}

/// What it costs to show one cell once its data and content are there.
package struct CellSpec: Equatable, Sendable {
  /// Whether cells need a per-item content fetch (an image). Default true.
  package var hasContent: Bool
  /// CPU time to decode and draw a cell's image (s), on the main thread or a background worker
  /// as the platform decodes (`RowThreading`); on a list that binds asynchronously (Texture),
  /// the whole cell's display. Default uniform 4–12 ms: a mid-range phone decoding a feed image
  /// (seed 004: rendering alone causes blanks on slow devices).
  package var renderTime: Distribution
  /// Background workers that decode and render cells. Default 2.
  package var renderWorkers: Int

  package init(
    hasContent: Bool = true, renderTime: Distribution = .uniform(min: 0.004, max: 0.012), renderWorkers: Int = 2
  ) {
    self.hasContent = hasContent
    self.renderTime = renderTime
    self.renderWorkers = renderWorkers
  }
}

/// The image caches (`docs/memory.md`): the memory tier holds decoded images (a hit needs no
/// request and no decode), the disk tier encoded ones (a hit needs a read and a decode), each
/// least recently used out first; a run starts with the disk empty (cold) or holding what a
/// returning user saw (warm).
package struct CacheSpec: Equatable, Sendable {
  /// The memory tier's budget in decoded bytes; nil: the strategy's image library's default
  /// (`MemoryPolicy.memoryCache`); 0: none.
  package var memory: Double?
  /// The disk tier's budget in encoded bytes; nil: the library's (`MemoryPolicy.diskCache`); 0:
  /// none.
  package var disk: Double?
  /// A disk hit's read, before its decode. Default uniform 2–10 ms: ASSUMPTION (no published
  /// phone figure; `docs/memory.md` says how to measure yours).
  package var diskReadTime: Distribution
  package var start: CacheStart
  /// Warm: the disk holds the images of rows 0 ..< `warmRows` (the first ten pages by default:
  /// ASSUMPTION, a returning user's earlier visit), as far as its budget allows.
  package var warmRows: Int

  package init(
    memory: Double? = nil, disk: Double? = nil, diskReadTime: Distribution = .uniform(min: 0.002, max: 0.010),
    start: CacheStart = .cold, warmRows: Int = 200
  ) {
    self.memory = memory
    self.disk = disk
    self.diskReadTime = diskReadTime
    self.start = start
    self.warmRows = warmRows
  }
}

/// How a run's caches start: empty (a first install), or the disk holding what the user saw on
/// an earlier visit (most feed sessions).
package enum CacheStart: String, Equatable, Sendable, CaseIterable {
  case cold
  case warm
}

/// The display, where the scenario overrides the trace's device.
package struct DisplaySpec: Equatable, Sendable {
  /// Frames per second instead of the trace's `refreshRate`; nil = the trace's.
  package var refreshRate: Int?

  package init(refreshRate: Int? = nil) { self.refreshRate = refreshRate }
}

/// How the device reads the finger, where no platform source gives the number: each field is
/// an assumption a team can measure and set (docs/physics.md).
package struct TouchSpec: Equatable, Sendable {
  /// The fastest release the iOS presets fling (pt/s): `IOSPhysics.maxFlingVelocity`, 8000,
  /// assumed (UIKit publishes no cap).
  package var iosMaxFlingVelocity: Double

  package init(iosMaxFlingVelocity: Double = IOSPhysics.maxFlingVelocity) {
    self.iosMaxFlingVelocity = iosMaxFlingVelocity
  }
}

package enum StallPolicy: String, Equatable, Sendable, CaseIterable {
  /// The user waits at the spinner: the rest of the input is delayed until the page lands,
  /// so every strategy replays the same gestures.
  case wait
  /// The input goes on at its recorded times; the list stays clamped at the end meanwhile.
  case `continue`
}

package struct StallSpec: Equatable, Sendable {
  package var policy: StallPolicy
  /// A stall with no page ever arriving ends after this many seconds (the user gives up
  /// waiting and the input resumes). Default 30 s.
  package var giveUpAfter: Double

  package init(policy: StallPolicy = .wait, giveUpAfter: Double = 30) {
    self.policy = policy
    self.giveUpAfter = giveUpAfter
  }
}
