import Foundation
import Testing

@testable import SimCore

/// Strategies in helper processes: a port gives a built-in's run exactly, and a helper that
/// crashes, hangs, lies or breaks the protocol fails the run with exit 65, naming the strategy,
/// the decision point and the problem, within the timeout.
@Suite struct ProcessStrategyTests {
  static let helper = PackageRoot.url("Tests/Helpers/misbehaving-helper.py").path
  static let threshold = PackageRoot.url("SDKs/python/examples/threshold.py").path
  static let trace = GestureGenerator.generate(profile: .flingStress, duration: 8, seed: 3)
  /// The names a helper may not take, and the partners it may name.
  static let builtInNames = Set(StrategyCatalog.builtIn.strategies.flatMap { [$0.info.name] + $0.info.aliases })

  static func run(_ choice: StrategyChoice, scenario: Scenario = .default) throws(SimError) -> RunMetrics {
    try Simulation.run(trace: trace, traceName: "t", scenario: scenario, strategy: choice).metrics
  }

  /// A choice of `command` with its own pool (so a test can give it a short timeout).
  static func choice(_ command: String, timeout: Double = 10) throws(SimError) -> StrategyChoice {
    let pool = try HelperPool(command: command, reservedNames: builtInNames, timeout: timeout)
    let catalog = StrategyCatalog.builtIn.adding(kinds: [ProcessStrategies.kind(pool)])
    return try StrategyChoice(name: pool.description.info.name, parameters: [], catalog: catalog)
  }

  @Test func thePythonPortOfThresholdGivesTheBuiltInsMetrics() throws {
    for scenario in [Scenario.default, try Scenario.load(file: nil, overrides: ["feed.pageSize=5"])] {
      var port = try Self.run(
        try StrategyChoice(name: "process:python3 \(Self.threshold)", parameters: []), scenario: scenario)
      let builtIn = try Self.run(try StrategyChoice(name: "threshold", parameters: []), scenario: scenario)
      #expect(port.strategy == "threshold-py")
      port.strategy = builtIn.strategy
      #expect(JSONWriter.compact(.object(port.fields)) == JSONWriter.compact(.object(builtIn.fields)))
    }
  }

  /// Two helpers in one pair each hear every change of the list: Paging 3's and GapWorker's
  /// ports, both helpers, give `paging3+gapworker` exactly. When the halves shared one change
  /// list, the page half's read emptied it and GapWorker's port missed rows losing their
  /// content (this session waited 3.30 s instead of 1.27 s).
  @Test func twoHelpersInOnePairEachSeeEveryChange() throws {
    let examples = PackageRoot.url("SDKs/python/examples").path
    let pair = "process:python3 \(examples)/paging3.py+process:python3 \(examples)/gapworker.py"
    let trace = try Trace.load(path: PackageRoot.url("Traces/population/feed-0001.json").path)
    for settings in [[], ["list.columns=2"]] {
      let scenario = try Scenario.load(file: nil, overrides: settings).onNetwork("4g")
      let run = { (name: String) throws(SimError) in
        try Simulation.run(
          trace: trace, traceName: "t", scenario: scenario, strategy: StrategyChoice(name: name, parameters: [])
        )
        .metrics
      }
      var port = try run(pair)
      let builtIn = try run("paging3+gapworker")
      #expect(port.strategy == "paging3-py+gapworker-py")
      port.strategy = builtIn.strategy
      #expect(JSONWriter.compact(.object(port.fields)) == JSONWriter.compact(.object(builtIn.fields)), "\(settings)")
    }
  }

