/// A prefetch strategy: it reacts to the callbacks an iOS list's delegate receives and asks the
/// list to load pages, content and renders. One file per strategy; the built-ins are listed in
/// `StrategyCatalog.builtIn`, and a library user's own strategy runs beside them through
/// `StrategyChoice(MyStrategy.self)` or a catalog of its own (`StrategyCatalog.adding`).
///
/// Every callback has an empty default, so a strategy implements only what it uses. One
/// instance serves one run (a fresh one per run, so runs can go in parallel).
public protocol PrefetchStrategy: ListCallbacks {
  /// Name, aliases, origin, parameters, platform and role (shown by `scrollsim strategies`).
  static var info: StrategyInfo { get }
  /// Builds the strategy from parameters already checked against `info.parameters` (read them
  /// with `parameters.number("name")`, `.string`, `.flag`).
  init(parameters: StrategyParameters)
  /// The callbacks it implements, in `StrategyCallback` order: what a port's handshake lists as
  /// its `events` (`scrollsim strategies NAME --format json`). The default, every callback, is
  /// right for any strategy; a built-in names exactly its own (`StrategyCallbacksTests` reads
  /// them from its source).
  static var callbacks: [StrategyCallback] { get }
}

extension PrefetchStrategy {
  public static var callbacks: [StrategyCallback] { StrategyCallback.allCases }
  /// A strategy lays rows out as its platform does: Android's views on whole pixels
  /// (`PixelGrid`), every other platform's in points.
  public var layoutUnits: LayoutUnits { Self.info.platform == .android ? .wholePixels : .points }
}

/// A callback of `ListCallbacks`, by the name the protocol's events carry (`docs/protocol.md`).
public enum StrategyCallback: String, CaseIterable, Sendable {
  case listDidLoad, didScroll, willBeginDragging, willEndDragging, didEndDragging, didEndDecelerating
  case willDisplay, didEndDisplaying, requestDidComplete, requestDidFail, timerDidFire, frameDidFinish
}

/// The callbacks the engine makes during a run: what a strategy implements, and what a pair of
/// strategies (`PairedStrategy`) passes on to its halves.
public protocol ListCallbacks: AnyObject {
  /// Whether cells live on off screen with their image and rendering (Texture's nodes); otherwise
  /// a cell that stops displaying is reused for another row (UIKit): its rendering is dropped
  /// and its image stays only in the cache.
  var keepsOffscreenCells: Bool { get }
  /// Whether the list is a web page whose images take their priority from layouts: a request
  /// starts at the preloading priority, and only a layout (the first frame after rows are
  /// appended or an image arrives) moves the requests of the rows on screen then ahead, where
  /// they stay. Blink recomputes each loading image's priority from its visibility in
  /// `ResourceFetcher::UpdateAllImageResourcePriorities`, which `LocalFrameView::PerformLayout`
  /// calls; scrolling alone lays nothing out. Otherwise a request is promoted the moment its
  /// row comes on screen (an app's image loader).
  var prioritiesFromLayouts: Bool { get }
  /// Where the list's image requests wait for a connection: the network's priority queue
  /// (the default), or an image loader's own pool (Glide's source executor).
  var contentQueue: ContentQueue { get }
  /// Where the platform binds rows and decodes images (`RowThreading`): what a row's work costs
  /// the main thread's frames. Default: binds on the main thread, decodes in the background.
  var threading: RowThreading { get }
  /// What the platform lays rows out in (`LayoutUnits`): points, or whole pixels (Android).
  /// Default: points.
  var layoutUnits: LayoutUnits { get }
  /// When requests for given pages and rows will arrive, if the strategy decides that before
  /// the run (`ArrivalPlan`: they skip the host's queue and the link). Read once, before
  /// `listDidLoad`. Default nil: every request travels the simulated network.
  var arrivalPlan: ArrivalPlan? { get }
  /// What the platform's list and image library hold in memory (`MemoryPolicy`): the memory
  /// cache's budget, the decode size, pooled views. Default: UIKit with SDWebImage.
  var memoryPolicy: MemoryPolicy { get }
  /// The memory policy on a phone of `platform` (a session's device profile implies it; nil:
  /// none named): a cross-platform stack's image library differs by platform (React Native's
  /// Fresco on Android, `RCTImageCache` on iOS). Default: `memoryPolicy` whatever the platform.
  func memoryPolicy(on platform: DevicePlatform?) -> MemoryPolicy
  /// Why the strategy could not go on, if it could not (a helper process that crashed or
  /// stopped answering): the run is simulated to its end without it and then fails with this.
  var failure: SimError? { get }

  /// The list has appeared with its initial rows (before the first frame).
  func listDidLoad(_ list: any ListContext)
  /// `scrollViewDidScroll`: once per drawn frame in which the offset changed.
  func didScroll(_ list: any ListContext)
  func willBeginDragging(_ list: any ListContext)
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`; velocity in pt/s.
  func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double)
  func didEndDragging(_ list: any ListContext, willDecelerate: Bool)
  func didEndDecelerating(_ list: any ListContext)
  func willDisplay(_ list: any ListContext, item: Int)
  func didEndDisplaying(_ list: any ListContext, item: Int)
  /// A request finished; for a page on an append feed, its rows have been inserted.
  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int)
  /// A request failed for good (after the scenario's retries); nothing arrives for it.
  func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int)
  /// A wake-up asked for with `ListContext.wakeUp(after:)` is due (a JavaScript `setTimeout`,
  /// an Android `postDelayed`). The strategy keeps its own deadlines: in a pair both halves
  /// hear every wake-up.
  func timerDidFire(_ list: any ListContext)
  /// A frame's main-thread work is done; the thread is idle until the next frame's deadline,
  /// `ListContext.frameTimeRemaining` from now. Work asked for here runs in that gap (where
  /// RecyclerView's GapWorker binds ahead) and delays the next frame if it does not fit.
  func frameDidFinish(_ list: any ListContext)
}

extension ListCallbacks {
  public var keepsOffscreenCells: Bool { false }
  public var prioritiesFromLayouts: Bool { false }
  public var contentQueue: ContentQueue { .network }
  public var threading: RowThreading { .platformDefault }
  public var layoutUnits: LayoutUnits { .points }
  public var arrivalPlan: ArrivalPlan? { nil }
  public var memoryPolicy: MemoryPolicy { .sdWebImage }
  public func memoryPolicy(on platform: DevicePlatform?) -> MemoryPolicy { memoryPolicy }
  public var failure: SimError? { nil }
  public func listDidLoad(_ list: any ListContext) {}
  public func didScroll(_ list: any ListContext) {}
  public func willBeginDragging(_ list: any ListContext) {}
  public func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {}
  public func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {}
  public func didEndDecelerating(_ list: any ListContext) {}
  public func willDisplay(_ list: any ListContext, item: Int) {}
  public func didEndDisplaying(_ list: any ListContext, item: Int) {}
  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {}
  public func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {}
  public func timerDidFire(_ list: any ListContext) {}
  public func frameDidFinish(_ list: any ListContext) {}
}

extension ListCallbacks {
  /// How many readers of `ListChanges` this strategy holds (those of its parts that mirror the
  /// list); 0: the engine keeps none.
  var listChangeReaders: Int {
    if let pair = self as? PairedStrategy { return pair.halvesListChangeReaders }
    return self is any ListChangeObserver ? 1 : 0
  }
}
