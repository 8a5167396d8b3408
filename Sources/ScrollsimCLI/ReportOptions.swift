import ArgumentParser
import SimCore

extension ReportFormat: ExpressibleByArgument {}

/// Where and how `run` and `compare` print their report.
struct ReportOptions: ParsableArguments {
  @Option(help: "Output format: table, json, csv or md.")
  var format: ReportFormat = .table

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the report to this file (atomically) instead of stdout.", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Table and md: order each trace's rows by this metric key (docs/metrics.md), best first; given keeps the order of --strategies.",
      valueName: "key|given"))
  var sort = "waitSeconds"

  @Option(
    help: ArgumentHelp(
      "Table and md: the metric columns to show, e.g. waitSeconds,bytes (keys of docs/metrics.md); compact (the default: wait, over limit, hitch, blank, stall, wasted, MB) or wide (all).",
      valueName: "a,b|compact|wide"))
  var columns = "compact"

  @Flag(help: "Table and md: every column (the same as --columns wide), and no cut to the terminal's width.")
  var wide = false

  /// The table's layout: the columns, the order, and on a terminal its width (columns past it
  /// are left out, with a note; `--wide`, a file or a pipe show all).
  func layout() throws(SimError) -> TableLayout {
    let chosen = wide ? Metric.table : try TableLayout.columns(columns)
    let width = wide || output != nil ? nil : Terminal.standardOutputWidth()
    return TableLayout(columns: chosen, sort: try TableLayout.sort(sort), width: width)
  }
}
