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
}
