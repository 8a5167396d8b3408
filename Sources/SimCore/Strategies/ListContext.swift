/// What a strategy sees of the list and may ask of it: the same facts and levers an iOS list's
/// delegate has (offset, content size, rows, frames) plus the app's loaders (page, content,
/// render). Strategies know the list, not the engine's queue.
///
/// Positions are in points along the scroll axis; `item` is a row index; a `page` is
/// `pageSize` consecutive items starting at `page * pageSize`.
public protocol ListContext: AnyObject {
  /// Seconds since the session started.
  var time: Double { get }
  var viewportHeight: Double { get }
  /// The trace's device pixel ratio (px per pt): a platform's `devicePixelRatio`.
  var density: Double { get }
  var contentOffset: Double { get }
  /// Length of the content that exists now (grows as pages append).
  var contentLength: Double { get }
  /// The finger is on the screen.
  var isTracking: Bool { get }
  /// The finger is moving the content (after will-begin-dragging, before will-end-dragging).
  var isDragging: Bool { get }
  /// Momentum is moving the content.
  var isDecelerating: Bool { get }
  /// `targetContentOffset` of the current deceleration, if any.
  var targetContentOffset: Double? { get }
  /// Seconds between frames (1 / the display's refresh rate).
  var frameInterval: Double { get }
  /// Seconds left before the next frame's deadline once the main thread's work so far is done
  /// (0 when it is already late): the idle time a strategy may fill (`frameDidFinish`).
  var frameTimeRemaining: Double { get }
  /// The running average of row bind times so far (s; 0 before the first), kept as
  /// RecyclerView's `RecycledViewPool` keeps `mBindRunningAverageNs`: the first sample, then
  /// 3/4 of the old average plus 1/4 of the new sample.
  var averageBindTime: Double { get }
  /// The link's latency in seconds (what a browser's network quality estimate reads as HTTP
  /// RTT, and DevTools' throttling sets): how a web strategy tells the connection type.
  var networkLatency: Double { get }
  /// The run's seed: a strategy that draws random numbers draws them from it (or a stream
  /// derived from it), so a run stays a pure function of its inputs.
  var seed: UInt64 { get }

  var feedKind: FeedKind { get }
  var pageSize: Int { get }
  /// Rows that exist in the list (append: loaded rows; placeholder: all rows).
  var itemCount: Int { get }
  /// Append feed: whether the server has more pages after the loaded ones.
  var hasMoreData: Bool { get }
  /// Append feed: the first page not loaded yet (the "next page").
  var nextPageIndex: Int { get }
  /// Number of page requests queued or in flight.
  var pageRequestsOutstanding: Int { get }

  /// Visible rows (at least a sliver on screen), in index order.
  var visibleItems: [Int] { get }
  /// Rows intersecting [lower, upper) in content coordinates, in index order.
  /// Items side by side in one row of a fixed grid (`list.layout: "grid"`): its columns; 1 for a
  /// list or a waterfall, whose items stack one by one. A platform that counts grid rows counts
  /// in these (GridLayoutManager prefetches a row, FlatList's `numColumns` renders rows).
  var rowItems: Int { get }
  func items(from lower: Double, to upper: Double) -> [Int]
  /// The same through a `ListBand` the strategy keeps: while the band only slides a little, no
  /// work and no allocation; `band.version` says whether the rows changed.
  func items(in band: inout ListBand, from lower: Double, to upper: Double) -> [Int]
  func frame(of item: Int) -> ListLayout.Frame

  func page(of item: Int) -> Int
  func isPageLoaded(_ page: Int) -> Bool
  func isPageRequested(_ page: Int) -> Bool
  func hasData(_ item: Int) -> Bool
  /// The row's cell holds its content (its image).
  func hasContent(_ item: Int) -> Bool
  /// The image is in the memory cache: asking for it costs no request.
  func isCached(_ item: Int) -> Bool
  func isContentRequested(_ item: Int) -> Bool
  /// The row is built: its rendering is done (drawn on screen, or ready to draw when it comes).
  func isRendered(_ item: Int) -> Bool

  /// Requests page `page` (a duplicate request is sent too, and counted as one).
  func requestPage(_ page: Int)
  /// Gives the row its content: from the cache when it is there, else by a request queued at
  /// the row's priority (visible, display, preload). A request while one is outstanding is sent
  /// too, and counted as a duplicate. On a placeholder feed a row without data defers the
  /// request until its page lands (the image URL comes with the data).
  func requestContent(_ item: Int)
  /// Gives the row its content only if the cache has it; returns whether it did.
  @discardableResult func loadFromCache(_ item: Int) -> Bool
  /// Cancels item's queued or in-flight content requests.
  func cancelContent(_ item: Int)
  /// Drops item's content from memory (and its rendering); a load in flight goes on into the
  /// caches, and the row no longer takes it (cancel it with `cancelContent`).
  func clearContent(_ item: Int)
  /// Prepares item ahead of display: binds it now (on a list that binds on the main thread, at
  /// a bind's cost to the main thread) and renders it as soon as its data and content are there.
  func prepareRender(_ item: Int)
  /// Drops item's rendering (and cancels a queued one).
  func discardRender(_ item: Int)
  /// Calls the strategy's `timerDidFire` once, `seconds` from now (at least 0; a wake-up due
  /// after the session ends never comes). For rules that wait on a clock, not on a frame:
  /// FlatList's 50 ms batches, FlashList's 100 ms momentum end.
  func wakeUp(after seconds: Double)
}

extension ListContext {
  /// A list of one item per row, unless the list says otherwise.
  public var rowItems: Int { 1 }

  /// Rows of a rect of one viewport height whose top is `offset` (e.g. the target rect).
  public func items(inViewportAt offset: Double) -> [Int] {
    items(from: offset, to: offset + viewportHeight)
  }

  /// Whether `item` still needs a content request (none held, none outstanding).
  public func needsContent(_ item: Int) -> Bool {
    !hasContent(item) && !isContentRequested(item)
  }

  /// A wake-up just after the next display frame: where a browser's intersection update runs
  /// (after the frame's scrolling), for a rule that must look at what changed between frames
  /// (rows appended) the way an IntersectionObserver does.
  /// Events at a frame's instant run before that frame, so at a frame boundary the next frame
  /// is the one at this instant. Returns when it is due (s), for a strategy that must tell its
  /// own wake-up from others'.
  @discardableResult public func wakeUpAfterNextFrame() -> Double {
    let next = (time / frameInterval - 1e-9).rounded(.up) * frameInterval
    let delay = max(0, next - time) + 1e-6
    wakeUp(after: delay)
    return time + delay
  }

  /// Requests the data (placeholder feed) and content each row in `items` is missing.
  public func load(_ items: [Int], content: Bool = true) {
    for item in items { load(item, content: content) }
  }

  /// Requests the data (placeholder feed) and content `item` is missing.
  public func load(_ item: Int, content: Bool = true) {
    let page = page(of: item)
    if !isPageLoaded(page) && !isPageRequested(page) { requestPage(page) }
    if content && needsContent(item) { requestContent(item) }
  }
}
