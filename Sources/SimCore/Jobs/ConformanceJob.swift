import Foundation

/// Whether a port of a strategy gives exactly its runs: both run on every trace × network ×
/// list variant with the same seed, and each pair of runs must agree on every metric, byte for
/// byte as the JSON report writes it (the strategy's name aside), and on every decision (each
/// callback and the actions taken in it, `DecisionLog`). How the SDKs' ports of
/// built-ins are checked (`SDKs/*/conformance.sh`), and how a team checks its own port of a
/// Swift strategy to another language before trusting it.
package struct ConformanceJob: Sendable {
  /// A list the pair runs on, layered over the scenario given.
  package struct Variant: Sendable {
    package var name: String
    /// The scenario fields it sets (`--set` paths), nothing for the scenario as given.
    package var settings: [String]

    package init(name: String, settings: [String]) {
      self.name = name
      self.settings = settings
    }

    /// The scenario as given; a placeholder feed of 2,000 rows (pages fetched in any order);
    /// seed 002's two-column waterfall; a two-column grid of equal rows with gaps, padding and
    /// an image box (rows of `rowItems` a port must place as the engine does). Between them
    /// every `ListContext` fact varies.
    package static let standard = [
      Variant(name: "scenario", settings: []),
      Variant(name: "placeholder", settings: ["feed.kind=\"placeholder\"", "feed.totalItems=2000"]),
      Variant(name: "two-columns", settings: ["list.columns=2"]),
      Variant(
        name: "grid",
        settings: [
          "list.layout=\"grid\"", "list.columns=2", "list.rowGap=8", "list.columnGap=8", "list.padding=8",
          #"list.imageBox={"aspect":"3:4"}"#,
        ]),
    ]
  }

  /// One run pair's place.
  package struct Case: Sendable, Equatable {
    package var trace: String
    package var network: String
    package var variant: String
  }

  /// A pair whose runs are not the same: the first metric they disagree on, or (every metric
  /// agreeing) where their decisions part.
  package struct Difference: Sendable {
    package var place: Case
    /// The first metric the runs disagree on, with each side's value; nil when every metric
    /// agrees and only the decisions differ.
    package var metric: String?
    package var reference: String
    package var port: String
    /// Where the runs' decisions part (both sides nil: every decision agreed).
    package var parting: Parting

    /// Whether the decisions differ (a rule that decided differently, whatever the metrics).
    package var decisionsDiffer: Bool { parting.reference != nil || parting.port != nil }
  }

  /// Where a pair's runs part: the first decision (a callback and the actions taken in it)
  /// that is not the same in both runs. Both nil: every decision agreed, so what differs is
  /// the declaration (the platform block: where rows decode, the image library), not the rule.
  package struct Parting: Sendable {
    package var place: Case
    /// Decisions that agreed before it.
    package var agreed: Int
    /// The last agreeing decision, if any.
    package var before: Decision?
    /// Each side's decision there (nil: that run made no more).
    package var reference: Decision?
    package var port: Decision?

    /// The first decision the two logs differ in.
    init(place: Case, reference mine: [Decision], port theirs: [Decision]) {
      var agreed = 0
      while agreed < mine.count && agreed < theirs.count && mine[agreed] == theirs[agreed] { agreed += 1 }
      self.place = place
      self.agreed = agreed
      before = agreed > 0 ? mine[agreed - 1] : nil
      reference = agreed < mine.count ? mine[agreed] : nil
      port = agreed < theirs.count ? theirs[agreed] : nil
    }
  }

  package var reference: StrategyChoice
  package var port: StrategyChoice
  package var traces: [NamedTrace]
  package var scenario: Scenario
  package var networks: [String]
  package var variants: [Variant] = Variant.standard
  package var options: SimulationOptions

  package init(
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

  /// What a check found: every case, and the pairs that differ in case order (empty: the port
  /// conforms).
  package struct Outcome: Sendable {
    package var cases: [Case]
    package var differences: [Difference]
  }

  /// Runs every case on `control.threads` threads; a pair differs in a metric, or in a decision
  /// with every metric the same (a port that acts differently where it happens not to show).
  /// Each case runs both strategies keeping their decisions; `control.progress` hears runs
  /// done, two a case. A run that fails (the port's helper crashed or timed out) stops the
  /// check at once, and its error names the case.
  package func perform(_ control: BatchControl) throws(SimError) -> Outcome {
    var cases: [Case] = []
    var scenarios: [Scenario] = []
    var cells: [Batch.Cell] = []
    for variant in variants {
      var base = try Scenario.load(file: nil, overlays: [scenario.json], overrides: variant.settings)
      // The variant's settings lay over the command line's, and a session's profiles under both.
      base.sessions.fixesDevice = scenario.sessions.fixesDevice
      base.sessions.fixesNetwork = scenario.sessions.fixesNetwork
      base.sessions.fixedPlatform = scenario.sessions.fixedPlatform
      base.sessions.later = scenario.sessions.later + base.sessions.later.dropFirst()
      for network in networks {
        scenarios.append(network == "scenario" ? base : try base.onNetwork(network))
        for trace in traces.indices {
          cases.append(Case(trace: traces[trace].name, network: network, variant: variant.name))
          for strategy in [reference, port] {
            cells.append(
              Batch.Cell(
                session: trace, scenario: scenarios.count - 1, seed: .fixed(options.seed), strategy: strategy,
                record: .decisions))
          }
        }
      }
    }
    var batch = Batch(
      sessions: Sessions(traces), scenarios: scenarios, options: options, cells: cells, measuresLimit: false)
    // A failed run (the port's helper) stops the check at once; cells start in case order, so
    // the first failure in order is one that ran, and its error names the case.
    batch.stopsAtFirstFailure = true
    let names = (traces.map(\.name), networks, variants.map(\.name))
    batch.failureNaming = { cell, error in
      let (network, variant) = (cell.scenario % names.1.count, cell.scenario / names.1.count)
      var named = error
      named.message =
        "in \(names.0[cell.session]), network \(names.1[network]), list \(names.2[variant]): " + error.message
      return named
    }
    control.progress.start(total: cells.count)
    let runs = try batch.results(threads: control.threads, progress: control.progress.update)
    control.progress.finish()
    let differences = cases.indices.compactMap { Self.difference(cases[$0], runs[2 * $0], runs[2 * $0 + 1]) }
    return Outcome(cases: cases, differences: differences)
  }

  /// How `theirs` (the port's run) differs from `mine`, or nil when every metric and every
  /// decision is the same.
  private static func difference(_ place: Case, _ mine: RunResult, _ theirs: RunResult) -> Difference? {
    var (mineMetrics, theirMetrics) = (mine.metrics, theirs.metrics)
    mineMetrics.strategy = ""
    theirMetrics.strategy = ""
    let parting = Parting(place: place, reference: mine.decisions, port: theirs.decisions)
    for ((key, expected), (_, got)) in zip(mineMetrics.fields, theirMetrics.fields) where expected != got {
      return Difference(
        place: place, metric: key, reference: JSONWriter.compact(expected), port: JSONWriter.compact(got),
        parting: parting)
    }
    guard parting.reference != nil || parting.port != nil else { return nil }
    return Difference(place: place, metric: nil, reference: "", port: "", parting: parting)
  }
}
