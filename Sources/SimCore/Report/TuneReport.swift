/// `scrollsim tune`'s answer as Markdown, the answer first: the code to paste, why, its price
/// against the current setting on the held-out sessions, the budgets, the settings changed, the
/// frontier of wait against memory and bytes among the finalists, and how the search ran. Every
/// figure is from the runs, so the same inputs give the same bytes.
package enum TuneReport {
  package static func markdown(_ result: TuneResult, command: String) -> String {
    let space = result.space
    let stack = space.stack
    let request = result.request
    let ownNetworks = distinct(request.sessionNetworks ?? [])
    let networks =
      request.networks == ["scenario"]
      ? (ownNetworks.isEmpty
        ? "the scenario's network"
        : "each session's own network (\(ownNetworks.joined(separator: ", "))\(request.sessionNetworks!.contains(Trace.ownProfile) ? ", the scenario's" : ""))")
      : "\(request.networks.count) network\(request.networks.count == 1 ? "" : "s") (\(request.networks.joined(separator: ", ")))"
    let runsText =
      networks + (request.replicates > 1 ? " × \(request.replicates) replicates" : "") + ", " + devices(result)
    var lines = ["# scrollsim tune \(stack.option) \(stack.name)", ""]
    lines.append("`\(command)`")
    lines.append("")
    if !request.unreadableLeftOut.isEmpty {
      lines += ["> " + Provenance.leftOutNote(request.unreadableLeftOut.count), ""]
    }
    let held = result.split.heldOut.count
    if result.byClass?.perClass == true {
      lines.append(
        "**Ship this, per device class** (\(stack.language)): each class's setting chosen on its own sessions, checked on \(held) held-out sessions × \(runsText); \(result.byClass!.reason)."
      )
    } else if result.recommended {
      lines.append(
        "**Ship this** (\(stack.language)): chosen on \(result.split.training.count) sessions, checked on \(held) held-out sessions × \(runsText)."
      )
    } else {
      lines.append(
        "**Keep your setting** (\(stack.language)): \(result.reason). Chosen on \(result.split.training.count) sessions, checked on \(held) held-out sessions × \(runsText)."
      )
    }
    lines += ["", "```\(stack.fence)", result.code, "```", ""]
    if result.recommended {
      let single = result.byClass?.perClass == true ? " (one setting for all, against yours)" : ""
      lines += ["Why\(single): \(result.reason).", ""]
    }
    for note in stack.fixed { lines.append("Fixed by the platform: \(note).") }
    if !stack.fixed.isEmpty { lines.append("") }

    lines += byClass(result)
    lines += price(result)
    lines += whereUsersAre(result)
    lines += budgets(result)
    lines += changes(result)
    lines += frontier(result)
    lines += search(result)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `names` in order of first appearance, once each, without "scenario".
  static func distinct(_ names: [String]) -> [String] {
    var seen: [String] = []
    for name in names where name != Trace.ownProfile && !seen.contains(name) { seen.append(name) }
    return seen
  }

  /// The phones the answer was measured on: each session's own (its class), or the one every
  /// session ran on (`--device`, or the scenario's).
  static func devices(_ result: TuneResult) -> String {
    let classes = distinct(result.request.sessionClasses ?? [])
    guard classes.isEmpty else {
      let named = classes.joined(separator: ", ")
      return
        "each session on its own phone (\(named)\(result.request.sessionClasses!.contains(Trace.ownProfile) ? ", the scenario's" : ""))"
    }
    return "on the \(RunTitle.device(result.request.scenario)) device"
  }

  /// The tuned setting against the current one on the held-out sessions.
  static func price(_ result: TuneResult) -> [String] {
    guard let current = result.measured(0), let tuned = result.measured(result.chosen) else { return [] }
    let gain = result.gain
    let objective = objectiveName(result.request.key)
    var rows: [[String]] = []
    let interval =
      gain.relative.map {
        "\(NumberText.signedPercent($0.change)) [\(NumberText.signedPercent($0.lower)), \(NumberText.signedPercent($0.upper))]"
      }
      ?? "–"
    rows.append([objective, seconds(current.objective), seconds(tuned.objective), interval])
    if result.request.key != .mean {
      rows.append([
        "wait, mean per session", seconds(current.meanWait), seconds(tuned.meanWait),
        change(current.meanWait, tuned.meanWait),
      ])
    }
    rows.append([
      "MB per session", NumberText.fixed(current.bytes / 1e6, 2), NumberText.fixed(tuned.bytes / 1e6, 2),
      change(current.bytes, tuned.bytes),
    ])
    rows.append([
      "peak memory, highest session (MB)", NumberText.fixed(current.peakMemory / 1_048_576, 1),
      NumberText.fixed(tuned.peakMemory / 1_048_576, 1), change(current.peakMemory, tuned.peakMemory),
    ])
    rows.append([
      "mean memory per session (MB)", NumberText.fixed(current.meanMemory / 1_048_576, 1),
      NumberText.fixed(tuned.meanMemory / 1_048_576, 1), change(current.meanMemory, tuned.meanMemory),
    ])
    rows.append([
      "hitch ratio, mean (ms/s)", NumberText.fixed(current.hitchRatio, 2), NumberText.fixed(tuned.hitchRatio, 2),
      change(current.hitchRatio, tuned.hitchRatio, nearZero: hitchNearZero, unit: "ms/s"),
    ])
    let runs = result.split.heldOut.count * result.request.networks.count * result.request.replicates
    rows.append(["runs killed", "\(current.kills) of \(runs)", "\(tuned.kills) of \(runs)", ""])
    let closed =
      result.gapClosed.map { "gap to the limit closed: \(NumberText.fixed($0 * 100, 0)) %" } ?? "gap to the limit: none"
    // The limit is never killed: its memory is what it would hold, not held to the device.
    rows.append(["the limit's mean wait (never killed)", "", seconds(result.limit.meanWait), closed])
    let single = result.byClass != nil ? "best for all" : "best found"
    let tunedHeader = result.chosen == 0 ? "\(single) (= yours)" : single
    // Per class, this table is one setting for all against yours; the section above compares
    // the per-class answer with that setting.
    let title =
      result.byClass?.perClass == true
      ? "## One setting for all against yours on the \(result.split.heldOut.count) held-out sessions"
      : "## Against your setting on the \(result.split.heldOut.count) held-out sessions"
    return [
      title, "",
      MarkdownTable.render(["", "yours (--from)", tunedHeader, "change [95 % interval]"], rows, textColumns: 1),
    ] + prediction(gain, key: result.request.key, heldOut: result.split.heldOut.count)
  }

  /// The best setting found against yours per network and per device class, with the tails;
  /// the sessions that would decide an undecided change; what decides the mean.
  static func whereUsersAre(_ result: TuneResult) -> [String] {
    guard let breakdown = result.breakdown, result.chosen != 0 else { return [] }
    var lines: [String] = []
    if let needed = breakdown.sessionsToDecide {
      lines += [
        "**Undecided at \(result.split.heldOut.count) held-out sessions.** At the spread seen, about \(needed.heldOut) held-out sessions would put the interval on one side of zero (it narrows as the square root of their number): \(needed.total) sessions in all at --holdout \(NumberText.fixed(result.request.holdout * 100, 0)) %.",
        "",
      ]
    }
    let groups = breakdown.networks.count > 1 || !breakdown.classes.isEmpty
    guard groups || !breakdown.warnings.isEmpty else { return lines }
    lines += ["## Where your users are (held-out sessions)", ""]
    func percent(_ value: Double) -> String { NumberText.fixed(value * 100, 0) + " %" }
    func row(_ kind: String, _ item: TuneBreakdown.Row) -> [String] {
      [
        "\(kind) \(item.name)", "\(item.sessions) / \(item.runs)", NumberText.fixed(item.current.mean, 2),
        NumberText.fixed(item.tuned.mean, 2), change(item.current.mean, item.tuned.mean),
        NumberText.fixed(item.current.p90, 2), NumberText.fixed(item.tuned.p90, 2),
        "\(percent(item.current.longBlank)) → \(percent(item.tuned.longBlank))", percent(item.waitShare),
      ]
    }
    let rows =
      (breakdown.networks.count > 1 ? breakdown.networks.map { row("network", $0) } : [])
      + breakdown.classes.map { row("phone", $0) }
    if !rows.isEmpty {
      lines.append(
        MarkdownTable.render(
          [
            "", "sessions / runs", "yours: mean s", "best found: mean s", "change", "yours: p90 s", "best found: p90 s",
            "runs with a blank over 1 s", "share of your wait",
          ], rows, textColumns: 1))
      lines.append("")
    }
    for warning in breakdown.warnings { lines += ["**Read with care.** " + warning, ""] }
    return lines
  }

  /// What a new population will see, and what each interval covers.
  static func prediction(_ gain: TuneGain, key: PopulationKey, heldOut: Int) -> [String] {
    guard let predicted = gain.predicted else { return [""] }
    let objective = key.phrase
    let method =
      key == .mean
      ? "the delta method on the log of the ratio of mean waits" : "the bootstrap's spread of the log ratio"
    return [
      "",
      "**On a new population of \(gain.population) sessions** of the same kind, \(objective) changes by \(NumberText.signedPercent(predicted.change)) [\(NumberText.signedPercent(predicted.lower)), \(NumberText.signedPercent(predicted.upper))] (95 % prediction interval: the \(heldOut) held-out sessions' spread and the new population's, \(method)). The interval in the table describes the mean over these \(heldOut) held-out sessions only; this one is what your users will measure.",
      "",
    ]
  }

  /// Each budget as the held-out sessions read it, for the current and the tuned setting.
  static func budgets(_ result: TuneResult) -> [String] {
    guard let current = result.measured(0), let tuned = result.measured(result.chosen) else { return [] }
    let all = ["never killed"] + result.request.budgets.map(\.description)
    var lines = ["## Budgets (held-out sessions)", ""]
    for budget in all {
      let brokenByTuned = tuned.broken.contains(budget) || (budget == "never killed" && tuned.kills > 0)
      let brokenByCurrent = current.broken.contains(budget) || (budget == "never killed" && current.kills > 0)
      lines.append(
        "- `\(budget)`: the answer \(brokenByTuned ? "breaks it" : "keeps it"); yours \(brokenByCurrent ? "breaks it" : "keeps it")"
      )
    }
    if !result.currentBroken.isEmpty {
      lines.append("- on the training sessions your setting breaks: \(result.currentBroken.joined(separator: "; "))")
    }
    return lines + [""]
  }

  /// The searched knobs, current value → chosen value, with where each lives in the API.
  static func changes(_ result: TuneResult) -> [String] {
    let space = result.space
    let rows = space.parameters.filter(\.isSearched).map { parameter -> [String] in
      let name = parameter.name.description
      return [
        space.shortName(parameter), space.value(name, in: result.settings[0]),
        space.value(name, in: result.settings[result.chosen]),
        parameter.api ?? "(widened with --knobs)",
      ]
    }
    let sensitivity = result.sensitivity
    let moved = space.parameters.filter(\.isSearched).map { parameter in
      sensitivity?.knobs.first { $0.name == space.shortName(parameter) }
    }
    let withMoves = zip(rows, moved).map { row, knob -> [String] in
      guard let knob else { return row + ["–"] }
      if knob.changesNothing { return row + ["nothing"] }
      if knob.changesNothingMeasurable { return row + ["under 0.005 s"] }
      // As a share of the answer's objective on the same sessions.
      let atAnswer = knob.values.first { $0.value == knob.answer }?.objective ?? .nan
      let share = atAnswer > 0 ? " (\(NumberText.fixed(knob.spread / atAnswer * 100, 0)) % of the answer's)" : ""
      return row + [seconds(knob.spread) + share]
    }
    var lines = [
      "## The knobs searched", "",
      MarkdownTable.render(
        ["knob", "yours", "best found", "in the API", "moves the objective by"], withMoves,
        alignments: [.left, .left, .left, .left, .right]),
    ]
    if let sensitivity {
      lines.append(
        "Each knob moved over the values tried with the others at the answer, on \(sensitivity.sessions) held-out sessions\(result.request.networks.count > 1 ? " (each on one of the \(result.request.networks.count) networks in turn)" : "") (\(result.request.key.phrase); \(sensitivity.runs) more runs):"
      )
      lines.append("")
      for knob in sensitivity.knobs {
        let values = knob.values.map { "\($0.value) → \(seconds($0.objective))" }.joined(separator: ", ")
        let lead =
          knob.changesNothing
          ? "changes nothing on these sessions (" : knob.changesNothingMeasurable ? "changes nothing measurable (" : ""
        lines.append("- \(knob.name): " + lead + values + (lead.isEmpty ? "" : ")"))
      }
      lines.append("")
    }
    // A best value at the end of a numeric range tried may be better still beyond it — when the
    // knob moves the objective and the end is where it is lowest.
    for (parameter, knob) in zip(space.parameters.filter(\.isSearched), moved) where result.chosen != 0 {
      if let knob, knob.changesNothingMeasurable { continue }
      let numbers = parameter.values.compactMap(Double.init)
      guard numbers.count == parameter.values.count, numbers.count > 2,
        let chosen = Double(space.value(parameter.name.description, in: result.settings[result.chosen])),
        let low = numbers.min(), let high = numbers.max(), chosen == low || chosen == high,
        // Nothing lies beyond the declaration's own bound (no view cache below 0).
        chosen != parameter.bounds?.lowerBound, chosen != parameter.bounds?.upperBound,
        knob.map({ $0.best.flatMap(Double.init) == chosen }) ?? true
      else { continue }
      lines.append(
        "- \(space.shortName(parameter)) = \(JSONWriter.number(chosen)) is the \(chosen == high ? "largest" : "smallest") value tried and the best of them: values beyond it may do better (--knobs \(space.shortName(parameter))=a,b,c)."
      )
    }
    if lines.last != "" { lines.append("") }
    return lines
  }

  /// The finalists on the held-out sessions, each marked when no other waits less and uses no
  /// more peak memory (or bytes).
  static func frontier(_ result: TuneResult) -> [String] {
    let onMemory = Set(result.frontier(\.peakMemory).map(\.setting))
    let onBytes = Set(result.frontier(\.bytes).map(\.setting))
    let rows = result.heldOut.map { measured -> [String] in
      let memory = onMemory.contains(measured.setting)
      let bytes = onBytes.contains(measured.setting)
      var role = ""
      if measured.setting == 0 { role = "yours" } else if measured.setting == result.chosen { role = "best found" }
      let marks = [memory ? "memory" : nil, bytes ? "bytes" : nil].compactMap { $0 }.joined(separator: ", ")
      return [
        result.space.label(result.settings[measured.setting]), role, seconds(measured.objective),
        NumberText.fixed(measured.peakMemory / 1_048_576, 1), NumberText.fixed(measured.bytes / 1e6, 2),
        NumberText.fixed(measured.hitchRatio, 2), String(measured.kills), marks,
      ]
    }
    return [
      "## Frontier: wait against memory and bytes (held-out sessions)", "",
      "The settings that entered the next-to-last rung, measured on the held-out sessions for this table only (the answer was chosen before). A setting is on a frontier when no other waits less and costs no more.",
      "",
      MarkdownTable.render(
        ["setting", "", "wait", "peak MB", "MB / session", "hitch ms/s", "kills", "on the frontier of"], rows,
        alignments: [.left, .left, .right, .right, .right, .right, .right, .left]),
    ]
  }

  /// The race, rung by rung, and the rule.
  static func search(_ result: TuneResult) -> [String] {
    let request = result.request
    let rungs = result.rungs.map { "\($0.settings) on \($0.sessions) session\($0.sessions == 1 ? "" : "s")" }
      .joined(separator: " → ")
    let total = result.raceRuns
    let grid = result.space.gridSize
    let gridText = grid < 1e12 ? NumberText.fixed(grid, 0) : "more than 10^12"
    return [
      "## How it was searched", "",
      "- \(result.settings.count - 1) settings besides yours, of \(gridText) in the grid of the knobs' values\(grid > Double(request.candidates) ? " (drawn uniformly with the seed)" : "").",
      "- Successive halving with η = \(request.eta): \(rungs); at each rung the best 1/\(request.eta) by \(request.key.phrase) go on, settings within the budgets and never killed ahead of the others; yours runs on every rung. \(total) runs, then \(result.heldOutRuns) on the held-out sessions (the finalists and the limit).",
      "- Held out: \(result.split.heldOut.count) of \(request.sessions.count) sessions (--holdout \(JSONWriter.number(request.holdout)), chosen by a hash of the seed and each session's name); they played no part in the choice.",
      "- Each session runs on every network\(request.replicates > 1 ? " \(request.replicates) times" : "") with its own luck (the seed and its name), the same luck for every setting.",
      "",
    ]
  }

  static func seconds(_ value: Double) -> String { NumberText.fixed(value, 2) + " s" }

  /// The objective's name in tables: "wait, mean per session", "wait, p90 per session".
  static func objectiveName(_ key: PopulationKey) -> String {
    key == .mean ? "wait, mean per session" : "wait, \(key.rawValue) per session"
  }

  /// A hitch ratio below this (ms/s) is near zero: a tenth of Apple's "good" tier (5 ms/s), where
  /// a change reads as a difference, not a ratio (0.01 → 0.33 ms/s is +0.32 ms/s, not +3,200 %).
  /// An ASSUMPTION of what a reader takes as nothing.
  static let hitchNearZero = 0.5

  /// The change from `from` to `to` as a percentage; as a difference in `unit` where the baseline
  /// is at or below `nearZero`, or where the ratio passes ten (a baseline too small to divide by).
  static func change(_ from: Double, _ to: Double, nearZero: Double = 0, unit: String? = nil) -> String {
    if let unit, from <= nearZero || (from > 0 && abs(to / from - 1) > 10) {
      let difference = to - from
      let text = NumberText.fixed(abs(difference), 2)
      return text == "0.00" ? "0 \(unit)" : (difference < 0 ? "−" : "+") + text + " " + unit
    }
    guard from > 0 else { return from == to ? "0.0 %" : "–" }
    return NumberText.signedPercent(to / from - 1)
  }
}
