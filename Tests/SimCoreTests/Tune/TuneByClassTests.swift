import Testing

@testable import SimCore

/// `tune` across a mix of phones (issue 62): each class raced on its own, the per-class settings
/// judged against one setting for all on held-out sessions, and the answer printed as code that
/// switches on the phone's RAM.
@Suite struct TuneByClassTests {
  /// 60 users of 30 s, half on the low-end phone and half on the flagship, Flutter's scrolling.
  static func population(seed: UInt64) -> GeneratedPopulation {
    var population = GeneratedPopulation(
      kind: .feed, profile: SessionProfiles.feed, count: 60, seed: seed, device: Device(physics: "flutter-android"),
      seconds: 30)
    population.deviceMix = try! ProfileMix("low-end=0.5,high=0.5", kind: .device, option: "-")
    return population
  }

  static func request(_ population: GeneratedPopulation, budgets: [String]) throws -> TuneRequest {
    let traces = (0..<population.count).map(population.namedSession)
    var request = TuneRequest(
      space: try TuneSpace(stack: try TuneStacks.named("flutter"), knobs: ["cacheExtent=250,1000,4000,8000"]),
      traces: traces, scenario: .default, options: SimulationOptions(seed: 1))
    request.budgets = try budgets.map { text throws(SimError) in try TuneBudget(text) }
    request.sessionClasses = traces.map { $0.trace.deviceProfile ?? Trace.ownProfile }
    return request
  }

  static func tune(_ request: TuneRequest) throws -> TuneResult {
    let job = try TuneSearch(request)
    var table = try job.table()
    return try #require(try job.run(into: &table, jobs: 2))
  }

  /// The tune without a budget, which two tests read (computed once).
  static let unbounded: TuneResult = try! tune(try! request(population(seed: 7), budgets: []))

  /// A memory budget on the low-end phones that the best single setting breaks: the answer is
  /// per class, keeps every class's budget on the held-out sessions, and its code branches.
  @Test func aClassBudgetTheBestSingleSettingBreaksGivesAnAnswerPerClass() throws {
    let request = try Self.request(Self.population(seed: 7), budgets: ["mean_memory<=+0%@low-end"])
    let result = try Self.tune(request)
    let byClass = try #require(result.byClass)
    #expect(byClass.perClass, "\(byClass.reason)")
    let low = try #require(byClass.classes.first { $0.name == "low-end" })
    let high = try #require(byClass.classes.first { $0.name == "high" })
    #expect(low.setting != high.setting)
    for item in byClass.classes { #expect(item.own?.broken == [], "\(item.name)") }
    let gain = try #require(byClass.gain)
    #expect(gain.upper < 0)
    // The best single setting without the budget breaks it on the low-end phones.
    #expect(Self.unbounded.answer != low.setting)
    // Code that switches on the phone's RAM, the threshold between the profiles stated.
    let value = { (setting: Int) in request.space.value("flutter.cacheExtent", in: result.settings[setting]) }
    #expect(result.code.contains("physicalRamSize") && result.code.contains("<= 2434"))
    #expect(result.code.contains("cacheExtent: \(value(low.setting))"))
    #expect(result.code.contains("cacheExtent: \(value(high.setting))"))
    let report = TuneReport.markdown(result, command: "t")
    #expect(report.contains("**Ship this, per device class**") && report.contains("## Per device class"))

    // Held on a population of the same mix it never saw: each class's setting waits less than the
    // one for all there too, and the low-end phones' memory stays where the single setting has it.
    let fresh = Self.population(seed: 8)
    let traces = (0..<fresh.count).map(fresh.namedSession)
    func run(_ setting: Int, _ trace: NamedTrace) throws -> RunMetrics {
      let choice = try StrategyChoice(
        name: "flutter", parameters: result.settings[setting].map { "\($0.name.key)=\($0.value)" })
      return try Simulation.run(trace: trace.trace, traceName: trace.name, scenario: .default, strategy: choice).metrics
    }
    var single = 0.0
    var perClass = 0.0
    for trace in traces {
      let mine = trace.trace.deviceProfile == "low-end" ? low.setting : high.setting
      single += try run(byClass.single, trace).waitSeconds
      perClass += try run(mine, trace).waitSeconds
    }
    #expect(perClass < single, "per class \(perClass) s against one for all \(single) s")
  }

  /// Without a budget every class's race picks the same setting: one setting, said as such.
  @Test func oneSettingWhenItIsAsGood() throws {
    let result = Self.unbounded
    let byClass = try #require(result.byClass)
    #expect(!byClass.perClass && byClass.reason.contains("own race chose the one setting for all"))
    #expect(!result.code.contains("totalMemoryMb"))
  }

  /// An interval not below zero is worded by where it lies: above zero, per class is worse;
  /// across it (its lower end at zero or below), undecided.
  @Test func theWordingFollowsTheInterval() {
    #expect(TuneByClass.notBelowZero(lower: 0.011).contains("above zero: per class is worse"))
    #expect(TuneByClass.notBelowZero(lower: 0.000001).contains("above zero"))
    #expect(TuneByClass.notBelowZero(lower: 0).contains("crosses zero"))
    #expect(TuneByClass.notBelowZero(lower: -0.2).contains("crosses zero"))
    #expect(TuneByClass.notBelowZero(lower: nil).contains("cannot tell them apart"))
  }

  @Test func aClassBudgetNeedsThatClass() throws {
    #expect {
      _ = try TuneSearch(try Self.request(Self.population(seed: 7), budgets: ["peak_memory<=400MB@lowend"]))
    } throws: { error in
      (error as! SimError).message.contains("no session runs on device class lowend (did you mean \"low-end\"?)")
    }
    var request = try Self.request(Self.population(seed: 7), budgets: ["peak_memory<=400MB@low-end"])
    request.sessionClasses = nil
    #expect(throws: SimError.self) { try TuneSearch(request) }
    #expect(try TuneBudget("peak_memory <= 400MB @ low-end").sessionClass == "low-end")
    #expect(throws: SimError.self) { try TuneBudget("peak_memory<=400MB@") }
  }
}
