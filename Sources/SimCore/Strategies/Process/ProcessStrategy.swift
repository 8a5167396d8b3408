/// A strategy that runs in a helper process (`process:COMMAND`), written in any language against
/// the protocol of `docs/protocol.md` (or one of the SDKs in `SDKs/`).
///
/// Each callback the helper asked for is one decision point and one exchange: a line with the
/// callback, the list's facts now and what changed since the last line (rows' and pages'
/// states, rows newly laid out), answered by a line with the actions to take, applied in order
/// as a Swift strategy's calls would be. So the helper keeps a copy of the list and answers its
/// strategy's questions from it; one line each way per decision, never one per question.
///
/// The simulator owns the clock and the seed (the helper is told the run's seed), so a run is a
/// pure function of its inputs, as with a built-in. A helper that crashes, times out, answers
/// garbage or asks for what it cannot have (a row that does not exist, content from a page
/// rule) is stopped; the run goes on without it to the end and then fails with `failure`,
/// which names the strategy, the decision point, the problem and the helper's last stderr lines.
final class ProcessStrategy: ListCallbacks, ListChangeObserver {
  private let pool: HelperPool
  private let parameters: StrategyParameters
  private var description: HelperDescription { pool.description }
  private var helper: HelperProcess?
  private(set) var failure: SimError?

  /// What the helper was last told: each row's and page's state bits, and rows laid out.
  private var sentRows: [UInt8] = []
  /// Pages by index (a helper may ask for any page number, so not an array).
  private var sentPages: [Int: UInt8] = [:]
  private var sentHeights = 0
  /// The facts as last sent (bit patterns, by `Fact`), and the visible rows.
  private var sentFacts = [UInt64](repeating: 0, count: Fact.allCases.count)
  private var sentVisible: [Int] = []
  private var sentAnything = false
  /// Rows and pages the helper acted on: their state goes with the next event whatever was sent
  /// before, so a guess of the helper's copy that the engine did not bear out is corrected.
  private var actedRows: [Int] = []
  private var actedPages: [Int] = []
  private var message = ""
  /// Weak: the engine (or a half's view of it) owns this strategy.
  private weak var observableList: (any ObservableList)?
  /// Exchanges with the helper in this run (`HelperDecisions`).
  private var decisions = 0

  /// The callbacks the helper asked for, and its role (read once, not per decision).
  private let events: Set<HelperEvent>
  private let role: StrategyRole

  init(pool: HelperPool, parameters: StrategyParameters) {
    self.pool = pool
    self.parameters = parameters
    events = pool.description.events
    role = pool.description.info.role
  }

  deinit {
    HelperDecisions.add(decisions)
    if let helper, failure == nil { pool.giveBack(helper) }
  }

  var keepsOffscreenCells: Bool { description.keepsOffscreenCells }
  var prioritiesFromLayouts: Bool { description.prioritiesFromLayouts }
  var threading: RowThreading { description.threading }
  var memoryPolicy: MemoryPolicy { description.memoryPolicy }

