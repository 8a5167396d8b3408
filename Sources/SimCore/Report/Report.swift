/// The output formats of `run` and `compare`.
public enum ReportFormat: String, CaseIterable, Sendable {
  case table, json, csv, md
}

/// Renders metrics rows. `json` and `csv` carry every key of `RunMetrics.keys` (documented in
/// `docs/metrics.md`, stable); `table` and `md` show the columns people compare at a glance.
public enum Report {
  /// `rows` (one per run); `summary` rows follow a rule in table/md and a "summary" key in JSON.
  /// `provenance` goes into JSON (`meta`) and under Markdown.
  public static func render(
    _ rows: [RunMetrics], summary: [RunMetrics] = [], format: ReportFormat, single: Bool = false,
    provenance: Provenance? = nil
  ) -> String {
    switch format {
    case .json: return json(rows, summary: summary, single: single, provenance: provenance)
    case .csv: return csv(rows + summary)
    case .table: return table(rows, summary: summary, markdown: false)
    case .md: return table(rows, summary: summary, markdown: true) + (provenance.map { "\n" + $0.markdown } ?? "")
    }
  }

  static func json(_ rows: [RunMetrics], summary: [RunMetrics], single: Bool, provenance: Provenance?) -> String {
    let meta: [(String, JSONValue)] = provenance.map { [("meta", $0.json)] } ?? []
    if single, let row = rows.first { return JSONWriter.pretty(.object(row.fields + meta)) + "\n" }
    var members: [(String, JSONValue)] = meta + [("runs", .array(rows.map { .object($0.fields) }))]
    if !summary.isEmpty { members.append(("summary", .array(summary.map { .object($0.fields) }))) }
    return JSONWriter.pretty(.object(members)) + "\n"
  }

  static func csv(_ rows: [RunMetrics]) -> String {
    var lines = [RunMetrics.keys.joined(separator: ",")]
    for row in rows {
      lines.append(
        row.fields.map { _, value in
          switch value {
          case .string(let text): return csvField(text)
          default: return JSONWriter.number(value) ?? ""
          }
        }.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The human columns' header and each row's cells (rows, then summary rows): strategy, trace,
  /// then `Metric.table`.
  static func grid(_ rows: [RunMetrics]) -> (header: [String], rows: [[String]]) {
    (
      ["strategy", "trace"] + Metric.table.map { $0.column!.header },
      rows.map { row in [row.strategy, row.trace] + Metric.table.map { $0.cell(row) } }
    )
  }

  /// The verdict first (`Verdict`), then the table: each trace's strategies by their wait,
  /// least first, the limit after them; the summary rows in the verdict's order across traces.
  static func table(_ rows: [RunMetrics], summary: [RunMetrics], markdown: Bool) -> String {
    let verdict = Verdict(rows)
    let header = grid([]).header
    let body = grid(Verdict.sorted(rows)).rows
    let rank = Dictionary(verdict.overall.enumerated().map { ($0.element.strategy, $0.offset) }) { a, _ in a }
    let tail = grid(
      summary.enumerated().sorted {
        (rank[$0.element.strategy] ?? .max, $0.offset) < (rank[$1.element.strategy] ?? .max, $1.offset)
      }
      .map(\.element)
    ).rows
    // The verdict's title, then a line per trace and one across them (a list in Markdown).
    let opening =
      verdict.isEmpty
      ? ""
      : verdict.lines(markdown: markdown).enumerated().map { ($0.offset > 0 && markdown ? "- " : "") + $0.element }
        .joined(separator: "\n") + "\n\n"
    if markdown {
      var lines = ["| " + header.joined(separator: " | ") + " |"]
      lines.append("|---|---|" + Metric.table.map { _ in "---:|" }.joined())
      for cells in body + tail { lines.append("| " + cells.joined(separator: " | ") + " |") }
      return opening + lines.joined(separator: "\n") + "\n"
    }
    let all = [header] + body + tail
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      cells.indices.map { i in
        let pad = String(repeating: " ", count: widths[i] - cells[i].count)
        return i >= 2 ? pad + cells[i] : cells[i] + pad
      }.joined(separator: "  ").replacing(/\s+$/, with: "")
    }
    var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
    lines += body.map(line)
    if !tail.isEmpty {
      lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
      lines += tail.map(line)
    }
    return opening + lines.joined(separator: "\n") + "\n"
  }

  /// A difference with its sign: `+1.25`, `-0.03`.
  static func signed(_ value: Double) -> String {
    let text = NumberText.fixed(value, 2)
    return text.hasPrefix("-") ? text : "+" + text
  }
}

extension Report {
  /// A number as JSON prints it (no trailing ".0").
  public static func number(_ value: Double) -> String { JSONWriter.number(value) }
}
