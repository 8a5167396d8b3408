/// A page rule and a content rule run as one strategy: `paging3+glide`, `sentinel+chromium-lazy`,
/// or a strategy with one role running alone beside its partner (`StrategyInfo.partner`).
///
/// Every callback goes to both halves, page half first. Each half sees the list through a
/// view that drops what is not its job: the page half cannot ask for content or renders, the
/// content half cannot ask for pages. So any two strategies combine, even two that decide
/// both (`threshold+smart-range` is threshold's pages with Texture's ranges). Cells outlive
/// the screen if the content half says so.
final class PairedStrategy: ListCallbacks {
  private let pages: any ListCallbacks
  private let content: any ListCallbacks
  /// The two views of the list, made at the first callback (one list per run), and which list
  /// they show: made again if another list calls, so that a view's uncounted reference is
  /// always to the list of the callback in progress.
  private var views: (pages: HalfListContext, content: HalfListContext)?
  private var viewsOf: ObjectIdentifier?

  init(pages: any ListCallbacks, content: any ListCallbacks) {
    self.pages = pages
    self.content = content
  }

  var keepsOffscreenCells: Bool { content.keepsOffscreenCells }
  var prioritiesFromLayouts: Bool { content.prioritiesFromLayouts }
  /// The content half's image loader queues the images.
  var contentQueue: ContentQueue { content.contentQueue }
  /// The content half shows the rows, so its platform says where their work runs.
  var threading: RowThreading { content.threading }
  /// The content half's views are laid out in its platform's units.
  var layoutUnits: LayoutUnits { content.layoutUnits }
  /// The content half's library holds the images.
  var memoryPolicy: MemoryPolicy { content.memoryPolicy }
  func memoryPolicy(on platform: DevicePlatform?) -> MemoryPolicy { content.memoryPolicy(on: platform) }
  /// Each half that mirrors the list reads every change for itself.
  var halvesListChangeReaders: Int { pages.listChangeReaders + content.listChangeReaders }
  /// The first half's failure (a helper process that stopped answering), if any.
  var failure: SimError? { pages.failure ?? content.failure }
  /// Each half plans the requests it makes: the page half's pages, the content half's rows.
  var arrivalPlan: ArrivalPlan? {
    let pagePlan = pages.arrivalPlan?.pages ?? [:]
    let contentPlan = content.arrivalPlan?.content ?? [:]
    return pagePlan.isEmpty && contentPlan.isEmpty ? nil : ArrivalPlan(pages: pagePlan, content: contentPlan)
  }

  private func both(_ list: any ListContext, _ call: (any ListCallbacks, any ListContext) -> Void) {
    let id = ObjectIdentifier(list)
    if viewsOf != id {
      views = (HalfListContext(list, role: .pages), HalfListContext(list, role: .content))
      viewsOf = id
    }
    call(pages, views!.pages)
    call(content, views!.content)
  }

  func listDidLoad(_ list: any ListContext) { both(list) { $0.listDidLoad($1) } }
  func didScroll(_ list: any ListContext) { both(list) { $0.didScroll($1) } }
  func willBeginDragging(_ list: any ListContext) { both(list) { $0.willBeginDragging($1) } }
  func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    both(list) { $0.willEndDragging($1, velocity: velocity, targetContentOffset: targetContentOffset) }
  }
  func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    both(list) { $0.didEndDragging($1, willDecelerate: willDecelerate) }
  }
  func didEndDecelerating(_ list: any ListContext) { both(list) { $0.didEndDecelerating($1) } }
  func willDisplay(_ list: any ListContext, item: Int) { both(list) { $0.willDisplay($1, item: item) } }
  func didEndDisplaying(_ list: any ListContext, item: Int) { both(list) { $0.didEndDisplaying($1, item: item) } }
  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    both(list) { $0.requestDidComplete($1, kind: kind, index: index) }
  }
  func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    both(list) { $0.requestDidFail($1, kind: kind, index: index) }
  }
  func timerDidFire(_ list: any ListContext) { both(list) { $0.timerDidFire($1) } }
  func frameDidFinish(_ list: any ListContext) { both(list) { $0.frameDidFinish($1) } }
}

/// The list as one half of a pair sees it: every fact, and only the requests of its role.
final class HalfListContext: ListContext {
  /// The engine owns the strategy that owns this view, so the view must not own the engine; and
  /// the view is read only inside the engine's callbacks, while the engine is alive, so it needs
  /// no counted reference either. Counted ones cost `tune` over half its CPU: a `weak` one gave
  /// the engine a side table, after which every retain and release of it (each read through an
  /// `unowned` one is both) took the runtime's slow atomic path (`perf`, docs/performance.md).
  private unowned(unsafe) let list: any ListContext
  private let role: StrategyRole
  /// The list's change lists and layout reach, for a half that mirrors the list (found once: a
  /// dynamic cast per decision cost a helper process a microsecond). The same object as `list`.
  fileprivate unowned(unsafe) let observable: (any ObservableList)?

