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
