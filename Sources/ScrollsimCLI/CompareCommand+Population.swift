import ArgumentParser
import Foundation
import SimCore

extension CompareCommand {
  /// The comparison over a population: one summary row per strategy (`PopulationReport`), or
  /// the gate's delta table; returns whether an error assertion held.
  func runPopulation() throws(SimError) -> (failed: Bool, helperFailure: SimError?) {
    guard replicates == 1 else {
      throw SimError(
        .usage,
        "--replicates: over a population each session already draws its own network luck; give more sessions instead")
    }
    guard pictures.traceEvents == nil, pictures.htmlAxes == nil else {
      throw SimError(
        .usage, "--html-axes and --trace-events draw single runs: give one session's file, not the population")
    }
    guard pictures.replay == nil || pictures.html != nil else {
      throw SimError(.usage, "--replay draws in the HTML page: give --html FILE too")
    }
    let gateRequest = try gate.request(baseline: .comparison, traces: traces)
    let slice = try shard.map { text throws(SimError) in try Shard(text) }
    guard slice == nil || pictures.html == nil else {
      throw SimError(.usage, "--html draws the whole population: run it without --shard")
    }
    guard slice == nil || gateRequest == nil else {
      throw SimError(.usage, "--shard writes a part for merge; gate the merged report, not a shard")
    }
    guard slice == nil || report.format == .json else {
      throw SimError(.usage, "--shard writes a part for `scrollsim merge` to join: give --format json")
    }
    // No trace: the built-in population (Traces/population/, generated here).
    let files = traces.isEmpty ? [] : try TraceFolder.expand(traces)
    let builtIn = Population.embeddedDefault
    let choices = try CommandLineContext.catalog.choices(strategies, settings: param)
    let scenario = try scenarioOptions.load()
    let options = try scenarioOptions.simulationOptions()
    var run = PopulationRun(
      sessions: files.isEmpty ? .builtIn : .files(expanded: files), scenario: scenario, strategies: choices,
      options: options)
    run.measuresLimit = limit.measures
    run.threads = threads
    let count = run.sessions.count
    let bar = ProgressBar(total: slice.map { $0.size(of: count) } ?? count)
    // A strategy whose helper process fails is left out; the others' rows are kept.
    let (summary, failures) = try FailedHelpers.excluding(choices) { (remaining) throws(SimError) in
      var run = run
      run.strategies = remaining
      return try run.run(shard: slice, progress: bar.update)
    }
    bar.finish()
    // The command that reproduces the result, whichever shard ran it and wherever it was written.
    let provenance = Provenance.population(
      command: CommandLineContext.commandLine(dropping: ["--shard", "-o", "--output", "--jobs"], flags: ["--serial"]),
      scenario: scenario,
      options: options, summary: summary)
    let text = Self.noting(
      failures,
      PopulationReport.render(
        summary, key: rankFor ?? .mean, format: report.format, provenance: provenance, layout: try report.layout(),
        shard: slice?.text), report.format)
    // The page replays with the strategies whose helpers ran.
    let failed = Set(failures.map(\.strategy))
    run.strategies.removeAll { failed.contains($0.label) }
    let page = try pictures.html.map { path throws(SimError) in
      (
        try populationPage(summary, run: run, files: files, builtIn: builtIn, provenance: provenance),
        Optional(path)
      )
    }
    guard let gateRequest else {
      try emitAll([(text, report.output)] + (page.map { [$0] } ?? []))
      return (false, failures.first?.error)
    }
    // The gate's delta table is the report, as for traces (docs/ci.md).
    let outcome = try gateRequest.check(comparison: summary.gateRows(seed: options.seed), provenance: provenance)
    try emitAll(
      outcome.files.map { ($0.text, Optional($0.path)) } + [(outcome.report(report.format), report.output)]
        + (page.map { [$0] } ?? []))
    printNote(outcome.verdict)
    return (outcome.failed, failures.first?.error)
  }
}
