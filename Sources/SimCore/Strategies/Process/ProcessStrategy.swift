/// A strategy that runs in a helper process (`process:COMMAND`), written in any language against
/// the protocol of `docs/protocol.md` (or one of the SDKs in `SDKs/`).
///
/// Each callback the helper asked for is one decision point and one exchange: a line with the
/// callback, the list's facts now and what changed since the last line (rows' and pages'
/// states, rows newly laid out), answered by a line with the actions to take, applied in order
/// as a Swift strategy's calls would be. So the helper keeps a copy of the list and answers its
/// strategy's questions from it; one line each way per decision, never one per question. A
/// frame callback the helper's last answer declared quiet (`HelperQuiet`) is not sent: what
/// changed meanwhile goes with the next line.
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
  /// The facts as last sent (bit patterns, by `HelperFact`), and the visible rows.
  private var sentFacts = [UInt64](repeating: 0, count: HelperFact.allCases.count)
  private var sentVisible: [Int] = []
  private var sentAnything = false
  /// Rows and pages the helper acted on: their state goes with the next event whatever was sent
  /// before, so a guess of the helper's copy that the engine did not bear out is corrected.
  private var actedRows: [Int] = []
  private var actedPages: [Int] = []
  /// This strategy's place among the readers of the list's changes (a pair of two helpers has
  /// two), claimed at its first event.
  private var changesReader: Int?
  private var line = JSONLineBuilder()
  /// The list last seen (its identity) and the same object as observable. Not counted: the
  /// engine (or a half's view of it) owns this strategy, which lives for one run, and a `weak`
  /// reference would give the engine a side table that slows every retain of it
  /// (`HalfListContext`). Read only once the identity shows it is the live list in hand.
  private var observedList: ObjectIdentifier?
  private unowned(unsafe) var observableList: (any ObservableList)?
  /// Exchanges with the helper in this run (`HelperDecisions`).
  private var decisions = 0
  /// Whether the helper answered this run's begin message.
  private var begun = false
  /// The frames the helper's last answer said it need not hear about.
  private var quiet: HelperQuiet?
  /// The offset when the last frame ended (at `listDidLoad` before the first): the fact
  /// `lastFrameOffset`, kept here because the helper may not hear every frame.
  private var lastFrameOffset = 0.0

  /// The callbacks the helper asked for (a bit per `HelperEvent.allCases` index: a set's
  /// hashing showed in a profile, asked on every callback), and its role (read once).
  private let heard: UInt16
  private let role: StrategyRole

  init(pool: HelperPool, parameters: StrategyParameters) {
    self.pool = pool
    self.parameters = parameters
    heard = pool.description.events.reduce(0) { $0 | 1 << $1.bit }
    role = pool.description.info.role
  }

  deinit {
    HelperDecisions.add(decisions)
    if helper != nil { HelperSpin.leave() }
    if let helper, failure == nil { pool.giveBack(helper) }
  }

  var keepsOffscreenCells: Bool { description.keepsOffscreenCells }
  var prioritiesFromLayouts: Bool { description.prioritiesFromLayouts }
  var threading: RowThreading { description.threading }
  var layoutUnits: LayoutUnits { description.layoutUnits }
  var memoryPolicy: MemoryPolicy { description.memoryPolicy }
  var contentQueue: ContentQueue { description.contentQueue }

  func listDidLoad(_ list: any ListContext) {
    lastFrameOffset = list.contentOffset
    decide(.listDidLoad, list)
  }
  func didScroll(_ list: any ListContext) { decide(.didScroll, list) }
  func willBeginDragging(_ list: any ListContext) { decide(.willBeginDragging, list) }
  func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    decide(.willEndDragging, list) {
      $0.append(",\"velocity\":")
      $0.append(number: velocity)
      $0.append(",\"target\":")
      $0.append(number: targetContentOffset)
    }
  }
  func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    decide(.didEndDragging, list) {
      $0.append(willDecelerate ? ",\"willDecelerate\":true" : ",\"willDecelerate\":false")
    }
  }
  func didEndDecelerating(_ list: any ListContext) { decide(.didEndDecelerating, list) }
  func willDisplay(_ list: any ListContext, item: Int) { decide(.willDisplay, list) { Self.item(item, &$0) } }
  func didEndDisplaying(_ list: any ListContext, item: Int) { decide(.didEndDisplaying, list) { Self.item(item, &$0) } }
  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    decide(.requestDidComplete, list) { Self.request(kind, index, &$0) }
  }
  func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    decide(.requestDidFail, list) { Self.request(kind, index, &$0) }
  }
  func timerDidFire(_ list: any ListContext) { decide(.timerDidFire, list) }
  func frameDidFinish(_ list: any ListContext) {
    decide(.frameDidFinish, list)
    lastFrameOffset = list.contentOffset
  }

  /// A row's callback's own field.
  private static func item(_ item: Int, _ line: inout JSONLineBuilder) {
    line.append(",\"item\":")
    line.append(item)
  }

  /// A request's callback's own fields.
  private static func request(_ kind: RequestKind, _ index: Int, _ line: inout JSONLineBuilder) {
    line.append(kind == .page ? ",\"kind\":\"page\",\"index\":" : ",\"kind\":\"content\",\"index\":")
    line.append(index)
  }

  // MARK: One decision

  /// `arguments` writes the callback's own fields (its row, its request), only if the helper
  /// hears this callback now.
  private func decide(
    _ event: HelperEvent, _ list: any ListContext, arguments: (inout JSONLineBuilder) -> Void = { _ in }
  ) {
    guard failure == nil, heard & 1 << event.bit != 0 else { return }
    if let quiet, event == .didScroll || event == .frameDidFinish,
      !quiet.wakes(list, lastFrameOffset: lastFrameOffset)
    {
      return
    }
    quiet = nil
    if !begun {
      do throws(HelperProcess.Failure) {
        try begin(list)
      } catch {
        let what =
          helper == nil ? "starting a copy of the helper for this run (its handshake)" : "the run's begin message"
        fail(at: "\(what), before its first event", error.message)
        return
      }
    }
    do throws(HelperProcess.Failure) {
      writeEvent(event, arguments: arguments, list)
      let reply = try helper!.exchange(&line.bytes, timeout: pool.timeout)
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
    helper.spinSeconds = HelperSpin.enter()
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
      + "\"columns\":\(observable?.layoutColumns ?? 1),\"layout\":\"\((observable?.layoutArrangement ?? .list).rawValue)\","
      + "\"rowGap\":\(number(observable?.layoutRowGap ?? 0)),\"paddingTop\":\(number(observable?.layoutPaddingTop ?? 0)),"
      + "\"spin\":\(number(helper.spinSeconds))}"
    let reply = try helper.exchange(line, timeout: pool.timeout)
    guard let value = try? JSONParser.parse(reply), case .object(let members) = value,
      members.contains(where: { $0.0 == "type" && $0.1 == .string("ready") })
    else {
      if let error = Self.helperError(reply) { throw HelperProcess.Failure(message: "it reported: \(error)") }
      throw HelperProcess.Failure(
        message: "it answered the begin message with \(Self.excerpt(reply)), not {\"type\":\"ready\"}")
    }
    begun = true
  }

  /// The event line: the callback, the list's facts, and what changed since the last line.
  private func writeEvent(
    _ event: HelperEvent, arguments: (inout JSONLineBuilder) -> Void, _ list: any ListContext
  ) {
    line.clear()
    line.append("{\"type\":\"event\",\"event\":\"")
    line.append(event.rawValue)
    line.append("\"")
    arguments(&line)
    // Each fact only when it differs from what the helper was last told (all of them the
    // first time): most frames change the time, the offset and the idle time, nothing else.
    for fact in HelperFact.allCases { self.fact(fact, fact.value(list, lastFrameOffset: lastFrameOffset)) }
    let visible = list.visibleItems
    if visible != sentVisible || !sentAnything {
      line.append(",\"visibleItems\":[")
      for (index, item) in visible.enumerated() {
        if index > 0 { line.append(",") }
        line.append(item)
      }
      line.append("]")
      sentVisible = visible
    }
    sentAnything = true
    guard let observable = observable(of: list) else {
      line.append("}")
      return
    }
    writeHeights(observable, list)
    if let changes = observable.listChanges {
      if changesReader == nil { changesReader = changes.claimReader() }
      if let reader = changesReader {
        writeRows(changes, reader: reader, list)
        writePages(changes, reader: reader, list)
      }
    }
    line.append("}")
  }

  /// `,"time":` and the like, for each fact.
  private static let factKeys = HelperFact.allCases.map { Array(",\"\($0.name)\":".utf8) }

  /// Writes `fact` if its value (a flag as 0 or 1, no target as NaN) is not what was sent last.
  private func fact(_ fact: HelperFact, _ value: Double) {
    let bits = value.bitPattern
    guard !sentAnything || sentFacts[fact.rawValue] != bits else { return }
    sentFacts[fact.rawValue] = bits
    line.append(bytes: Self.factKeys[fact.rawValue])
    if fact.isFlag {
      line.append(value == 1 ? "true" : "false")
    } else if fact == .targetContentOffset && value.isNaN {
      line.append("null")
    } else {
      line.append(number: value)
    }
  }

  /// Heights of rows laid out since the last line, as [count, height] runs.
  private func writeHeights(_ observable: any ObservableList, _ list: any ListContext) {
    let laidOut = observable.laidOutRows
    guard laidOut > sentHeights else { return }
    line.append(",\"heights\":[")
    var first = true
    var item = sentHeights
    while item < laidOut {
      let height = list.frame(of: item).height
      var end = item + 1
      while end < laidOut && list.frame(of: end).height == height { end += 1 }
      line.append(first ? "[" : ",[")
      line.append(end - item)
      line.append(",")
      line.append(number: height)
      line.append("]")
      first = false
      item = end
    }
    line.append("]")
    sentHeights = laidOut
  }

  /// Rows whose state bits changed: 1 content, 2 content requested, 4 cached, 8 rendered: the
  /// list's changes since this strategy last read them, then the rows it acted on (sent
  /// whatever was sent before).
  private func writeRows(_ changes: ListChanges, reader: Int, _ list: any ListContext) {
    var first = true
    for item in actedRows {
      if item >= sentRows.count { sentRows.append(contentsOf: repeatElement(0, count: item + 1 - sentRows.count)) }
      sentRows[item] = 0xff
    }
    let write = { (item: Int) in
      guard item >= 0 else { return }
      let bits = HelperFact.rowBits(list, item)
      if item >= self.sentRows.count {
        guard bits != 0 else { return }
        self.sentRows.append(contentsOf: repeatElement(0, count: item + 1 - self.sentRows.count))
      }
      guard self.sentRows[item] != bits else { return }
      self.sentRows[item] = bits
      self.line.append(first ? ",\"rows\":[" : ",")
      self.line.append(item)
      self.line.append(",")
      self.line.append(Int(bits))
      first = false
    }
    changes.readRows(reader, write)
    for item in actedRows { write(item) }
    actedRows.removeAll(keepingCapacity: true)
    if !first { line.append("]") }
  }

  /// Pages whose state bits changed: 1 loaded, 2 requested.
  private func writePages(_ changes: ListChanges, reader: Int, _ list: any ListContext) {
    var first = true
    for page in actedPages { sentPages[page] = 0xff }
    let write = { (page: Int) in
      guard page >= 0 else { return }
      let bits = UInt8((list.isPageLoaded(page) ? 1 : 0) | (list.isPageRequested(page) ? 2 : 0))
      guard self.sentPages[page, default: 0] != bits else { return }
      self.sentPages[page] = bits
      self.line.append(first ? ",\"pages\":[" : ",")
      self.line.append(page)
      self.line.append(",")
      self.line.append(Int(bits))
      first = false
    }
    changes.readPages(reader, write)
    for page in actedPages { write(page) }
    actedPages.removeAll(keepingCapacity: true)
    if !first { line.append("]") }
  }

  // MARK: The answer

  private func apply(_ reply: [UInt8], _ list: any ListContext) throws(HelperProcess.Failure) {
    let answer: HelperAnswer
    do {
      answer = try HelperAnswer.parse(reply)
    } catch {
      throw HelperProcess.Failure(message: error.message)
    }
    quiet = answer.quiet
    for action in answer.actions {
      switch action {
      case .requestPage(let page):
        guard role != .content else { throw refused(action, "it decides content only") }
        list.requestPage(page)
        actedPages.append(page)
        sentFacts[HelperFact.pageRequestsOutstanding.rawValue] = Double.nan.bitPattern
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
    if observedList == ObjectIdentifier(list) { return observableList }
    observedList = ObjectIdentifier(list)
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
