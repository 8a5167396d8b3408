/// What `scrollsim tune` is asked: the stack's search space, the sessions, the scenario and
/// networks they run on, the objective and the budgets, and how the search spends its runs.
package struct TuneRequest: Sendable {
  package var space: TuneSpace
  /// The sessions, read a window at a time as their runs come.
  package var sessions: Sessions
  package var scenario: Scenario
  /// The simulation options; `seed` is the base every session's luck derives from.
  package var options: SimulationOptions
  /// Network profile names; "scenario" lays none (each session on its own network, else the
  /// scenario's link).
  package var networks: [String] = ["scenario"]
  /// Runs of each session per network, each with its own luck (`Replicates.seed`).
  package var replicates = 1
  /// Settings raced, the current one included.
  package var candidates = 81
  /// The share of settings kept at each rung is 1/η.
  package var eta = 3
  /// The share of sessions held out.
  package var holdout = 0.3
  /// The objective: the mean wait per session or a percentile of it.
  package var key: PopulationKey = .mean
  package var budgets: [TuneBudget] = []
  package var catalog: StrategyCatalog = .builtIn
  /// Session files left out because they could not be read (`--skip-unreadable`), by name;
  /// the report states how many.
  package var unreadableLeftOut: [String] = []
  /// The device class each session runs on (its `deviceProfile`, "scenario" where it names
  /// none), by session index (the CLI reads them in its one pass over the sessions); nil, or
  /// every session of one class: the answer is one setting for all. With two classes or more
  /// tune also races each class and answers per class when that beats one setting (`TuneByClass`).
  package var sessionClasses: [String]?
  /// The network profile each session names ("scenario" where none), by session index; the
  /// report's headline says which networks the answer was measured on. nil: not read.
  package var sessionNetworks: [String]?
  /// Whether the answer's knobs are moved one by one after it (`TuneSensitivity`); off for the
  /// other libraries raced beside a stack (`TuneAlternatives`), whose answer is compared, not read.
  package var movesKnobs = true

  package init(space: TuneSpace, sessions: Sessions, scenario: Scenario, options: SimulationOptions) {
    self.space = space
    self.sessions = sessions
    self.scenario = scenario
    self.options = options
  }

  package init(space: TuneSpace, traces: [NamedTrace], scenario: Scenario, options: SimulationOptions) {
    self.init(space: space, sessions: Sessions(traces), scenario: scenario, options: options)
  }
}