  func listDidLoad(_ list: any ListContext) { decide(.listDidLoad, list) }
  func didScroll(_ list: any ListContext) { decide(.didScroll, list) }
  func willBeginDragging(_ list: any ListContext) { decide(.willBeginDragging, list) }
  func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    decide(
      .willEndDragging, list, arguments: ",\"velocity\":\(number(velocity)),\"target\":\(number(targetContentOffset))")
  }
  func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    decide(.didEndDragging, list, arguments: ",\"willDecelerate\":\(willDecelerate)")
  }
  func didEndDecelerating(_ list: any ListContext) { decide(.didEndDecelerating, list) }
  func willDisplay(_ list: any ListContext, item: Int) { decide(.willDisplay, list, arguments: ",\"item\":\(item)") }
  func didEndDisplaying(_ list: any ListContext, item: Int) {
    decide(.didEndDisplaying, list, arguments: ",\"item\":\(item)")
  }
  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    decide(
      .requestDidComplete, list, arguments: ",\"kind\":\"\(kind == .page ? "page" : "content")\",\"index\":\(index)")
  }
  func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    decide(.requestDidFail, list, arguments: ",\"kind\":\"\(kind == .page ? "page" : "content")\",\"index\":\(index)")
  }
  func timerDidFire(_ list: any ListContext) { decide(.timerDidFire, list) }
  func frameDidFinish(_ list: any ListContext) { decide(.frameDidFinish, list) }

  // MARK: One decision

  private func decide(_ event: HelperEvent, _ list: any ListContext, arguments: String = "") {
    guard failure == nil, events.contains(event) else { return }
    do throws(HelperProcess.Failure) {
      if helper == nil { try begin(list) }
      writeEvent(event, arguments: arguments, list)
      let reply = try helper!.exchange(message, timeout: pool.timeout)
      decisions += 1
      try apply(reply, list)
    } catch {
      fail(at: "\(event.rawValue) (t = \(number(list.time)) s)", error.message)
    }
  }

  /// Takes a helper from the pool and tells it a run begins.
  private func begin(_ list: any ListContext) throws(HelperProcess.Failure) {
    let helper = try pool.checkout()
    self.helper = helper
    let observable = observable(of: list)
    var values: [String] = []
    for parameter in description.info.parameters {
      let value: String
      switch parameter.kind {
      case .number: value = number(parameters.number(parameter.name))
      case .choice: value = JSONWriter.quoted(parameters.string(parameter.name))
      case .flag: value = parameters.flag(parameter.name) ? "true" : "false"
      }
      values.append("\(JSONWriter.quoted(parameter.name)):\(value)")
    }
    let line =
      "{\"type\":\"begin\",\"seed\":\(list.seed),\"parameters\":{\(values.joined(separator: ","))},"
      + "\"viewportHeight\":\(number(list.viewportHeight)),\"frameInterval\":\(number(list.frameInterval)),"
      + "\"networkLatency\":\(number(list.networkLatency)),\"feedKind\":\"\(list.feedKind.rawValue)\","
      + "\"pageSize\":\(list.pageSize),\"initialPages\":\(observable?.initialPages ?? 0),"
      + "\"columns\":\(observable?.layoutColumns ?? 1)}"
    let reply = try helper.exchange(line, timeout: pool.timeout)
    guard let value = try? JSONParser.parse(reply), case .object(let members) = value,
      members.contains(where: { $0.0 == "type" && $0.1 == .string("ready") })
    else {
      if let error = Self.helperError(reply) { throw HelperProcess.Failure(message: "it reported: \(error)") }
      throw HelperProcess.Failure(
        message: "it answered the begin message with \(Self.excerpt(reply)), not {\"type\":\"ready\"}")
    }
  }

  /// The event line: the callback, the list's facts, and what changed since the last line.
  private func writeEvent(_ event: HelperEvent, arguments: String, _ list: any ListContext) {
    message.removeAll(keepingCapacity: true)
    message += "{\"type\":\"event\",\"event\":\"\(event.rawValue)\"\(arguments)"
    // Each fact only when it differs from what the helper was last told (all of them the
    // first time): most frames change the time, the offset and the idle time, nothing else.
    fact(.time, list.time)
    fact(.contentOffset, list.contentOffset)
    fact(.contentLength, list.contentLength)
    fact(.targetContentOffset, list.targetContentOffset ?? .nan)
    fact(.isTracking, list.isTracking ? 1 : 0)
    fact(.isDragging, list.isDragging ? 1 : 0)
    fact(.isDecelerating, list.isDecelerating ? 1 : 0)
    fact(.frameTimeRemaining, list.frameTimeRemaining)
    fact(.averageBindTime, list.averageBindTime)
    fact(.itemCount, Double(list.itemCount))
    fact(.hasMoreData, list.hasMoreData ? 1 : 0)
    fact(.nextPageIndex, Double(list.nextPageIndex))
    fact(.pageRequestsOutstanding, Double(list.pageRequestsOutstanding))
    let visible = list.visibleItems
    if visible != sentVisible || !sentAnything {
      message += ",\"visibleItems\":["
      for (index, item) in visible.enumerated() { message += index == 0 ? "\(item)" : ",\(item)" }
      message += "]"
      sentVisible = visible
    }
    sentAnything = true
    guard let observable = observable(of: list) else {
      message += "}"
      return
    }
    writeHeights(observable, list)
    if let changes = observable.listChanges {
      writeRows(changes, list)
      writePages(changes, list)
    }
    message += "}"
  }

  /// The facts every event may carry, in the order they are written.
  private enum Fact: Int, CaseIterable {
    case time, contentOffset, contentLength, targetContentOffset, isTracking, isDragging, isDecelerating
    case frameTimeRemaining, averageBindTime, itemCount, hasMoreData, nextPageIndex, pageRequestsOutstanding

    var isFlag: Bool { self == .isTracking || self == .isDragging || self == .isDecelerating || self == .hasMoreData }
  }

  /// Writes `fact` if its value (a flag as 0 or 1, no target as NaN) is not what was sent last.
  private func fact(_ fact: Fact, _ value: Double) {
    let bits = value.bitPattern
    guard !sentAnything || sentFacts[fact.rawValue] != bits else { return }
    sentFacts[fact.rawValue] = bits
    message += ",\"\(fact)\":"
    if fact.isFlag {
      message += value == 1 ? "true" : "false"
    } else if fact == .targetContentOffset && value.isNaN {
      message += "null"
    } else {
      message += number(value)
    }
  }

  /// Heights of rows laid out since the last line, as [count, height] runs.
  private func writeHeights(_ observable: any ObservableList, _ list: any ListContext) {
    let laidOut = observable.laidOutRows
    guard laidOut > sentHeights else { return }
    message += ",\"heights\":["
    var first = true
    var item = sentHeights
    while item < laidOut {
      let height = list.frame(of: item).height
      var end = item + 1
      while end < laidOut && list.frame(of: end).height == height { end += 1 }
      message += "\(first ? "" : ",")[\(end - item),\(number(height))]"
      first = false
      item = end
    }
    message += "]"
    sentHeights = laidOut
  }

  /// Rows whose state bits changed: 1 content, 2 content requested, 4 cached, 8 rendered.
  private func writeRows(_ changes: ListChanges, _ list: any ListContext) {
    var first = true
    for item in actedRows {
      if item >= sentRows.count { sentRows.append(contentsOf: repeatElement(0, count: item + 1 - sentRows.count)) }
      sentRows[item] = 0xff
    }
    changes.rows.append(contentsOf: actedRows)
    actedRows.removeAll(keepingCapacity: true)
    for item in changes.rows where item >= 0 {
      let bits =
        (list.hasContent(item) ? 1 : 0) | (list.isContentRequested(item) ? 2 : 0) | (list.isCached(item) ? 4 : 0)
        | (list.isRendered(item) ? 8 : 0)
      if item >= sentRows.count {
        guard bits != 0 else { continue }
        sentRows.append(contentsOf: repeatElement(0, count: item + 1 - sentRows.count))
      }
      guard sentRows[item] != UInt8(bits) else { continue }
      sentRows[item] = UInt8(bits)
      message += first ? ",\"rows\":[\(item),\(bits)" : ",\(item),\(bits)"
      first = false
    }
    if !first { message += "]" }
    changes.rows.removeAll(keepingCapacity: true)
  }

  /// Pages whose state bits changed: 1 loaded, 2 requested.
  private func writePages(_ changes: ListChanges, _ list: any ListContext) {
    var first = true
    for page in actedPages { sentPages[page] = 0xff }
    changes.pages.append(contentsOf: actedPages)
    actedPages.removeAll(keepingCapacity: true)
    for page in changes.pages where page >= 0 {
      let bits = UInt8((list.isPageLoaded(page) ? 1 : 0) | (list.isPageRequested(page) ? 2 : 0))
      guard sentPages[page, default: 0] != bits else { continue }
      sentPages[page] = bits
      message += first ? ",\"pages\":[\(page),\(bits)" : ",\(page),\(bits)"
      first = false
    }
    if !first { message += "]" }
    changes.pages.removeAll(keepingCapacity: true)
  }

  // MARK: The answer

  private func apply(_ reply: [UInt8], _ list: any ListContext) throws(HelperProcess.Failure) {
    let actions: [HelperAction]
    do {
      actions = try HelperAction.parse(reply)
    } catch {
      throw HelperProcess.Failure(message: error.message)
    }
    for action in actions {
      switch action {
      case .requestPage(let page):
        guard role != .content else { throw refused(action, "it decides content only") }
        list.requestPage(page)
        actedPages.append(page)
        sentFacts[Fact.pageRequestsOutstanding.rawValue] = Double.nan.bitPattern
      case .wakeUp(let seconds):
        list.wakeUp(after: seconds)
      default:
        guard role != .pages else { throw refused(action, "it decides pages only") }
        guard let item = action.item, item < list.itemCount else {
          throw refused(action, "row \(action.item ?? -1) does not exist (the list has \(list.itemCount) rows)")
        }
        actedRows.append(item)
        switch action {
        case .requestContent: list.requestContent(item)
        case .loadFromCache: list.loadFromCache(item)
        case .cancelContent: list.cancelContent(item)
        case .clearContent: list.clearContent(item)
        case .prepareRender: list.prepareRender(item)
        case .discardRender: list.discardRender(item)
        case .requestPage, .wakeUp: break
        }
      }
    }
  }

  private func refused(_ action: HelperAction, _ why: String) -> HelperProcess.Failure {
    HelperProcess.Failure(message: "it asked for \(action), but \(why)")
  }

  private func fail(at point: String, _ message: String) {
    var text = "strategy \"\(description.info.name)\" failed at \(point): \(message)"
    if let helper {
      text += helper.stderrEnding()
      helper.stop()
    }
    failure = SimError(.badData, file: "process:\(pool.command)", text)
  }

  private func number(_ value: Double) -> String { JSONWriter.number(value) }

  /// The list as a mirror reads it (its change lists), cast once per run.
  private func observable(of list: any ListContext) -> (any ObservableList)? {
    if let cached = observableList, cached === list { return cached }
    observableList = list as? any ObservableList
    return observableList
  }

  /// `{"error": "..."}`: a helper reporting its own failure (an exception in its strategy).
  static func helperError(_ reply: [UInt8]) -> String? {
    guard let value = try? JSONParser.parse(reply), case .object(let members) = value,
      case .string(let text)? = members.first(where: { $0.0 == "error" })?.1
    else { return nil }
    return text
  }

  /// The start of a reply, for a message.
  static func excerpt(_ reply: [UInt8]) -> String {
    let text = String(decoding: reply.prefix(120), as: UTF8.self)
    return reply.isEmpty ? "an empty line" : JSONWriter.quoted(text + (reply.count > 120 ? "…" : ""))
  }
}
