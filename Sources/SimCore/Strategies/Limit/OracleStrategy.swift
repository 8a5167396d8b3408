/// The clairvoyant limit: a strategy that knows the future and loads exactly what will be seen,
/// earliest deadline first.
///
/// It is told (`Foresight`) when every row will first be visible and for how long, from a free
/// run of the same input with nothing to wait for. A row's deadline is its first visibility.
/// It asks for each row's content `lead` seconds before the row's deadline (at once if that is
/// past) and renders it ahead as soon as it has it, and for each page holding a seen row
/// `pageLead` seconds before that page's first seen row (rows need their page before their
/// image can be asked for). Whatever is due at the same time goes out earliest deadline first.
/// It keeps what it loaded (nothing is cancelled, cleared or fetched twice) and asks again
/// only for a request that failed for good. Rows seen for less than `minVisible` seconds get
/// no content, and rows `skipped` by `Clairvoyance` (their image came too late to be seen)
/// neither, so no content request is wasted. At most `concurrency` images are on their way
/// at once, and with `visibleFirst` none goes out ahead while the image of a row on screen (or
/// seen already) is on its way.
/// With `-1` for a parameter (the defaults) `Clairvoyance` searches for the values that make
/// the user wait least. It bounds the wait, not the main thread's hitches: its binds ahead
/// cost frames like any strategy's, and a strategy that loads less while the list moves can
/// drop fewer frames. What it bounds and under which assumptions: `docs/strategies.md`, "The
/// clairvoyant limit".
public final class OracleStrategy: SearchingStrategy {
  public static let info = StrategyInfo(
    name: "oracle", aliases: ["clairvoyant"],
    summary: "The clairvoyant limit: exactly what will be seen, earliest deadline first, each as early as pays.",
    origin: "offline prefetching with a known future (Cao et al. 1995; Belady's MIN for the cache)",
    parameters: [
      ParameterInfo(
        "minVisible", .number(-1...3600), default: "-1",
        "s; rows seen for less get no content; -1: the best of 0, 0.1 and 0.4"),
      ParameterInfo(
        "lead", .number(-1...3600), default: "-1",
        "s before a row's first visibility its image is asked for; -1: the best of 0, 0.5, 2 and all at once"),
      ParameterInfo(
        "visibleFirst", .number(-1...2), default: "-1",
        "1: ask for no row off screen while the image of a row on screen is on its way (shares no bandwidth with it); 2: while that of a row seen already is; 0: ask anyway; -1: the best"
      ),
      ParameterInfo(
        "pageLead", .number(-1...3600), default: "-1",
        "s before a page's first seen row it is asked for; -1: the best of 2, 8 and all at once"),
      ParameterInfo(
        "renderAhead", .number(-1...1), default: "-1",
        "1: render a row as soon as its image is in; 0: when it shows (leaves the workers free); -1: the better"),
      ParameterInfo(
        "concurrency", .number(-1...1000), default: "-1",
        "images on their way at once (0: as many as the network takes); -1: the best of 0, 1 and 3"),
    ],
    platform: .limit)

  /// One request to make, at `time` or as soon after as its row has data.
  private struct Job {
    enum Kind { case page, content, cancel }
    var kind: Kind
    var index: Int
    var time: Double
    var deadline: Double
  }

  /// The knobs, as the parameters give them (-1: `Clairvoyance` searches), so that the search
  /// can vary them one by one and hand a setting straight to a run.
  struct Knobs: Hashable {
    var minVisible: Double
    var lead: Double
    var visibleFirst: Double
    var concurrency: Double
    var pageLead: Double
    var renderAhead: Double
  }

  let minVisible: Double
  let lead: Double
  /// Which rows' images hold back the rest (`visibleFirst`).
  enum VisibleFirst {
    /// None: every row goes when its time comes.
    case no
    /// Rows on screen now.
    case onScreen
    /// Rows seen already, on screen or not (they may come back).
    case seen
  }
  let visibleFirst: VisibleFirst
  let concurrency: Int
  let pageLead: Double
  let renderAhead: Bool
  /// Set by `Clairvoyance` before the run.
  var foresight = Foresight(firstVisible: [:], visibleSeconds: [:], lastVisible: [:])
  /// Rows whose content is not worth asking for (their image would come too late).
  var skipped: Set<Int> = []
  /// When to ask for a row's content, if `Clairvoyance` retimed it (instead of `lead` before
  /// its deadline).
  var retimed: [Int: Double] = [:]
  /// Retimed rows asked for at their time whatever else is on its way (neither `concurrency`
  /// nor `visibleFirst` holds them back): `Clairvoyance` times single rows so.
  var exact: Set<Int> = []
  /// When each row's content was to be asked for, when it was, and when it arrived: what
  /// `Clairvoyance` retimes.
  private(set) var plannedAt: [Int: Double] = [:]
  private(set) var requestedAt: [Int: Double] = [:]
  private(set) var arrivedAt: [Int: Double] = [:]
  /// Content requests, by time then deadline.
  private var content: [Job] = []
  private var nextContent = 0
  /// Page requests, cancellations and the `exact` rows' content, by time.
  private var timed: [Job] = []
  private var nextTimed = 0
  /// Rows due for content whose page has not landed yet, earliest deadline first.
  private var waitingForData: [Int] = []
  /// Rows whose image was cancelled on its way (it would have come after the row's last
  /// visibility): `Clairvoyance` skips them in its next run.
  private(set) var cancelledRows: [Int] = []
  /// When the pending wake-up comes, if one is pending.
  private var wakeAt: Double?
  /// Content asked for and not yet arrived.
  private var onTheirWay: Set<Int> = []
  /// Rows on screen now.
  private var onScreen: Set<Int> = []

