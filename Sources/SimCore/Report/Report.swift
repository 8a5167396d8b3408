/// The output formats of `run` and `compare`.
package enum ReportFormat: String, CaseIterable, Sendable {
  case table, json, csv, md
}

/// Renders metrics rows. `json` and `csv` carry every key of `RunMetrics.keys` (documented in
/// `docs/metrics.md`, stable); `table` and `md` show the columns people compare at a glance.
package enum Report {
  /// `rows` (one per run); `summary` rows (`Comparison.summary`) follow a rule in table/md and
  /// are under `sumsOverTraces` in JSON.
  /// `provenance` goes into JSON (`meta`) and under Markdown.
  package static func render(
    _ rows: [RunMetrics], summary: [RunMetrics] = [], format: ReportFormat, single: Bool = false,
    provenance: Provenance? = nil, layout: TableLayout = TableLayout()
  ) -> String {
    switch format {
    case .json: return json(rows, summary: summary, single: single, provenance: provenance)
    case .csv: return csv(rows + summary)
    case .table: return table(rows, summary: summary, markdown: false, layout: layout)
    case .md:
      return table(rows, summary: summary, markdown: true, layout: layout)
        + (provenance.map { "\n" + $0.markdown } ?? "")
    }
  }

  static func json(_ rows: [RunMetrics], summary: [RunMetrics], single: Bool, provenance: Provenance?) -> String {
    let meta: [(String, JSONValue)] = provenance.map { [("meta", $0.json)] } ?? []
    if single, let row = rows.first {
      return JSONWriter.pretty(.object(DocumentFormat.run.header + row.fields + meta)) + "\n"
    }
    var members: [(String, JSONValue)] =
      DocumentFormat.comparison.header + meta + [("runs", .array(rows.map { .object($0.fields) }))]
    if !summary.isEmpty { members.append(("sumsOverTraces", .array(summary.map { .object($0.fields) }))) }
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

  /// The human columns' header and each row's cells: a mark for each trace's best, strategy,
  /// trace, then `columns`.
  static func grid(_ rows: [RunMetrics], columns: [Metric], best: Set<String> = []) -> (
    header: [String], rows: [[String]]
  ) {
    (
      ["", "strategy", "trace"] + columns.map { $0.column!.header },
      rows.map { row in
        [best.contains(Verdict.rowKey(trace: row.trace, strategy: row.strategy)) ? "★" : "", row.strategy, row.trace]
          + columns.map { $0.cell(row) }
      }
    )
  }

  /// The verdict first (`Verdict`), then the table: each trace's strategies in the layout's
  /// order (by wait, least first, unless `--sort` says otherwise), the best of each marked ★,
  /// the limit after them; the summary rows in the verdict's order across traces.
  static func table(_ rows: [RunMetrics], summary: [RunMetrics], markdown: Bool, layout: TableLayout) -> String {
    let verdict = Verdict(rows)
    let columns = layout.plainColumns
    let ordered = layout.ordered(
      rows, trace: \.trace, isLimit: { $0.limitRole != nil }, isKilled: { $0.kills > 0 },
      value: { layout.sort?.value($0) })
    let best = verdict.bestRows
    let (header, body) = grid(ordered, columns: columns, best: best)
    let rank = Dictionary(verdict.overall.enumerated().map { ($0.element.strategy, $0.offset) }) { a, _ in a }
    let tail = grid(
      summary.enumerated().sorted {
        (rank[$0.element.strategy] ?? .max, $0.offset) < (rank[$1.element.strategy] ?? .max, $1.offset)
      }
      .map(\.element), columns: columns
    ).rows
    // The verdict's title, then a line per trace and one across them (a list in Markdown).
    let opening = verdict.opening(markdown: markdown)
    if markdown { return opening + MarkdownTable.render(header, body + tail, textColumns: 3) }
    return layout.fitted(opening)
      + layout.text(header: header, rows: body + tail, textColumns: 3, rules: tail.isEmpty ? [] : [body.count])
  }
}

extension Report {
  /// A number as JSON prints it (no trailing ".0").
  package static func number(_ value: Double) -> String { JSONWriter.number(value) }
}
