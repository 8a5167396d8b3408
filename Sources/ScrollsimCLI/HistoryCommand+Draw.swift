import ArgumentParser
import SimCore

extension HistoryCommand {
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
