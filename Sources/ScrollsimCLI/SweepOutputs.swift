import ArgumentParser
import SimCore

/// What `sweep` and `merge` write: the table, its Markdown summary and its Pareto picture.
struct SweepOutputs: ParsableArguments {
  @Option(
    name: .shortAndLong, help: ArgumentHelp("Result CSV (written atomically; stdout if absent).", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("Write the Markdown summary here (stdout if absent and -o is given).", valueName: "file"))
  var summary: String?

  @Option(
    help: ArgumentHelp(
      "Draw every configuration's wait against its wasted requests, the Pareto frontier marked, as SVG.",
      valueName: "file"))
  var svg: String?

  @Option(
    help: ArgumentHelp(
      "Objective to minimise (grammar in docs/sweeps.md): metric keys and the aliases wait_time, blank_time, stall_time, wasted_requests, requests, megabytes, hitch_ratio, peak_mb, mean_mb; e.g. \"wait_time + 0.01*peak_mb\".",
      valueName: "expr"))
  var objective = SweepSummary.defaultObjective

  /// Writes `table` and, unless `tableOnly` (a stopped sweep keeps its rows for --resume), the
  /// summary and the picture for `objective` (this `--objective`, parsed by the command before
  /// its work), and `also` (the gate's files); all files or none. `scenario`: the effective
  /// scenario a `--summary` file records (nil for `merge`, which has only the tables).
  func write(
    _ table: SweepTable, objective: Objective, tableOnly: Bool = false, also: [(text: String, path: String?)] = [],
    scenario: Scenario? = nil, unreadableLeftOut: Int = 0
  ) throws(SimError) {
    var outputs: [(text: String, path: String?)] = also + [(table.csv, output)]
    if !tableOnly {
      if let svg { outputs.append((ParetoSVG.render(table: table, objective: objective), svg)) }
      if summary != nil || output != nil {
        outputs.append(
          (
            // The effective scenario goes into a summary file; on a terminal it would bury the table.
            SweepSummary.markdown(
              table, objective: objective, command: CommandLineContext.commandLine,
              scenario: summary == nil ? nil : scenario?.json, unreadableLeftOut: unreadableLeftOut),
            summary
          ))
      }
    }
    try emitAll(outputs)
  }
}
