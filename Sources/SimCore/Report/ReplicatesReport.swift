/// Renders replicated comparisons: the verdict with intervals, then per metric the mean and the
/// half-width of its 95% interval, and "≈" where a strategy's difference from the best one on
/// that trace is not supported.
package enum ReplicatesReport {
  /// `provenance` goes into JSON (`meta`) and under Markdown.
  package static func render(
    _ rows: [ReplicatedRow], format: ReportFormat, provenance: Provenance? = nil, layout: TableLayout = TableLayout()
  ) -> String {
    let ties = Replicates.tiesWithBest(rows)
    switch format {
    case .json: return json(rows, ties: ties, provenance: provenance)
    case .csv: return csv(rows, ties: ties)
    case .table: return table(rows, ties: ties, markdown: false, layout: layout)
    case .md:
      return table(rows, ties: ties, markdown: true, layout: layout) + (provenance.map { "\n" + $0.markdown } ?? "")
    }
  }

  static func json(_ rows: [ReplicatedRow], ties: [[String]], provenance: Provenance?) -> String {
    let items: [JSONValue] = rows.enumerated().map { index, row in
      var mean: [(String, JSONValue)] = []
      var interval: [(String, JSONValue)] = []
      var values: [(String, JSONValue)] = []
      for metric in Replicates.storedMetrics {
        let key = metric.key
        values.append((key, .array(row.runs.map { run in metric.json(run) })))
        let estimate = Estimate.of(row.runs.compactMap { metric.value($0) })
        mean.append((key, estimate.mean.isNaN ? .null : .number(clean(estimate.mean))))
        interval.append((key, estimate.halfWidth.isNaN ? .null : .number(clean(estimate.halfWidth))))
      }
      return .object([
        ("strategy", .string(row.strategy)), ("trace", .string(row.trace)), ("replicates", .int(row.runs.count)),
        ("seeds", .array(row.runs.map { .unsigned($0.seed) })), ("mean", .object(mean)),
        ("ci95", .object(interval)), ("tiedWithBest", .array(ties[index].map { .string($0) })),
        ("values", .object(values)),
      ])
    }
    let meta: [(String, JSONValue)] = provenance.map { [("meta", $0.json)] } ?? []
    return JSONWriter.pretty(.object(DocumentFormat.replicatedComparison.header + meta + [("runs", .array(items))]))
      + "\n"
  }

  static func csv(_ rows: [ReplicatedRow], ties: [[String]]) -> String {
    var header = ["strategy", "trace", "replicates"]
    for metric in Replicates.storedMetrics { header += [metric.key, metric.key + "_ci95"] }
    header.append("tiedWithBest")
    var lines = [header.joined(separator: ",")]
    for (index, row) in rows.enumerated() {
      var cells = [csvField(row.strategy), csvField(row.trace), String(row.runs.count)]
      for metric in Replicates.storedMetrics {
        let estimate = Estimate.of(row.runs.compactMap { metric.value($0) })
        cells.append(estimate.mean.isNaN ? "" : JSONWriter.number(clean(estimate.mean)))
        cells.append(estimate.halfWidth.isNaN ? "" : JSONWriter.number(clean(estimate.halfWidth)))
      }
      cells.append(ties[index].joined(separator: ";"))
      lines.append(cells.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table's header and cells: ★ on each trace's best, mean ±95% interval, `≈` where tied
  /// with the best; in a column with any `≈`, the other cells are padded as wide, so the
  /// numbers stay aligned.
  static func grid(
    _ rows: [ReplicatedRow], ties: [[String]], columns: [Metric], best: Set<Int> = []
  ) -> (header: [String], rows: [[String]]) {
    let header = ["", "strategy", "trace", "n"] + columns.map { $0.column!.header }
    var body: [[String]] = rows.enumerated().map { index, row in
      [best.contains(index) ? "★" : "", row.strategy, row.trace, String(row.runs.count)]
        + columns.map { metric in
          let column = metric.column!
          let estimate = Estimate.of(row.runs.compactMap { metric.value($0) })
          guard !estimate.mean.isNaN else { return "–" }
          let text =
            column.format(estimate.mean, digits: column.meanDigits) + " ±"
            + NumberText.fixed(estimate.halfWidth * column.scale, column.meanDigits)
          return ties[index].contains(metric.key) ? text + " ≈" : text
        }
    }
    for (offset, metric) in columns.enumerated() where ties.contains(where: { $0.contains(metric.key) }) {
      for index in body.indices where !ties[index].contains(metric.key) { body[index][4 + offset] += "  " }
    }
    return (header, body)
  }

  /// The verdict (with intervals), then the table in the layout's order.
  static func table(_ rows: [ReplicatedRow], ties: [[String]], markdown: Bool, layout: TableLayout) -> String {
    let verdict = Verdict(replicated: rows)
    let order = layout.ordered(
      Array(rows.indices), trace: { rows[$0].trace }, isLimit: { rows[$0].isLimit },
      isKilled: { rows[$0].runs.contains { $0.kills > 0 } },
      value: { index in
        layout.sort.flatMap { metric in
          let mean = Estimate.of(rows[index].runs.compactMap { metric.value($0) }).mean
          return mean.isNaN ? nil : mean
        }
      })
    let best = Set(
      verdict.traces.compactMap { ranking in
        // A killed run is never best: no star where every run was killed.
        ranking.ranked.first.flatMap { top in
          ranking.killed[top.strategy] != nil
            ? nil : rows.firstIndex { $0.trace == ranking.trace && $0.strategy == top.strategy }
        }
      })
    let (header, cells) = grid(rows, ties: ties, columns: layout.replicatedColumns, best: best)
    let body = order.map { cells[$0] }
    let note =
      "mean ±95% interval over the replicates; ★ the least wait on the trace; ≈: not distinguishable from the trace's best in that column (paired t, 95%)\n"
    let opening = verdict.opening(markdown: markdown)
    if markdown { return opening + MarkdownTable.render(header, body, textColumns: 3) + "\n" + note }
    let firstSum = order.firstIndex { SummaryRow.names(rows[$0].trace) }
    return layout.fitted(opening)
      + layout.text(header: header, rows: body, textColumns: 3, rules: firstSum.map { [$0] } ?? [])
      + layout.fitted(note)
  }

  private static func clean(_ value: Double) -> Double { rounded(value, decimals: 9) }
}
