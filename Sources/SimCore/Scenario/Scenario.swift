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
