import ArgumentParser
import SimCore

/// `scrollsim history`: comparisons kept over commits, and their trend drawn (docs/ci.md).
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Keep comparisons over commits in a file and draw their trend (SVG): a slow drift shows.",
    discussion: """
      Each `compare --format json` output is added as one line (its headline rows' means); `draw` shows one metric per strategy over the lines, oldest left, and marks where the scenario or traces changed. A local file, no server (docs/ci.md, "History").

      Examples:
        scrollsim compare --replicates 5 --format json -o run.json Traces/*.json
        scrollsim history add run.json --to history.jsonl --label "$(git rev-parse --short HEAD)"
        scrollsim history draw history.jsonl -o trend.svg
      """,
    subcommands: [Add.self, Draw.self])

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a stored comparison (compare --format json) to a history file (made if missing).")

    @Argument(help: "The comparison: compare --format json, plain or with --replicates.")
    var comparison: String

    @Option(help: ArgumentHelp("The history file (JSON Lines; written atomically).", valueName: "file"))
    var to: String

    @Option(help: "What the run is called on the chart's axis: a commit, a tag, a date.")
    var label: String

    @Option(help: "When it ran (any text; kept, not drawn), e.g. the commit's date.")
    var date: String?

    func run() throws {
      try reportingErrors { () throws(SimError) in
        let stored = try Baseline.load(path: comparison)
        guard !stored.rows.isEmpty else { throw SimError(.badData, file: comparison, "has no rows") }
        let previous = try AtomicFile.readTextIfPresent(to) ?? ""
        let entries = try HistoryEntry.read(previous, file: to)
        let entry = HistoryEntry(stored, label: label, date: date)
        var text = previous
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        try emitAll([(text + entry.line + "\n", to)])
        if let last = entries.last, entry.inputsDiffer(from: last) {
          printNote("the scenario, options or traces differ from the entry before (\(last.label)): draw marks it")
        }
        printNote("\(to): \(entries.count + 1) entries")
      }
    }
  }

  struct Draw: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Draw one metric per strategy over a history file, as SVG.")

    @Argument(help: "The history file.")
    var history: String

    @Option(
      name: .shortAndLong, help: ArgumentHelp("The SVG (written atomically; stdout if absent).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The metric: any --objective expression (docs/sweeps.md).", valueName: "expr"))
    var metric = "wait_time"

    @Option(help: ArgumentHelp("Only these strategies (their row names), comma-separated.", valueName: "a,b"))
    var strategies: String?

    func run() throws {
      try reportingErrors { () throws(SimError) in
        let objective = try Objective(metric)
        let entries = try HistoryEntry.read(
          String(decoding: try AtomicFile.read(history), as: UTF8.self), file: history)
        guard !entries.isEmpty else {
          throw SimError(.badData, file: history, "has no entries: add one with history add")
        }
        var shown: [String]?
        if let strategies {
          let known = Set(entries.flatMap { $0.rows.map(\.strategy) })
          shown = try strategies.split(separator: ",").map { part throws(SimError) in
            let name = part.trimmingCharacters(in: .whitespaces)
            guard known.contains(name) else {
              throw SimError(
                .usage,
                "--strategies: no row of \(name) in \(history)\(NameSuggestion.hint(for: name, among: known.sorted()))")
            }
            return name
          }
        }
        try emitAll([(HistorySVG.render(entries, metric: objective, metricText: metric, strategies: shown), output)])
      }
    }
  }
}