  /// Each reader of the list's changes reads every change once; a change is dropped when all
  /// have read it, and one made before a reader's first read waits for it.
  @Test func everyReaderOfTheListsChangesReadsEachOnce() {
    let changes = ListChanges(readers: 2)
    changes.rows += [3, 4]
    let first = changes.claimReader()!
    var seen: [Int] = []
    changes.readRows(first) { seen.append($0) }
    #expect(seen == [3, 4])
    changes.rows.append(5)
    seen = []
    changes.readRows(first) { seen.append($0) }
    #expect(seen == [5])
    let second = changes.claimReader()!
    seen = []
    changes.readRows(second) { seen.append($0) }
    #expect(seen == [3, 4, 5])
    #expect(changes.rows.isEmpty)
    #expect(changes.claimReader() == nil)
    changes.pages.append(7)
    var pages: [Int] = []
    changes.readPages(second) { pages.append($0) }
    changes.readPages(second) { pages.append($0) }
    #expect(pages == [7])
    #expect(changes.pages == [7])
    changes.readPages(first) { pages.append($0) }
    #expect(pages == [7, 7])
    #expect(changes.pages.isEmpty)
  }

  @Test func parametersReachTheHelperAndChangeItsRun() throws {
    let name = "process:python3 \(Self.threshold)"
    let early = try Self.run(try StrategyChoice(name: name, parameters: ["threshold=0.2"]))
    let builtIn = try Self.run(try StrategyChoice(name: "threshold", parameters: ["threshold=0.2"]))
    let late = try Self.run(try StrategyChoice(name: name, parameters: ["threshold=0.95"]))
    #expect(early.waitSeconds == builtIn.waitSeconds)
    #expect(early.pageRequests != late.pageRequests || early.waitSeconds != late.waitSeconds)
    #expect(throws: SimError.self) { try StrategyChoice(name: name, parameters: ["threshold=2"]) }
    #expect(throws: SimError.self) { try StrategyChoice(name: name, parameters: ["nosuch=1"]) }
  }

  @Test func aWellBehavedHelperRunsAndIsReusedAcrossRuns() throws {
    let pool = try HelperPool(command: "python3 \(Self.helper) ok", reservedNames: Self.builtInNames)
    let catalog = StrategyCatalog.builtIn.adding(kinds: [ProcessStrategies.kind(pool)])
    let choice = try StrategyChoice(name: pool.description.info.name, parameters: [], catalog: catalog)
    let decisionsBefore = HelperDecisions.count
    let first = try Self.run(choice)
    let second = try Self.run(choice)
    #expect(first.contentRequests > 0)
    #expect(JSONWriter.compact(.object(first.fields)) == JSONWriter.compact(.object(second.fields)))
    // Each run gave its helper back when it ended (nothing keeps a finished run alive), so one
    // helper served both, and both runs' decisions were counted.
    #expect(pool.started == 1)
    #expect(HelperDecisions.count - decisionsBefore >= 2 * first.cellsAppeared)
  }

