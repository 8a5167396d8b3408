import ArgumentParser
import SimCore

extension HistoryCommand {
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
}
