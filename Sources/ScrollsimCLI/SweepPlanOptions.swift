import ArgumentParser
import SimCore

/// What `sweep` runs (docs/sweeps.md): the strategies, a grid or a random search over their
/// parameters, the networks to cross with, and replicates.
struct SweepPlanOptions: ParsableArguments {
  @OptionGroup var strategiesOption: StrategiesOption
  var strategies: String { strategiesOption.strategies }

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A grid axis: name=start:stop:step or name=a,b,c (repeatable; kebab-case names work).", valueName: "name=spec"))
  var grid: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A parameter held at one value for the strategies that declare it, as in run and compare (repeatable): a one-value grid axis.",
      valueName: "key=value"),
    transform: ParameterAssignment.argument)
  var param: [ParameterAssignment] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A range for random search: name=low:high (repeatable; with --samples).", valueName: "name=low:high"))
  var range: [String] = []

  @Option(help: "Random configurations per strategy over the --range axes (instead of the grid).")
  var samples = 0

  @Option(
    help: ArgumentHelp(
      "Comma-separated network profiles to cross with: every session on each, whatever networkProfile it names (default: each session's own, else the scenario's).",
      valueName: "a,b"))
  var networks: String?

  @Option(help: "Runs per configuration with derived seeds (the same seeds for every configuration).")
  var replicates = 1

  func validate() throws {
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
    guard samples >= 0, samples <= 1_000_000 else { throw ValidationError("--samples must be in 0...1000000") }
    if samples > 0 && range.isEmpty { throw ValidationError("--samples needs at least one --range") }
    if samples == 0 && !range.isEmpty { throw ValidationError("--range needs --samples N") }
  }

  /// The plan these options describe, from `seed` over the traces named `traceNames`.
  func plan(seed: UInt64, traceNames: [String]) throws(SimError) -> SweepPlan {
    var plan = try SweepJob.plan(
      strategies: strategies, grid: grid, ranges: range, samples: samples, networks: networks,
      replicates: replicates, seed: seed, traceNames: traceNames, catalog: CommandLineContext.catalog)
    for assignment in param {
      let axes = plan.grid.map(\.name) + plan.ranges.map(\.name)
      guard !axes.contains(assignment.name) else {
        throw SimError(.usage, "--param \(assignment): \(assignment.name) is also an axis; give it one way")
      }
      plan.grid.append(
        SweepPlan.Axis(name: assignment.name, values: [SweepPlan.axisValue(assignment.value)], option: "--param"))
    }
    return plan
  }
}
