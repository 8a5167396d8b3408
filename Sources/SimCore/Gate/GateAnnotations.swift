/// The gate's findings as GitHub Actions workflow commands: a step that prints them gets an
/// annotation per line, shown on the pull request's files and in the run's summary
/// (docs.github.com, "Workflow commands for GitHub Actions": `::error file=F,title=T::message`,
/// `::warning`, `::notice`; data escapes `%`, CR and LF, properties also `:` and `,`).
///
/// One annotation per assertion and trace that holds (`GateCase`), on the trace's file when the
/// trace came from one, and a last `notice` with the verdict. GitHub shows at most 10 errors and
/// 10 warnings per step, which is why rows are grouped per assertion rather than one each.
package enum GateAnnotations {
  /// `files`: each trace's name (as rows name it) to its path in the repository.
  package static func render(_ checks: [Gate.Check], files: [String: String]) -> String {
    var lines: [String] = []
    for gateCase in GateCase.group(checks) where gateCase.failsJob || gateCase.warns {
      var properties: [(String, String)] = []
      if let file = files[gateCase.trace] { properties.append(("file", file)) }
      properties.append(("title", "scrollsim: " + gateCase.assertion.description))
      let command = gateCase.failsJob ? "error" : "warning"
      lines.append(line(command, properties: properties, message: gateCase.summary))
    }
    lines.append(line("notice", properties: [("title", "scrollsim")], message: GateReport.verdict(checks)))
    return lines.joined(separator: "\n") + "\n"
  }

  static func line(_ command: String, properties: [(String, String)], message: String) -> String {
    let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
    return "::\(command)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))"
  }

  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
