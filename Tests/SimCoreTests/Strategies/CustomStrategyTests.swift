// Not @testable: this file sees only what a downstream package sees.
import SimCore
import Testing

/// A strategy defined outside SimCore: it requests the next page when the last visible row is
/// within `rows` rows of the end, and loads content as cells display.
final class RowsFromEndStrategy: PrefetchStrategy {
  static let info = StrategyInfo(
    name: "rows-from-end", aliases: ["rfe"], summary: "Next page when the last visible row is near the end.",
    origin: "a test of the public API",
    parameters: [ParameterInfo("rows", .number(0...1000), default: "5", "rows from the end that trigger a page")])

  private let rows: Int
  init(parameters: StrategyParameters) { rows = Int(parameters.number("rows")) }

  func didScroll(_ list: any ListContext) {
    guard list.hasMoreData, list.pageRequestsOutstanding == 0, let last = list.visibleItems.last else { return }
    if list.itemCount - 1 - last < rows { list.requestPage(list.nextPageIndex) }
  }

  func willDisplay(_ list: any ListContext, item: Int) { list.load([item]) }
}

/// A strategy on a clock: at load it asks to be woken in 0.25 s and in 10⁹ s, and notes when.
final class AlarmStrategy: PrefetchStrategy {
  static let info = StrategyInfo(name: "alarm", summary: "Wakes up.", origin: "a test of wakeUp", parameters: [])
  nonisolated(unsafe) static var fired: [Double] = []
  init(parameters: StrategyParameters) {}
  func listDidLoad(_ list: any ListContext) {
    list.wakeUp(after: 0.25)
    list.wakeUp(after: 1e9)
    list.wakeUp(after: .nan)  // treated as now, never a trap
  }
  func timerDidFire(_ list: any ListContext) { Self.fired.append(list.time) }
  func willDisplay(_ list: any ListContext, item: Int) { list.load([item]) }
}

/// A strategy that never lets the clock move: each wake-up asks for another one now.
final class SpinningStrategy: PrefetchStrategy {
  static let info = StrategyInfo(
    name: "spinning", summary: "Wakes itself now, forever.", origin: "a test", parameters: [])
  init(parameters: StrategyParameters) {}
  func listDidLoad(_ list: any ListContext) { list.wakeUp(after: 0.1) }
  func timerDidFire(_ list: any ListContext) { list.wakeUp(after: 0) }
}

/// A strategy that keeps the session busy: a wake-up every millisecond, forever.
final class TickingStrategy: PrefetchStrategy {
  static let info = StrategyInfo(name: "ticking", summary: "Wakes every 1 ms.", origin: "a test", parameters: [])
  init(parameters: StrategyParameters) {}
  func listDidLoad(_ list: any ListContext) { list.wakeUp(after: 0.001) }
  func timerDidFire(_ list: any ListContext) { list.wakeUp(after: 0.001) }
}

/// The open catalog: a strategy from outside runs through every public runner, beside the
/// built-ins, on the same luck.
@Suite(.serialized) struct CustomStrategyTests {
  /// A wake-up comes at its time; one due after the session ends never comes and does not
  /// keep the session going.
  @Test func wakeUpsComeOnTime() throws {
    AlarmStrategy.fired = []
    let result = try Simulation.run(
      trace: trace, traceName: "t", scenario: .default, strategy: StrategyChoice(AlarmStrategy.self))
    #expect(AlarmStrategy.fired == [0, 0.25])
    #expect(result.metrics.sessionSeconds < 60)
  }

  let trace = GestureGenerator.generate(profile: .flingStress, duration: 20, seed: 4)

