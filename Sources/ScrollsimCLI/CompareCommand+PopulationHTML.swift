import Foundation
import SimCore

extension CompareCommand {
  /// `--html` over a population (`PopulationHTML`): the page, with the replay of the session
  /// that waited most under the winner and, for each session it lists, the command that draws
  /// that session's own page under the seed it ran with here.
  func populationPage(_ outcome: PopulationJob.Outcome, files: [TraceFolder.SessionFile]) throws(SimError) -> String {
    let (summary, run, builtIn) = (outcome.summary, outcome.run, GeneratedPopulation.embeddedDefault)
    let key = rankFor ?? .mean
    // A session's file by its name; the built-in population's are Traces/population/'s.
    var paths: [String: String] = [:]
    for file in files { paths[file.name] = file.path }
    func path(_ name: String) -> String? { files.isEmpty ? "Traces/population/" + name : paths[name] }
    var replay: PopulationHTML.Replay?
    if let name = PopulationHTML.sessionToReplay(summary, key: key) {
      var session: NamedTrace?
      if let file = paths[name] {
        session = NamedTrace(name: name, trace: try Trace.load(path: file))
      } else if files.isEmpty, let index = (0..<builtIn.count).first(where: { builtIn.fileName($0) == name }) {
        session = builtIn.namedSession(index)
      }
      replay = try session.map { session throws(SimError) in
        try PopulationJob.replay(
          session, of: run,
          chosen: try pictures.replay.map { names throws(SimError) in
            try CommandLineContext.catalog.choices(names, settings: param).map(\.label)
          }, threads: threads)
      }
    }
    // The command over one session: this one, with the session's own seed and page, without
    // what only a population takes (its ranking, shards, the gate of its baseline).
    let base = CommandLineContext.commandLine(
      dropping: [
        "--html", "--seed", "--for", "--shard", "-o", "--output", "--jobs", "--format", "--baseline", "--fail-if",
        "--assert", "--junit", "--annotations", "--gate-summary",
      ],
      flags: ["--serial", "--population"], words: Set(traces))
    return PopulationHTML.render(
      summary, key: key, provenance: outcome.provenance, replay: replay,
      commands: { name in
        path(name).map { file in
          let seed = outcome.seed(session: name)
          let page = CompareJob.fileSafe(String(name.dropLast(name.hasSuffix(".json") ? 5 : 0))) + ".html"
          return "\(base) --seed \(seed) --html \(page) \(file)"
        }
      })
  }
}
