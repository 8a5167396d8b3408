import ArgumentParser
import Foundation
import SimCore

extension CompareCommand {
  /// The comparison over a population: one summary row per strategy (`PopulationReport`), or
  /// the gate's delta table; returns whether an error assertion held.
  func runPopulation() throws(SimError) -> (failed: Bool, helperFailure: SimError?) {
    guard pictures.traceEvents == nil, pictures.htmlAxes == nil else {
      throw SimError(
        .usage, "--html-axes and --trace-events draw single runs: give one session's file, not the population")
    }
    guard pictures.replay == nil || pictures.html != nil else {
      throw SimError(.usage, "--replay draws in the HTML page: give --html FILE too")
    }
    // No trace: the built-in population (Traces/population/, generated here).
    let files = traces.isEmpty ? [] : try TraceFolder.sessionFiles(traces)
    let sessions: Sessions = files.isEmpty ? .builtIn : .files(named: files)
    var job = try PopulationJob(
      sessions: sessions, scenario: try scenarioOptions.load(runningOn: nil, sessions: sessions),
      strategies: try CommandLineContext.catalog.choices(strategies, settings: param),
      options: try scenarioOptions.simulationOptions(), measuresLimit: limit.measures, shard: shard,
      gate: try gate.request(baseline: .comparison, traces: traces), replicates: replicates,
      wantsPage: pictures.html != nil, format: report.format, skipUnreadable: skipUnreadable, by: by)
    job.command = CommandLineContext.commandLine(
      dropping: ["--shard", "-o", "--output", "--jobs"], flags: ["--serial"])
    let outcome = try job.perform(BatchControl(threads: threads, progress: ProgressBar()))
    let leftOut = outcome.provenance.unreadableLeftOut
    if !leftOut.isEmpty { printNote(Provenance.leftOutNote(leftOut.count)) }
    // A table has no provenance line: the count left out heads it.
    let text =
      (report.format == .table && !leftOut.isEmpty ? Provenance.leftOutNote(leftOut.count) + "\n\n" : "")
      + Self.noting(
        outcome.failures,
        PopulationReport.render(
          outcome.summary, key: rankFor ?? .mean, format: report.format, provenance: outcome.provenance,
          layout: try report.layout(), shard: outcome.shardText), report.format)
    // The page replays with the strategies whose helpers ran.
    let page = try pictures.html.map { path throws(SimError) in
      (try populationPage(outcome, files: files), Optional(path))
    }
    guard let gateOutcome = outcome.gate else {
      try emitAll([(text, report.output)] + (page.map { [$0] } ?? []))
      return (false, outcome.failures.first?.error)
    }
    // The gate's delta table is the report, as for traces (docs/ci.md).
    try emitAll(
      gateOutcome.files.map { ($0.text, Optional($0.path)) } + [(gateOutcome.report(report.format), report.output)]
        + (page.map { [$0] } ?? []))
    printNote(gateOutcome.verdict)
    return (gateOutcome.failed, outcome.failures.first?.error)
  }
}