  public convenience init(parameters: StrategyParameters) {
    self.init(knobs: Self.knobs(parameters))
  }

  init(knobs: Knobs) {
    minVisible = knobs.minVisible
    lead = knobs.lead
    visibleFirst = knobs.visibleFirst >= 2 ? .seen : knobs.visibleFirst >= 1 ? .onScreen : .no
    concurrency = max(0, Int(knobs.concurrency))
    pageLead = knobs.pageLead
    renderAhead = knobs.renderAhead != 0
  }

  static func knobs(_ parameters: StrategyParameters) -> Knobs {
    Knobs(
      minVisible: parameters.number("minVisible"), lead: parameters.number("lead"),
      visibleFirst: parameters.number("visibleFirst"), concurrency: parameters.number("concurrency"),
      pageLead: parameters.number("pageLead"), renderAhead: parameters.number("renderAhead"))
  }

  /// The oracle is its search: settings tried over whole runs (`Clairvoyance`).
  static func search(_ setup: RunSetup, parameters: StrategyParameters) throws(SimError) -> RunResult {
    try Clairvoyance.run(setup, parameters: parameters)
  }

  public var keepsOffscreenCells: Bool { true }

  public func listDidLoad(_ list: any ListContext) {
    let lead = self.lead < 0 ? Double.infinity : self.lead
    let seen = foresight.seenRows
    var pageDeadline: [Int: Double] = [:]
    for item in seen {
      let page = list.page(of: item)
      if pageDeadline[page] == nil { pageDeadline[page] = foresight.firstVisible[item]! }
    }
    if list.feedKind == .append, let last = pageDeadline.keys.max() {
      // Rows append in page order: every page up to the last is needed, by the next one's deadline.
      var deadline = Double.infinity
      for page in stride(from: last, through: list.nextPageIndex, by: -1) {
        deadline = min(deadline, pageDeadline[page] ?? deadline)
        pageDeadline[page] = deadline
      }
    }
    for (page, deadline) in pageDeadline where !list.isPageLoaded(page) {
      let ahead = pageLead < 0 ? Double.infinity : pageLead
      timed.append(Job(kind: .page, index: page, time: max(0, deadline - ahead), deadline: deadline))
    }
    for item in seen where foresight.visibleSeconds[item, default: 0] >= max(0, minVisible) && !skipped.contains(item) {
      let deadline = foresight.firstVisible[item]!
      let time = retimed[item] ?? deadline - lead
      plannedAt[item] = time
      let job = Job(kind: .content, index: item, time: max(0, time), deadline: deadline)
      if exact.contains(item) { timed.append(job) } else { content.append(job) }
      // Once the row has left the screen for good, an image still on its way is of no use.
      if let gone = foresight.lastVisible[item], gone.isFinite {
        timed.append(Job(kind: .cancel, index: item, time: gone, deadline: gone))
      }
    }
    if renderAhead { for item in seen where list.hasData(item) { list.prepareRender(item) } }
    content.sort { ($0.time, $0.deadline, $0.index) < ($1.time, $1.deadline, $1.index) }
    timed.sort {
      ($0.time, $0.deadline, $0.kind == .page ? 0 : 1, $0.index) < (
        $1.time, $1.deadline, $1.kind == .page ? 0 : 1, $1.index
      )
    }
    issueDue(list)
  }

  public func timerDidFire(_ list: any ListContext) {
    if let wake = wakeAt, wake <= list.time + 1e-9 { wakeAt = nil }
    issueDue(list)
  }

  public func willDisplay(_ list: any ListContext, item: Int) {
    onScreen.insert(item)
    if visibleFirst == .onScreen { issueDue(list) }
  }

