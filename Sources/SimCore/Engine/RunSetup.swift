/// What one run is given: the input and the name it is reported under, the list and network,
/// the physics it scrolls with, the options, and the strategy's label. `Simulation.run` builds
/// it; a strategy that searches over runs of its own (`SearchingStrategy`) receives it whole.
struct RunSetup {
  let trace: Trace
  let traceName: String
  let scenario: Scenario
  let physics: any ScrollPhysics
  let options: SimulationOptions
  /// The strategy as reports name it (`StrategyChoice.label`).
  let label: String
}

/// A finished run, with what only a search over runs reads from the engine: the rows whose
/// latest image arrived and was never on screen (fetched too late to be seen).
struct FinishedRun {
  let result: RunResult
  let rowsFetchedUnseen: [Int]
}
