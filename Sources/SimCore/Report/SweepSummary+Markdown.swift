import Foundation

/// A sweep's summary as Markdown (`sweep --summary`): the best configuration per strategy,
/// the frontiers and the winners per trace and network, read from the sweep's fold
/// (`SweepSummary.candidates`, `winners`).
extension SweepSummary {
  /// The summary as Markdown.
  /// `command`, when given, goes into the last line with the version (what made this summary);
  /// `scenario`, the effective scenario the runs assumed, follows folded.
  package static func markdown(
    _ table: SweepTable, objective: Objective, command: String? = nil, scenario: JSONValue? = nil,
    unreadableLeftOut: Int = 0
  ) -> String {
    let all = candidates(table, objective: objective)
    var lines = [
      "## Best configuration per strategy", "",
      "Objective (lower is better): `\(objective.description)`, averaged over each configuration's networks, traces and replicates.",
      "",
    ]
    lines += markdownRows(best(all))
    let killed = all.filter(\.killed).count
    if killed > 0 {
      lines += [
        "",
        "\(killed) configuration\(killed == 1 ? " was" : "s were") killed for memory in some run (kills > 0): never best while one lived, and left out of the frontiers (a killed app's wait stops at its kill).",
      ]
    }
    lines += SweepSessions.markdown(table, best: best(all))
    let frontiers: [(title: String, beats: String, candidates: [Candidate])] = [
      ("Pareto frontier", "the user's wait and wasted requests", pareto(all)),
      (
        "Pareto frontier of wait and hitches", "the user's wait and the main thread's hitch time ratio",
        waitAndHitchFrontier(all)
      ),
      ("Pareto frontier of wait and memory", "the user's wait and the app's peak memory", waitAndMemoryFrontier(all)),
    ]
    let sources = ["", " (docs/main-thread.md)", " (docs/memory.md)"]
    for (frontier, source) in zip(frontiers, sources) {
      lines += [
        "", "## \(frontier.title)", "",
        "Configurations that no other beats on \(frontier.beats) at once (means), by wait\(source).", "",
      ]
      lines += markdownRows(frontier.candidates)
    }
    let cells = winners(table, objective: objective)
    if cells.count > 1 { lines += markdownWinners(cells) }
    lines.append("")
    let configurations = all.count == 1 ? "1 configuration" : "\(all.count) configurations"
    lines.append(
      "\(table.rows.count) of the sweep's \(table.total) runs, \(configurations) (sweep \(table.fingerprint)).")
    if let command {
      let leftOut = unreadableLeftOut > 0 ? " · " + Provenance.leftOutNote(unreadableLeftOut) : ""
      lines += ["", "<sub>scrollsim \(Provenance.version) · `\(command)`\(leftOut)</sub>"]
    }
    // What the runs assumed, folded: the scenario as `scrollsim scenario` prints it.
    if let scenario {
      lines += [
        "", "<details><summary>The effective scenario</summary>", "", "```json",
        JSONWriter.pretty(scenario), "```", "", "</details>",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A candidate's mean of a metric as its column prints a mean.
  private static func mean(_ c: Candidate, _ metric: Metric) -> String {
    metric.column!.format(c.means[metric.key], digits: metric.column!.meanDigits)
  }

  /// A table of candidates: their parameters, runs, the sweep table's metrics and the objective.
  private static func markdownRows(_ candidates: [Candidate]) -> [String] {
    let rows = candidates.map { c in
      let objectiveText = c.objective.map { NumberText.fixed($0, 3) } ?? "–"
      let parameters = c.parameters.isEmpty ? "(defaults)" : c.parameters.replacingOccurrences(of: ";", with: ", ")
      return [c.strategy, parameters, String(c.runs)] + Metric.sweepTable.map { mean(c, $0) } + [objectiveText]
    }
    return MarkdownTable.lines(
      ["strategy", "parameters", "runs"] + Metric.sweepTable.map { $0.column!.header } + ["objective"], rows,
      textColumns: 2)
  }

  /// "Best per trace and network": each cell's best configuration and its runner-up.
  private static func markdownWinners(_ cells: [Cell]) -> [String] {
    func name(_ c: Candidate) -> String {
      c.parameters.isEmpty ? c.strategy : "\(c.strategy) (\(c.parameters.replacingOccurrences(of: ";", with: ", ")))"
    }
    let waitColumns = ["waitSeconds", "waitOverLimit"].map { Metric.named($0)! }
    func figures(_ c: Candidate) -> [String] {
      [c.objective.map { NumberText.fixed($0, 2) } ?? "–"] + waitColumns.map { mean(c, $0) }
    }
    let header = [
      "trace", "network", "best", "objective", "wait s", "over limit", "runner-up", "objective", "wait s",
      "over limit",
    ]
    let noRunnerUp = ["–", "–", "–", "–"]
    let body: [[String]] = cells.map { cell in
      let best: [String] = [cell.trace, cell.network, name(cell.best)] + figures(cell.best)
      let second: [String] = cell.runnerUp.map { [name($0)] + figures($0) } ?? noRunnerUp
      return best + second
    }
    return [
      "", "## Best per trace and network", "",
      "The configuration with the lowest objective on each trace and network (means over replicates), and the runner-up: the best of another strategy (of one strategy: the second-best configuration).",
      "",
    ]
      + MarkdownTable.lines(
        header, body, alignments: [.left, .left, .left, .right, .right, .right, .left, .right, .right, .right])
  }
}