  public func didEndDisplaying(_ list: any ListContext, item: Int) {
    onScreen.remove(item)
    if visibleFirst == .onScreen && onTheirWay.contains(item) { issueDue(list) }
  }

  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .content {
      onTheirWay.remove(index)
      arrivedAt[index] = list.time
    }
    if kind == .page { bindSeenRows(ofPage: index, list) }
    issueDue(list)
  }

  /// With `renderAhead`, the seen rows of a page that lands are bound at once, between frames,
  /// as a web page creates its rows: no frame that shows them pays their bind.
  private func bindSeenRows(ofPage page: Int, _ list: any ListContext) {
    guard renderAhead else { return }
    let first = page * list.pageSize
    for item in first..<max(first, min(first + list.pageSize, list.itemCount))
    where foresight.firstVisible[item] != nil {
      list.prepareRender(item)
    }
  }

  public func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .content { onTheirWay.remove(index) }
    switch kind {
    case .page: if !list.isPageRequested(index) { list.requestPage(index) }
    case .content:
      if !isGone(index, list) { load(index, list) }
      issueDue(list)
    }
  }

  /// Sends every job whose time has come, then sleeps until the next one. Pages,
  /// cancellations and the `exact` rows go out on time; other content waits while `concurrency` images are on their way,
  /// and with `visibleFirst` a row off screen waits while the image of a row on screen (or seen
  /// already) is on its way.
  private func issueDue(_ list: any ListContext) {
    let now = list.time + 1e-9
    while nextTimed < timed.count, timed[nextTimed].time <= now {
      let job = timed[nextTimed]
      nextTimed += 1
      switch job.kind {
      case .page:
        if !list.isPageLoaded(job.index) && !list.isPageRequested(job.index) { list.requestPage(job.index) }
      case .content:
        if isGone(job.index, list) { continue }
        if job.index < list.itemCount && list.hasData(job.index) {
          load(job.index, list)
        } else {
          waitingForData.append(job.index)
        }
      case .cancel:
        waitingForData.removeAll { $0 == job.index }
        onTheirWay.remove(job.index)
        if job.index < list.itemCount && !list.hasContent(job.index) && list.isContentRequested(job.index) {
          list.cancelContent(job.index)
          cancelledRows.append(job.index)
        }
      }
    }
    func mustWait(_ item: Int) -> Bool {
      if exact.contains(item) { return false }
      if concurrency > 0 && onTheirWay.count >= concurrency { return true }
      switch visibleFirst {
      case .onScreen: return !onScreen.contains(item) && onTheirWay.contains(where: { onScreen.contains($0) })
      case .seen:
        return foresight.firstVisible[item] ?? 0 > list.time
          && onTheirWay.contains(where: { foresight.firstVisible[$0] ?? 0 <= list.time })
      case .no: return false
      }
    }
    // Rows that were due before their page landed go first (their deadlines are the earlier).
    var stillWaiting: [Int] = []
    for item in waitingForData {
      if item < list.itemCount && list.hasData(item) && !mustWait(item) {
        load(item, list)
      } else {
        stillWaiting.append(item)
      }
    }
    waitingForData = stillWaiting
    var blocked = false
    while nextContent < content.count, content[nextContent].time <= now {
      let job = content[nextContent]
      if mustWait(job.index) {
        blocked = true
        break
      }
      nextContent += 1
      if isGone(job.index, list) { continue }
      if job.index < list.itemCount && list.hasData(job.index) {
        load(job.index, list)
      } else {
        waitingForData.append(job.index)
      }
    }
    var next = nextTimed < timed.count ? timed[nextTimed].time : Double.infinity
    // A row held back waits for an image to arrive, a row to leave the screen or its own to
    // come on it (the callbacks below).
    if !blocked && nextContent < content.count { next = min(next, content[nextContent].time) }
    // One wake-up at a time: every call comes here, and each would otherwise add one more.
    if next.isFinite, wakeAt.map({ $0 > next + 1e-9 }) ?? true {
      wakeAt = next
      list.wakeUp(after: next - list.time)
    }
  }

  private func isGone(_ item: Int, _ list: any ListContext) -> Bool {
    foresight.lastVisible[item].map { $0 <= list.time } ?? true
  }

  private func load(_ item: Int, _ list: any ListContext) {
    if renderAhead { list.prepareRender(item) }
    if list.needsContent(item) {
      list.requestContent(item)
      if list.isContentRequested(item) {
        onTheirWay.insert(item)
        if requestedAt[item] == nil { requestedAt[item] = list.time }
      }
    }
  }
}

extension StrategyChoice {
  /// The clairvoyant limit with its defaults: what comparisons and sweeps measure
  /// `waitOverLimit` against when the limit is not among their strategies.
  public static let limit = try! StrategyChoice(OracleStrategy.self)
}