  @Test(arguments: [
    ("crash", ["willDisplay", "exited with status 3", "something broke in the rule"]),
    ("silent-exit", ["exited with status 0"]),
    ("garbage", ["not JSON", "this is not JSON", "logs go to stderr"]),
    ("two-lines", ["more than one line for one message"]),
    ("unknown-row", ["row 1000000000 does not exist"]),
    ("page-from-content", ["requestPage", "decides content only"]),
    ("error", ["reported: ValueError: the rule divided by zero"]),
    ("bad-quiet", ["$.quiet.facts.itemcount: not a fact", "itemCount"]),
    // Wherever a byte breaks UTF-8 (a field no reader looks at, a whole line, a line's end).
    ("bad-utf8-field", ["not valid UTF-8", "is 0xFF", "must be UTF-8"]),
    ("bad-utf8-line", ["not valid UTF-8 (byte 1 of 2 is 0xFE)"]),
    ("cut-utf8", ["not valid UTF-8", "is 0xE2, a character's first byte without the bytes that must follow it"]),
  ])
  func aMisbehavingHelperFailsTheRunNamingWhatAndWhere(_ mode: String, _ phrases: [String]) throws {
    let choice = try Self.choice("python3 \(Self.helper) \(mode) 3")
    do {
      _ = try Self.run(choice)
      Issue.record("\(mode): the run succeeded")
    } catch {
      #expect(error.exitCode == 65)
      #expect(error.description.contains("misbehaving-\(mode)"), "\(error)")
      #expect(error.description.contains(" (t = "), "\(error)")
      for phrase in phrases { #expect(error.description.contains(phrase), "\(mode): \(error)") }
    }
  }

  @Test func aHungHelperIsStoppedAtTheTimeout() throws {
    let choice = try Self.choice("python3 \(Self.helper) hang 3", timeout: 0.3)
    let start = Date()
    do {
      _ = try Self.run(choice)
      Issue.record("the run succeeded")
    } catch {
      #expect(error.description.contains("did not answer within 0.3 s"), "\(error)")
    }
    #expect(Date().timeIntervalSince(start) < 5)
  }

  /// A helper stuck at a run's begin message is reported there, not at the first callback.
  @Test func aHelperStuckAtBeginIsReportedAtBegin() throws {
    let choice = try Self.choice("python3 \(Self.helper) hang-begin", timeout: 0.3)
    do {
      _ = try Self.run(choice)
      Issue.record("the run succeeded")
    } catch {
      #expect(error.description.contains("failed at the run's begin message, before its first event"), "\(error)")
      #expect(!error.description.contains("listDidLoad"), "\(error)")
      #expect(error.description.contains("did not answer within 0.3 s"), "\(error)")
    }
  }

  /// A helper that hangs stops conformance at its first failure: 15 run pairs whose every
  /// port run would wait out the timeout (0.3 s each, 2 threads) end after one or two, and the
  /// error names the pair's trace, network and list.
  @Test func aHungHelperStopsConformanceAtOnce() throws {
    let port = try Self.choice("python3 \(Self.helper) hang 3", timeout: 0.3)
    let traces = (1...5).map { NamedTrace(name: "t\($0).json", trace: Self.trace) }
    let check = ConformanceJob(
      reference: try StrategyChoice(name: "threshold", parameters: []), port: port, traces: traces,
      scenario: .default, networks: ["4g"], options: SimulationOptions())
    let pairs = Counter()
    do {
      _ = try check.perform(BatchControl(threads: 2, progress: RunsDone(pairs)))
      Issue.record("conformance passed")
    } catch {
      #expect(error.exitCode == 65)
      #expect(error.description.contains("in t1.json, network 4g, list scenario: "), "\(error)")
      #expect(error.description.contains("did not answer within 0.3 s"), "\(error)")
    }
    #expect(pairs.value <= 2 * 3, "\(pairs.value / 2) pairs finished")
  }

  /// The last progress count, from any thread.
  /// Progress that keeps the most runs reported done.
  struct RunsDone: BatchProgress {
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }
    func start(total: Int) {}
    func update(_ done: Int) { counter.set(done) }
    func finish() {}
  }

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var latest = 0
    var value: Int {
      lock.lock()
      defer { lock.unlock() }
      return latest
    }
    func set(_ value: Int) {
      lock.lock()
      latest = max(latest, value)
      lock.unlock()
    }
  }

  @Test(arguments: [
    ("no-handshake", "exited with status 2"),
    ("builtin-name", "a built-in strategy's name"),
    ("bad-parameter", "$.parameters[0].default: 11 is outside 0...10"),
    ("bad-partner", "$.partner: \"nosuch\" is not a built-in strategy"),
    ("old-protocol", "the helper speaks protocol 1; this scrollsim speaks 2"),
    ("bad-utf8-handshake", "is 0xE9"),
  ])
  func aBrokenHandshakeIsAUsageOrDataError(_ mode: String, _ phrase: String) {
    do {
      _ = try Self.choice("python3 \(Self.helper) \(mode)")
      Issue.record("\(mode): the handshake passed")
    } catch {
      #expect(error.exitCode == 65)
      #expect(error.description.contains(phrase), "\(mode): \(error)")
      #expect(error.description.contains("process:python3"), "\(error)")
    }
  }

  @Test func aCommandThatDoesNotExistSaysSo() {
    do {
      _ = try StrategyChoice(name: "process:no-such-program-here", parameters: [])
      Issue.record("it started")
    } catch {
      #expect(error.exitCode == 65)
      #expect(error.description.contains("exited with status 127"), "\(error)")
    }
  }
}

