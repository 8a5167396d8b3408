import ArgumentParser
import Foundation
import SimCore

extension CompareCommand {
  /// Options that, without a trace, keep to the built-in trace: those that compare single runs
  /// (a population does not take them), and the gate (baselines stored without a trace are of
  /// the built-in trace).
  private var singleRunOptions: [String] {
    [
      replicates > 1 ? "--replicates" : nil, pictures.html != nil ? "--html" : nil,
      pictures.traceEvents != nil ? "--trace-events" : nil,
      gate.baseline != nil || !gate.failIf.isEmpty || !gate.assertionFiles.isEmpty ? "the regression gate" : nil,
    ].compactMap { $0 }
  }

  func run() throws {
    // Without traces: the built-in population, or the built-in trace for what needs single runs.
    let overPopulation: Bool
    if traces.isEmpty && !population && !singleRunOptions.isEmpty {
      printNote(
        "note: \(singleRunOptions.joined(separator: ", ")) compare\(singleRunOptions.count == 1 ? "s" : "") single runs: the built-in trace (\(Trace.embeddedDefault.name)) instead of the built-in population"
      )
      overPopulation = false
    } else {
      overPopulation = population || traces.isEmpty || traces.contains(where: TraceFolder.isFolder)
    }
    if !overPopulation && (rankFor != nil || shard != nil || by != nil) {
      let option = rankFor != nil ? "--for ranks" : shard != nil ? "--shard splits" : "--by breaks down"
      throw ValidationError("\(option) a population: give a folder of sessions, or --population")
    }
    var failed = false
    var helperFailure: SimError?
    try reportingErrors { () throws(SimError) in
      (failed, helperFailure) = try overPopulation ? runPopulation() : runTraces()
    }
    // The report is written; a failed helper still makes the command fail (exit 65).
    if let helperFailure { try reportingErrors { () throws(SimError) in throw helperFailure } }
    if failed { throw ExitCode(1) }
  }

  /// The comparison of single runs: a row per strategy and trace (with replicates, their means),
  /// the pictures, and the gate's delta table when a gate is asked for.
  private func runTraces() throws(SimError) -> (failed: Bool, helperFailure: SimError?) {
    let gateRequest = try gate.request(baseline: .comparison, traces: traces)
    let choices = try CommandLineContext.catalog.choices(strategies, settings: param)
    let named = try NamedTrace.load(traces, jobs: threads)
    let scenario = try scenarioOptions.load(runningOn: nil, sessions: Sessions(named))
    scenarioOptions.noteOptionsWithoutEffect(on: named)
    try scenarioOptions.noteTracesThatCannotSeparate(named, scenario: scenario, jobs: threads)
    let options = try scenarioOptions.simulationOptions()
    var job = CompareJob(
      traces: named, scenario: scenario, strategies: choices, options: options,
      provenance: Provenance(
        // How many threads ran it changes nothing in the result, so the record leaves it out.
        command: CommandLineContext.commandLine(dropping: ["--jobs"], flags: ["--serial"]), scenario: scenario,
        options: options, replicates: replicates,
        traces: named))
    job.gate = gateRequest
    job.replicates = replicates
    job.measuresLimit = limit.measures
    job.format = report.format
    job.layout = try report.layout()
    try pictures.configure(&job, settings: param)
    // A progress line on stderr when it is a terminal: replicates done, rate, time left.
    let outcome = try job.perform(BatchControl(threads: threads, progress: ProgressBar()))
    let failures = outcome.failures
    let gateFiles = outcome.gate?.files.map { ($0.text, Optional($0.path)) } ?? []
    try emitAll(
      try pictures.files(outcome) + gateFiles + [
        (Self.noting(failures, outcome.report, report.format), report.output)
      ])
    if let verdict = outcome.gate?.verdict { printNote(verdict) }
    return (outcome.failed, failures.first?.error)
  }

  /// `report` with a first line per strategy whose helper failed (table and Markdown; JSON and
  /// CSV keep their shape, and the command's exit code and stderr say it).
  static func noting(_ failures: [FailedHelpers.Failure], _ report: String, _ format: ReportFormat) -> String {
    guard !failures.isEmpty, format == .table || format == .md else { return report }
    return FailedHelpers.notes(failures).map { format == .md ? "> **\($0)**\n" : $0 + "\n" }.joined() + "\n" + report
  }
}
