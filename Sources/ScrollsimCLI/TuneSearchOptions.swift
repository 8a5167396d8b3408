import ArgumentParser
import SimCore

/// What `tune` searches (docs/tuning.md): the stack or your own strategy, your current setting,
/// the knobs and their values, the budgets the answer keeps, the objective, and how the race
/// runs. They become a `TuneRequest`; the search itself is in SimCore (`Tune/`).
struct TuneSearchOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The stack: \(TuneStacks.names.joined(separator: ", ")).", valueName: "name"))
  var stack: String?

  @Option(
    help: ArgumentHelp(
      "Tune your own strategy instead of a stack: a name or process:COMMAND (docs/protocol.md); give its values with --knobs name=spec.",
      valueName: "name"))
  var strategy: String?

  @Option(
    help: ArgumentHelp(
      "Your current setting, name=value, comma-separated or repeated (default: the platform's defaults).",
      valueName: "k=v,…"))
  var from: [String] = []

  @Option(
    help: ArgumentHelp(
      "Search only these knobs (names, comma-separated), or give one knob's values as name=start:stop:step or name=a,b,c (repeatable; any parameter of the stack's strategy widens the search).",
      valueName: "spec"))
  var knobs: [String] = []

  @Option(
    help: ArgumentHelp(
      "A limit the answer keeps: metric<=bound, absolute (hitch_ratio<=5, peak_memory<=250MB) or relative to --from (bytes<=+10%) (repeatable). Never being killed always is one.",
      valueName: "metric<=bound"))
  var budget: [String] = []

  @Option(
    name: .customLong("for"),
    help: ArgumentHelp("What to minimise: mean (default), p50, p90 or p99 of the per-session wait.", valueName: "key"))
  var key: PopulationKey = .mean

  @Option(
    help: ArgumentHelp(
      "Comma-separated network profiles each session runs on, whatever networkProfile it names (default: each session's own, else the scenario's).",
      valueName: "a,b"))
  var networks: String?

  @Option(help: "Runs of each session per network, each with its own luck.")
  var replicates = 1

  @Option(help: "Settings raced, yours included (drawn from the grid of the knobs' values when it is larger).")
  var candidates = 81

  @Option(help: "Keep the best 1/eta of the settings at each rung of the race.")
  var eta = 3

  @Option(help: "The share of sessions held out to check the answer on.")
  var holdout = 0.3

  func validate() throws {
    guard (stack == nil) != (strategy == nil) else {
      throw ValidationError(
        "give --stack (\(TuneStacks.names.joined(separator: ", "))) or --strategy (your own), one of them")
    }
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
  }

  /// The stack to tune: a named one, or your own strategy with its declared parameters.
  func tunedStack() throws(SimError) -> TuneStack {
    if let strategy { return try TuneStacks.strategy(strategy, catalog: CommandLineContext.catalog) }
    return try TuneStacks.named(stack ?? "")
  }

  /// The search space: the stack, `--from` as your current setting (with `extra`'s name=value
  /// lists over it), and `--knobs`.
  func space(extra: [String] = []) throws(SimError) -> TuneSpace {
    let stack = try tunedStack()
    var settings: [ParameterAssignment] = []
    for list in from + extra {
      for part in list.split(separator: ",") {
        guard let (key, value) = splitKeyValue(String(part)) else {
          throw SimError(.usage, "--from \(part): expected name=value, e.g. prefetchDistance=40")
        }
        settings.append(ParameterAssignment(ParameterName(parsing: key), value))
      }
    }
    // `--knobs a,b` names knobs; `--knobs a=1,2,3` gives one knob's values.
    let knobSpecs = knobs.flatMap { $0.contains("=") ? [$0] : $0.split(separator: ",").map(String.init) }
    return try TuneSpace(
      stack: stack, from: settings, knobs: knobs.isEmpty ? nil : knobSpecs,
      catalog: CommandLineContext.catalog)
  }

  /// The whole request: `space` over `sessions`, with the race's settings and the budgets.
  func request(space: TuneSpace, sessions: Sessions, scenario: Scenario, options: SimulationOptions)
    throws(SimError) -> TuneRequest
  {
    var request = TuneRequest(space: space, sessions: sessions, scenario: scenario, options: options)
    if let networks { request.networks = networks.split(separator: ",").map(String.init) }
    request.replicates = replicates
    request.candidates = candidates
    request.eta = eta
    request.holdout = holdout
    request.key = key
    request.budgets = try budget.map { text throws(SimError) in try TuneBudget(text) }
    request.catalog = CommandLineContext.catalog
    return request
  }
}
