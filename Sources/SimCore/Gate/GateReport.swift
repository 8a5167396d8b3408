/// What `compare --fail-if` prints: each condition's checks, baseline against now, with the
/// verdict — a delta table that pastes into a pull request comment or `$GITHUB_STEP_SUMMARY`.
///
/// Tables (`table`, `md`) show every failing check and the checks on summary rows (on the rows
/// of each trace when there is one trace), and count the rest; `json` and `csv` carry them all.
package enum GateReport {
  package static func render(
    _ checks: [Gate.Check], notes: [String], provenance: Provenance?, format: ReportFormat
  ) -> String {
    switch format {
    case .json: return json(checks, notes: notes, provenance: provenance)
    case .csv: return csv(checks)
    case .table, .md: return table(checks, notes: notes, provenance: provenance, markdown: format == .md)
    }
  }

  /// The headline line: how many checks failed, and how many warn.
  package static func verdict(_ checks: [Gate.Check]) -> String {
    let failed = checks.filter(\.failsJob).count
    let warned = checks.filter(\.warns).count
    let undefined = checks.filter { $0.verdict == .undefined }.count
    var tails: [String] = []
    if warned > 0 { tails.append("\(warned) warning\(warned == 1 ? "" : "s")") }
    if undefined > 0 { tails.append("\(undefined) undefined: a metric without a value") }
    let tail = tails.isEmpty ? "" : " (" + tails.joined(separator: "; ") + ")"
    let count = "\(checks.count) check\(checks.count == 1 ? "" : "s")"
    return failed == 0 ? "gate passed: \(count)\(tail)" : "gate FAILED: \(failed) of \(count)\(tail)"
  }

  /// A check's outcome as one word: `fails` (an error holds), `warns`, `passes`, `undefined`.
  package static func outcome(_ check: Gate.Check) -> String {
    check.warns ? "warns" : check.verdict.rawValue
  }

  static func number(_ value: Double?) -> String { value.map { NumberText.fixed($0, 2) } ?? "–" }

  /// `+1.80 ±0.40 (+14.6%)`.
  static func change(_ check: Gate.Check) -> String {
    guard let old = check.baseline, let now = check.now else { return "–" }
    var text = NumberText.signed(now - old)
    if check.changeHalfWidth > 0 { text += " ±" + NumberText.fixed(check.changeHalfWidth, 2) }
    if old != 0 {
      let percent = NumberText.fixed((now - old) / abs(old) * 100, 1)
      text += " (" + (percent.hasPrefix("-") ? percent : "+" + percent) + "%)"
    }
    return text
  }

  static func mark(_ check: Gate.Check) -> String {
    switch check.verdict {
    case .fails: return check.warns ? "⚠" : "✗"
    case .passes: return "✓"
    case .undefined: return "?"
    }
  }

  static func table(_ checks: [Gate.Check], notes: [String], provenance: Provenance?, markdown: Bool) -> String {
    let traces = Set(checks.map(\.trace))
    let summaries = checks.filter { SummaryRow.names($0.trace) }
    let shownRows = traces.count == 1 || summaries.isEmpty ? checks : summaries
    let shown = checks.filter { $0.verdict != .passes } + shownRows.filter { $0.verdict == .passes }
    let header = ["", "strategy", "trace", "condition", "baseline", "now", "change"]
    let rows = shown.map { check in
      [
        mark(check), check.strategy, check.trace, check.assertion.description, number(check.baseline),
        number(check.now), change(check),
      ]
    }
    var lines: [String] = []
    if markdown {
      lines.append("**scrollsim \(verdict(checks))**")
      lines.append("")
      lines += MarkdownTable.lines(header, rows, textColumns: 4)
    } else {
      lines.append("scrollsim " + verdict(checks))
      let all = [header] + rows
      let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
      for cells in all {
        lines.append(
          cells.indices.map { i in
            let pad = String(repeating: " ", count: widths[i] - cells[i].count)
            return i >= 4 ? pad + cells[i] : cells[i] + pad
          }.joined(separator: "  ").replacing(/\s+$/, with: ""))
      }
    }
    var footer: [String] = []
    let hidden = checks.count - shown.count
    if hidden > 0 {
      footer.append("\(hidden) passing checks on the rows of single traces are not shown (--format csv lists them).")
    }
    let replicated = checks.contains { $0.changeHalfWidth > 0 }
    let warnMark = checks.contains(where: \.warns) ? "; ⚠: a warn assertion holds (the job passes)" : ""
    footer.append(
      replicated
        ? "✗: the condition holds with the assertion's confidence, 95% unless marked (paired t over the replicate seeds both runs share)\(warnMark); ± is the change's 95% interval."
        : "✗: the condition holds\(warnMark); ✓: it does not; ?: a metric without a value.")
    footer += notes.map { "Note: \($0)." }
    lines.append("")
    lines += footer
    if markdown, let provenance {
      lines.append("")
      lines.append(provenance.markdown.trimmingCharacters(in: .newlines))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func csv(_ checks: [Gate.Check]) -> String {
    var lines = ["verdict,strategy,trace,condition,baseline,now,changeCi95,level,confidence"]
    for check in checks {
      lines.append(
        [
          outcome(check), csvField(check.strategy), csvField(check.trace), csvField(check.condition.description),
          check.baseline.map(JSONWriter.number) ?? "", check.now.map(JSONWriter.number) ?? "",
          JSONWriter.number(check.changeHalfWidth), check.assertion.level.rawValue,
          JSONWriter.number(check.assertion.confidence),
        ].joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func json(_ checks: [Gate.Check], notes: [String], provenance: Provenance?) -> String {
    var members = DocumentFormat.gate.header
    if let provenance { members.append(("meta", provenance.json)) }
    members.append(("passed", .bool(!checks.contains(where: \.failsJob))))
    members.append(("notes", .array(notes.map { .string($0) })))
    members.append(
      (
        "checks",
        .array(
          checks.map { check in
            .object([
              ("verdict", .string(outcome(check))), ("strategy", .string(check.strategy)),
              ("trace", .string(check.trace)), ("condition", .string(check.condition.description)),
              ("name", check.assertion.name.map { .string($0) } ?? .null),
              ("level", .string(check.assertion.level.rawValue)), ("confidence", .number(check.assertion.confidence)),
              ("baseline", check.baseline.map { .number($0) } ?? .null),
              ("now", check.now.map { .number($0) } ?? .null),
              ("changeCi95", .number(check.changeHalfWidth)),
            ])
          })
      ))
    return JSONWriter.pretty(.object(members)) + "\n"
  }
}
