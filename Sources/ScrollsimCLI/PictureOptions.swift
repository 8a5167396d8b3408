import ArgumentParser
import SimCore

extension HTMLReport.ChartAxes: ExpressibleByArgument {}

/// What `compare` draws besides its report (docs/metrics.md, docs/events.md): the HTML page and
/// its replay, and each run's trace events for Perfetto.
struct PictureOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Also write one self-contained HTML page: the verdict, the wait per trace, a side-by-side replay of the screen, then (folded) the other metrics, the table and each strategy's timeline on the first trace.",
      valueName: "file"))
  var html: String?

  @Option(
    help: ArgumentHelp(
      "With --html: the strategies to replay side by side (default: the least wait on the first trace, the next, the most, and the limit).",
      valueName: "a,b"))
  var replay: String?

  @Option(
    name: .customLong("html-axes"),
    help: ArgumentHelp(
      "With --html: shared (one axis for every trace's chart, the default: lengths compare across traces) or per-trace (each chart on its own axis, so a calm trace is not a sliver beside fling-stress; each group says which).",
      valueName: "shared|per-trace"))
  var htmlAxes: HTMLReport.ChartAxes?

  @Option(
    name: .customLong("trace-events"),
    help: ArgumentHelp(
      "Also write each strategy's run on each trace as trace events for Perfetto (ui.perfetto.dev), one file per strategy and trace, TRACE.STRATEGY.json, in this folder (made if missing).",
      valueName: "dir"))
  var traceEvents: String?

  /// Tells `job` what to draw; `settings` (`--param`) name the replayed strategies as the
  /// compared ones are named.
  func configure(_ job: inout CompareJob, settings: [ParameterAssignment]) throws(SimError) {
    job.html = html != nil
    if htmlAxes != nil && html == nil { throw SimError(.usage, "--html-axes needs --html FILE (the page it lays out)") }
    job.htmlAxes = htmlAxes ?? .shared
    job.replay = try replay.map { names throws(SimError) in
      try CommandLineContext.catalog.choices(names, settings: settings).map(\.label)
    }
    job.traceEvents = traceEvents != nil
  }

  /// The pictures `outcome` drew, where these options put them (the trace events' folder is
  /// made if missing).
  func files(_ outcome: CompareJob.Outcome) throws(SimError) -> [(text: String, path: String?)] {
    var files: [(text: String, path: String?)] = outcome.html.map { [($0, html)] } ?? []
    if let traceEvents {
      try makeFolder(traceEvents)
      files += outcome.traceEvents.map { ($0.text, traceEvents + "/" + $0.file) }
    }
    return files
  }
}