/// The answer reader, at each of its boundaries.
@Suite struct HelperActionTests {
  static func parse(_ text: String) -> Result<[HelperAction], HelperAction.ParseError> {
    Result { () throws(HelperAction.ParseError) in try HelperAnswer.parse(Array(text.utf8)).actions }
  }

  @Test func readsEveryAction() throws {
    let all =
      #"{"actions":[["requestPage",3],["requestContent",0],["loadFromCache",1],["cancelContent",2],"#
      + #"["clearContent",3],["prepareRender",4],["discardRender",5],["wakeUp",0.05]]}"#
    #expect(
      try Self.parse(all).get() == [
        .requestPage(3), .requestContent(0), .loadFromCache(1), .cancelContent(2), .clearContent(3), .prepareRender(4),
        .discardRender(5), .wakeUp(0.05),
      ])
    #expect(try Self.parse(#"{"actions":[]}"#).get() == [])
  }

  /// docs/protocol.md: an answer's fields other than actions, quiet and error are ignored,
  /// before or after the actions, whatever they hold.
  @Test func unknownFieldsOfAnAnswerAreIgnored() throws {
    #expect(try Self.parse(#"{"note":"x","actions":[["requestPage",3]]}"#).get() == [.requestPage(3)])
    #expect(try Self.parse(#"{"actions":[["requestPage",3]],"log":{"a":[1,2]},"n":1e3}"#).get() == [.requestPage(3)])
  }

  @Test(arguments: [
    (#"{"actions":[["requestContent",-1]]}"#, "a whole number from 0"),
    (#"{"actions":[["requestContent",1.5]]}"#, "a whole number from 0"),
    (#"{"actions":[["wakeUp",-0.001]]}"#, "from 0 to 86400"),
    (#"{"actions":[["wakeUp",86400.5]]}"#, "from 0 to 86400"),
    (#"{"actions":[["fetch",1]]}"#, "\"fetch\" is not an action"),
    (#"{"actions":[["requestPage"]]}"#, "expected [name, argument]"),
    (#"{"actions":{}}"#, "expected an array"),
    (#"{"action":[]}"#, "no \"actions\""),
    (#"[1]"#, "not a JSON object"),
    (#"{"actions":[["requestPage",1e400]]}"#, "not JSON"),
    ("", "not JSON"),
  ])
  func refusesWhatIsNotAnAnswer(_ text: String, _ phrase: String) {
    guard case .failure(let error) = Self.parse(text) else {
      Issue.record("\(text) was read")
      return
    }
    #expect(error.message.contains(phrase), "\(text): \(error.message)")
  }

  @Test func boundariesOfTheArguments() throws {
    #expect(try Self.parse(#"{"actions":[["wakeUp",0]]}"#).get() == [.wakeUp(0)])
    #expect(try Self.parse(#"{"actions":[["wakeUp",86400]]}"#).get() == [.wakeUp(86400)])
    #expect(try Self.parse(#"{"actions":[["requestContent",0]]}"#).get() == [.requestContent(0)])
    #expect(
      try Self.parse(#"{"actions":[["requestPage",999999999999999]]}"#).get() == [.requestPage(999_999_999_999_999)])
    guard case .failure = Self.parse(#"{"actions":[["requestPage",1000000000000000]]}"#) else {
      Issue.record("an index of 10^15 was read")
      return
    }
  }
}