  /// A loop at one instant is stopped and named as such, with the strategy and the trace.
  @Test func aRunStuckAtOneInstantIsStopped() {
    var options = SimulationOptions()
    options.maxEventsAtOneInstant = 10_000
    do {
      _ = try Simulation.run(
        trace: trace, traceName: "stuck.json", scenario: .default, strategy: StrategyChoice(SpinningStrategy.self),
        options: options)
      Issue.record("the run ended")
    } catch {
      #expect(error.exitCode == 65)
      #expect(
        error.description.contains(
          "spinning on stuck.json: no progress in simulated time: 10000 events at t = 0.100000 s"))
    }
  }

  /// Frames and events together are bounded, whatever keeps the run going.
  @Test func aRunThatNeverEndsIsStopped() {
    var options = SimulationOptions()
    options.maxEvents = 50_000
    do {
      _ = try Simulation.run(
        trace: trace, traceName: "busy.json", scenario: .default, strategy: StrategyChoice(TickingStrategy.self),
        options: options)
      Issue.record("the run ended")
    } catch {
      #expect(error.description.contains("ticking on busy.json: the run did not finish within 50000 events and frames"))
    }
  }

  @Test func runsThroughSimulationRun() throws {
    let choice = try StrategyChoice(RowsFromEndStrategy.self, parameters: ["rows": "8"])
    #expect(choice.label == "rows-from-end(rows=8)")
    let result = try Simulation.run(trace: trace, traceName: "t", scenario: .default, strategy: choice)
    #expect(result.metrics.strategy == "rows-from-end(rows=8)")
    #expect(result.metrics.pageRequests > 0)
    #expect(result.metrics.contentRequests > 0)
  }

  @Test func parametersAreCheckedAgainstItsDeclaration() {
    #expect(throws: SimError.self) { try StrategyChoice(RowsFromEndStrategy.self, parameters: ["row": "8"]) }
    #expect(throws: SimError.self) { try StrategyChoice(RowsFromEndStrategy.self, parameters: ["rows": "-1"]) }
    #expect(throws: SimError.self) { try StrategyChoice(RowsFromEndStrategy.self, parameters: ["rows": "many"]) }
  }

  @Test func comparesBesideTheBuiltInsOnTheSameLuck() throws {
    let catalog = StrategyCatalog.builtIn.adding(RowsFromEndStrategy.self)
    #expect(catalog.names.last == "rows-from-end")
    #expect(try catalog.lookup("rfe").swiftType == RowsFromEndStrategy.self)
    let choices = try catalog.choices("threshold,rfe", parameters: ["rows=3"])
    let rows = try Comparison.run(
      traces: [NamedTrace(name: "t", trace: trace)], scenario: .default, strategies: choices)
    #expect(rows.map(\.strategy) == ["threshold", "rows-from-end(rows=3)"])
    // The built-in gives the same numbers inside the mixed comparison as alone; the comparison
    // adds the distance to the clairvoyant limit.
    var alone = try Simulation.run(
      trace: trace, traceName: "t", scenario: .default, strategy: StrategyChoice(name: "threshold", parameters: [])
    ).metrics
    #expect(alone.waitOverLimit == nil && rows[0].waitOverLimit != nil)
    alone.waitOverLimit = rows[0].waitOverLimit
    #expect(rows[0] == alone)
    #expect(throws: SimError.self) { try StrategyCatalog.builtIn.lookup("rows-from-end") }
  }

  @Test func sweepsUseTheCatalog() throws {
    var plan = SweepPlan(
      strategies: ["rows-from-end", "threshold"], traceNames: ["t"],
      catalog: StrategyCatalog.builtIn.adding(RowsFromEndStrategy.self))
    plan.grid = [try SweepPlan.axis("rows=2,6"), try SweepPlan.axis("threshold=0.5,0.9")]
    let configurations = Array(try plan.configurations())
    #expect(configurations.map(\.parametersText) == ["rows=2", "rows=6", "threshold=0.5", "threshold=0.9"])
    let input = SweepRunner.Input(
      plan: plan, traces: [NamedTrace(name: "t", trace: trace)], scenario: .default, options: SimulationOptions())
    var table = SweepTable(fingerprint: try input.fingerprint(), total: configurations.count)
    try SweepRunner.run(input, configurations: configurations, into: &table, jobs: 2)
    #expect(table.rows.count == 4)
    #expect(table.csv.contains("rows-from-end"))
  }

  /// Reading a parameter the strategy does not declare is a programming error, loud in debug.
  @Test func aMisspeltParameterFailsLoudly() async {
    await #expect(processExitsWith: .failure) {
      let parameters = try StrategyParameters(info: RowsFromEndStrategy.info)
      _ = parameters.number("rowz")
    }
  }
}