  init(_ list: any ListContext, role: StrategyRole) {
    self.list = list
    self.role = role
    observable = list as? any ObservableList
  }

  var time: Double { list.time }
  var viewportHeight: Double { list.viewportHeight }
  var density: Double { list.density }
  var contentOffset: Double { list.contentOffset }
  var contentLength: Double { list.contentLength }
  var isTracking: Bool { list.isTracking }
  var isDragging: Bool { list.isDragging }
  var isDecelerating: Bool { list.isDecelerating }
  var targetContentOffset: Double? { list.targetContentOffset }
  var frameInterval: Double { list.frameInterval }
  var frameTimeRemaining: Double { list.frameTimeRemaining }
  var averageBindTime: Double { list.averageBindTime }
  var networkLatency: Double { list.networkLatency }
  var seed: UInt64 { list.seed }
  var feedKind: FeedKind { list.feedKind }
  var pageSize: Int { list.pageSize }
  var itemCount: Int { list.itemCount }
  var hasMoreData: Bool { list.hasMoreData }
  var nextPageIndex: Int { list.nextPageIndex }
  var pageRequestsOutstanding: Int { list.pageRequestsOutstanding }
  var visibleItems: [Int] { list.visibleItems }
  var rowItems: Int { list.rowItems }
  func items(from lower: Double, to upper: Double) -> [Int] { list.items(from: lower, to: upper) }
  func items(in band: inout ListBand, from lower: Double, to upper: Double) -> [Int] {
    list.items(in: &band, from: lower, to: upper)
  }
  func frame(of item: Int) -> ListLayout.Frame { list.frame(of: item) }
  func page(of item: Int) -> Int { list.page(of: item) }
  func isPageLoaded(_ page: Int) -> Bool { list.isPageLoaded(page) }
  func isPageRequested(_ page: Int) -> Bool { list.isPageRequested(page) }
  func hasData(_ item: Int) -> Bool { list.hasData(item) }
  func hasContent(_ item: Int) -> Bool { list.hasContent(item) }
  func isCached(_ item: Int) -> Bool { list.isCached(item) }
  func isContentRequested(_ item: Int) -> Bool { list.isContentRequested(item) }
  func isRendered(_ item: Int) -> Bool { list.isRendered(item) }

  func requestPage(_ page: Int) {
    if role == .pages { list.requestPage(page) }
  }
  func requestContent(_ item: Int) {
    if role == .content { list.requestContent(item) }
  }
  @discardableResult func loadFromCache(_ item: Int) -> Bool { role == .content && list.loadFromCache(item) }
  func cancelContent(_ item: Int) {
    if role == .content { list.cancelContent(item) }
  }
  func clearContent(_ item: Int) {
    if role == .content { list.clearContent(item) }
  }
  func prepareRender(_ item: Int) {
    if role == .content { list.prepareRender(item) }
  }
  func discardRender(_ item: Int) {
    if role == .content { list.discardRender(item) }
  }
  func wakeUp(after seconds: Double) { list.wakeUp(after: seconds) }
}

extension HalfListContext: ObservableList {
  var listChanges: ListChanges? { observable?.listChanges }
  var laidOutRows: Int { observable?.laidOutRows ?? 0 }
  var layoutColumns: Int { observable?.layoutColumns ?? 1 }
  var layoutArrangement: ListArrangement { observable?.layoutArrangement ?? .list }
  var layoutRowGap: Double { observable?.layoutRowGap ?? 0 }
  var layoutPaddingTop: Double { observable?.layoutPaddingTop ?? 0 }
  var initialPages: Int { observable?.initialPages ?? 0 }
}

/// A pair's state is its halves' states side by side (their keys differ: each half reports its
/// own rule's state); none when neither half has one.
extension PairedStrategy: FrameStateReporting {
  func takeFrameState() -> JSONValue? {
    var members: [(String, JSONValue)] = []
    for half in [pages, content] {
      if let reporting = half as? any FrameStateReporting, case .object(let own)? = reporting.takeFrameState() {
        members += own
      }
    }
    return members.isEmpty ? nil : .object(members)
  }

  func beginFrameReports() {
    for half in [pages, content] { (half as? any FrameStateReporting)?.beginFrameReports() }
  }
}
