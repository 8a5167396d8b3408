import Foundation

/// The other libraries a team can ship the same list with, each tuned on the same sessions, the
/// same held-out split and the same luck as the stack asked for (`TuneStack.alternatives`: the
/// web's IntersectionObserver page beside TanStack Virtual, react-window and react-virtuoso), so
/// their held-out figures compare and the answer covers which library as well as which knobs.
/// Each other library's race is the one `tune --stack NAME` runs with a third of the settings
/// (`candidates`), one setting for every device class, and no knob moved after it: their
/// answers are compared, and a team that picks one tunes it alone. Budgets relative to `--from`
/// (`bytes<=+10%`) are relative to each library's own defaults.
package enum TuneAlternatives {
  /// The settings each other library races when the asked-for stack races `candidates`: a
  /// third, at least 9 (a race of three rungs at η = 3).
  package static func candidates(_ candidates: Int) -> Int { max(9, candidates / 3) }

  /// One library's answer: what it ships and what that costs on the held-out sessions.
  struct Row {
    var result: TuneResult
    var figures: TuneResult.Measured
  }

  /// The answered results, the asked-for stack first, ordered by their objective (the asked-for
  /// stack first among equals); a result with no held-out figures for its answer is left out.
  static func rows(_ primary: TuneResult, _ others: [TuneResult]) -> [Row] {
    let all = ([primary] + others).compactMap { result in
      result.measured(result.answer).map { Row(result: result, figures: $0) }
    }
    return all.enumerated().sorted {
      ($0.element.figures.objective, $0.offset) < ($1.element.figures.objective, $1.offset)
    }
    .map(\.element)
  }

  /// The section after the asked-for stack's report: a table of every library's answer on the
  /// held-out sessions, the best named, and each other library's code.
  package static func markdown(_ primary: TuneResult, _ others: [TuneResult]) -> String {
    let rows = rows(primary, others)
    guard let best = rows.first, !others.isEmpty else { return "" }
    let key = TuneReport.objectiveName(primary.request.key)
    let reference = rows.first { $0.result.space.stack.name == primary.space.stack.name }?.figures
    var lines = [
      "## The same list with another library",
      "",
      "Each other library raced by its own race (as `scrollsim tune --stack NAME`, with up to \(candidates(primary.request.candidates)) settings, one for every phone) on the same \(primary.split.training.count) sessions and checked on the same \(primary.split.heldOut.count) held-out sessions with the same luck: its answer (the setting it would ship, or its defaults when nothing beat them) against \(primary.space.stack.name)'s.",
      "",
    ]
    let table = rows.map { row -> [String] in
      let stack = row.result.space.stack
      let figures = row.figures
      return [
        stack.name, row.result.space.label(row.result.settings[row.result.answer]),
        TuneReport.seconds(figures.objective),
        reference.map { TuneReport.change($0.objective, figures.objective) } ?? "–",
        NumberText.fixed(figures.bytes / 1e6, 2), NumberText.fixed(figures.peakMemory / 1_048_576, 1),
        NumberText.fixed(figures.hitchRatio, 2), "\(figures.kills)",
      ]
    }
    lines.append(
      MarkdownTable.render(
        [
          "library (--stack)", "its answer", key, "against \(primary.space.stack.name)", "MB per session",
          "peak memory (MB)",
          "hitch ratio (ms/s)", "runs killed",
        ],
        table, textColumns: 2
      ).trimmingCharacters(in: .newlines))
    lines.append("")
    let bestName = best.result.space.stack.name
    if bestName == primary.space.stack.name {
      lines.append("**\(bestName) waits least** on these sessions; the others' code, tuned:")
    } else {
      lines.append(
        "**\(bestName) waits least** on these sessions (\(TuneReport.seconds(best.figures.objective)) against \(primary.space.stack.name)'s \(TuneReport.seconds(reference?.objective ?? 0))); a difference smaller than the held-out spread above is not a reason to switch libraries. Each library's code, tuned:"
      )
    }
    for row in rows where row.result.space.stack.name != primary.space.stack.name {
      let stack = row.result.space.stack
      lines += ["", "### \(stack.name): \(stack.summary)", "", "```\(stack.fence)", row.result.code, "```"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The same as JSON: each library's stack, answer, code and held-out figures, best first.
  package static func json(_ primary: TuneResult, _ others: [TuneResult]) -> JSONValue {
    .array(
      rows(primary, others).map { row in
        let result = row.result
        let space = result.space
        return .object([
          ("stack", .string(space.stack.name)), ("strategy", .string(space.stack.strategy)),
          ("language", .string(space.stack.language)), ("recommended", .bool(result.recommended)),
          ("answer", TuneJSON.setting(result.answer, result)), ("code", .string(result.code)),
          ("objective", TuneJSON.number(row.figures.objective)), ("meanWait", TuneJSON.number(row.figures.meanWait)),
          ("bytes", TuneJSON.number(row.figures.bytes)), ("peakMemory", TuneJSON.number(row.figures.peakMemory)),
          ("hitchTimeRatio", TuneJSON.number(row.figures.hitchRatio)), ("killedRuns", .int(row.figures.kills)),
        ])
      })
  }
}
