import ArgumentParser
import Foundation
import SimCore

/// What `tune` writes once it has an answer.
extension TuneCommand {
  /// The report (-o or stdout), the HTML page and the runs' table, each written whole; the
  /// report ends with the other libraries' answers when the stack has them (`--stack web`).
  func write(_ result: TuneResult, table: SweepTable, alternatives: [TuneResult] = []) throws(SimError) {
    let command = CommandLineContext.commandLine(
      dropping: ["-o", "--output", "--html", "--runs", "--jobs"], flags: ["--resume"])
    var outputs: [(text: String, path: String?)] = []
    if let runs { outputs.append((table.csv, runs)) }
    if let html { outputs.append((TuneHTML.render(result, command: command), html)) }
    let report =
      format == .json
      ? TuneJSON.render(result, command: command, alternatives: alternatives)
      : TuneReport.markdown(result, command: command)
        + (alternatives.isEmpty ? "" : "\n" + TuneAlternatives.markdown(result, alternatives))
    outputs.append((report, output))
    try emitAll(outputs)
  }
}
