import SimCore

/// The engine on fuzzed scenarios: network, feed, cells, stalls and a strategy together.
extension FuzzTarget {
  /// A scenario file, a line `#set` and `--set path=value` lines (as the `scenario` target),
  /// then optionally a line `#trace` and a trace file; without one, a 5 s fling-stress trace.
  /// Runs one built-in strategy, picked by the input's hash, under the engine's own limits (a
  /// run that cannot finish is a refusal). Lists of any length are run (rows are laid out as
  /// reached). Skipped for cost, not safety: traces over 20 s and give-ups over 60 s (each
  /// only makes a run long; the limits themselves are tested elsewhere). A given trace of at
  /// most 20 samples, whatever its span, first runs every strategy over the default scenario
  /// within `RunBudget`.
  package static let simulate = FuzzTarget(
    name: "simulate", input: "a scenario file, #set lines, then #trace and a trace file"
  ) { bytes in
    let (head, traceText) = split(text(bytes), at: "#trace")
    guard let scenario = fuzzScenario(from: head), scenario.stall.giveUpAfter <= 60 else { return }
    let trace: Trace
    if let traceText {
      guard let decoded = try? Trace.decode(JSONParser.parse(traceText)) else { return }
      trace = decoded
    } else {
      trace = defaultFuzzTrace
    }
    // Any short trace, however long it lasts, keeps to the budget of every strategy.
    if traceText != nil { RunBudget.check(trace) }
    guard TraceStats(trace).duration <= 20 else { return }
    let names = StrategyCatalog.builtIn.names
    let strategy = names[Int(fnv1a64(text(bytes)) % UInt64(names.count))]
    guard let choice = try? StrategyChoice(name: strategy, parameters: []) else { return }
    var options = SimulationOptions()
    options.maxEvents = 2_000_000
    _ = try? Simulation.run(trace: trace, traceName: "fuzz", scenario: scenario, strategy: choice, options: options)
  }
}

let defaultFuzzTrace = GestureGenerator.generate(profile: .flingStress, duration: 5, seed: 1)
