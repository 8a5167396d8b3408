import Foundation

/// Whether a port of a strategy gives exactly its metrics: both run on every trace × network ×
/// list variant with the same seed, and each pair of runs must agree on every metric, byte for
/// byte as the JSON report writes it (the strategy's name aside). How the SDKs' ports of
/// built-ins are checked (`SDKs/*/conformance.sh`), and how a team checks its own port of a
/// Swift strategy to another language before trusting it.
public struct PortConformance: Sendable {
  /// A list the pair runs on, layered over the scenario given.
  public struct Variant: Sendable {
    public var name: String
    /// The scenario fields it sets (`--set` paths), nothing for the scenario as given.
    public var settings: [String]

    public init(name: String, settings: [String]) {
      self.name = name
      self.settings = settings
    }

    /// The scenario as given; a placeholder feed of 2,000 rows (pages fetched in any order);
    /// seed 002's two-column waterfall. Between them every `ListContext` fact varies.
    public static let standard = [
      Variant(name: "scenario", settings: []),
      Variant(name: "placeholder", settings: ["feed.kind=\"placeholder\"", "feed.totalItems=2000"]),
      Variant(name: "two-columns", settings: ["list.columns=2"]),
    ]
  }

  /// One run pair's place.
  public struct Case: Sendable, Equatable {
    public var trace: String
    public var network: String
    public var variant: String
  }

  /// The first metric a pair disagrees on.
  public struct Difference: Sendable {
    public var place: Case
    public var metric: String
    public var reference: String
    public var port: String
  }

  /// Where a differing pair's runs part: the first decision (a callback and the actions taken
  /// in it) that is not the same in both runs. Both nil: every decision agreed, so what differs
  /// is the declaration (the platform block: where rows decode, the image library), not the rule.
  public struct Parting: Sendable {
    public var place: Case
    /// Decisions that agreed before it.
    public var agreed: Int
    /// The last agreeing decision, if any.
    public var before: Decision?
    /// Each side's decision there (nil: that run made no more).
    public var reference: Decision?
    public var port: Decision?
  }

  public var reference: StrategyChoice
  public var port: StrategyChoice
  public var traces: [NamedTrace]
  public var scenario: Scenario
  public var networks: [String]
  public var variants: [Variant] = Variant.standard
  public var options: SimulationOptions
  public var threads = ProcessInfo.processInfo.activeProcessorCount
  /// The last `run`'s cases, and each one's trace and scenario (for `parting`).
  private var cases: [Case] = []
  private var caseScenarios: [(trace: NamedTrace, scenario: Scenario)] = []

  public init(
    reference: StrategyChoice, port: StrategyChoice, traces: [NamedTrace], scenario: Scenario, networks: [String],
    options: SimulationOptions
  ) {
    self.reference = reference
    self.port = port
    self.traces = traces
    self.scenario = scenario
    self.networks = networks
    self.options = options
  }

  /// Every case, and the differences in case order (empty: the port conforms). A run that
  /// fails (the port's helper crashed) fails the whole check with its error.
  public mutating func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(SimError) -> (
    cases: [Case], differences: [Difference]
  ) {
    var cases: [Case] = []
    var scenarios: [Scenario] = []
    caseScenarios = []
    for variant in variants {
      var base = try Scenario.load(file: nil, overlays: [scenario.json], overrides: variant.settings)
      // The variant's settings lay over the command line's, and a session's profiles under both.
      base.sessions.fixesDevice = scenario.sessions.fixesDevice
      base.sessions.fixesNetwork = scenario.sessions.fixesNetwork
      base.sessions.later = scenario.sessions.later + base.sessions.later.dropFirst()
      for network in networks {
        let scenario = network == "scenario" ? base : try base.onNetwork(network)
        scenarios.append(scenario)
        for trace in traces { caseScenarios.append((trace, scenario)) }
        for trace in traces { cases.append(Case(trace: trace.name, network: network, variant: variant.name)) }
      }
    }
    // Each case is two cells, the built-in's run then the port's, on the same luck.
    let cells = scenarios.indices.flatMap { scenario in
      traces.indices.flatMap { trace in
        [reference, port].map {
          Batch.Cell(session: trace, scenario: scenario, seed: .fixed(options.seed), strategy: $0)
        }
      }
    }
    let batch = Batch(
      sessions: Sessions(traces), scenarios: scenarios, options: options, cells: cells, measuresLimit: false)
    let total = cells.count
    var fields: [[(String, JSONValue)]] = []
    try batch.run(threads: threads, progress: { progress($0, total) }) { _, metrics, _ throws(SimError) in
      var metrics = metrics
      metrics.strategy = ""
      fields.append(metrics.fields)
    }
    self.cases = cases
    var differences: [Difference] = []
    for (index, place) in cases.enumerated() {
      let (mine, theirs) = (fields[2 * index], fields[2 * index + 1])
      for ((key, expected), (_, got)) in zip(mine, theirs) where expected != got {
        differences.append(
          Difference(
            place: place, metric: key, reference: JSONWriter.compact(expected), port: JSONWriter.compact(got)))
        break
      }
    }
    return (cases, differences)
  }

  /// Runs `difference`'s pair again, keeping each run's decisions, and finds the first that
  /// is not the same in both.
  public func parting(_ difference: Difference) throws(SimError) -> Parting {
    guard let index = cases.firstIndex(of: difference.place) else {
      throw SimError(
        .badData, "no run pair \(difference.place.trace), \(difference.place.network), \(difference.place.variant)")
    }
    let (trace, scenario) = caseScenarios[index]
    var options = options
    options.recordDecisions = true
    let mine = try Simulation.run(
      trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: reference, options: options
    ).decisions
    let theirs = try Simulation.run(
      trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: port, options: options
    ).decisions
    var agreed = 0
    while agreed < mine.count && agreed < theirs.count && mine[agreed] == theirs[agreed] { agreed += 1 }
    return Parting(
      place: difference.place, agreed: agreed, before: agreed > 0 ? mine[agreed - 1] : nil,
      reference: agreed < mine.count ? mine[agreed] : nil, port: agreed < theirs.count ? theirs[agreed] : nil)
  }
}
