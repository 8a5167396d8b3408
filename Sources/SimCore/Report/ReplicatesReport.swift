/// Renders replicated comparisons: per metric the mean and the half-width of its 95% interval,
/// and "≈" where a strategy's difference from the best one on that trace is not supported.
public enum ReplicatesReport {
  /// `provenance` goes into JSON (`meta`) and under Markdown.
  public static func render(_ rows: [ReplicatedRow], format: ReportFormat, provenance: Provenance? = nil) -> String {
    let ties = Replicates.tiesWithBest(rows)
    switch format {
    case .json: return json(rows, ties: ties, provenance: provenance)
    case .csv: return csv(rows, ties: ties)
    case .table: return table(rows, ties: ties, markdown: false)
    case .md: return table(rows, ties: ties, markdown: true) + (provenance.map { "\n" + $0.markdown } ?? "")
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
        let estimate = Replicates.estimate(row.runs.compactMap { metric.value($0) })
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
    return JSONWriter.pretty(.object(meta + [("runs", .array(items))])) + "\n"
  }

  static func csv(_ rows: [ReplicatedRow], ties: [[String]]) -> String {
    var header = ["strategy", "trace", "replicates"]
    for metric in Replicates.storedMetrics { header += [metric.key, metric.key + "_ci95"] }
    header.append("tiedWithBest")
    var lines = [header.joined(separator: ",")]
    for (index, row) in rows.enumerated() {
      var cells = [csvField(row.strategy), csvField(row.trace), String(row.runs.count)]
      for metric in Replicates.storedMetrics {
        let estimate = Replicates.estimate(row.runs.compactMap { metric.value($0) })
        cells.append(estimate.mean.isNaN ? "" : JSONWriter.number(clean(estimate.mean)))
        cells.append(estimate.halfWidth.isNaN ? "" : JSONWriter.number(clean(estimate.halfWidth)))
      }
      cells.append(ties[index].joined(separator: ";"))
      lines.append(cells.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table's header and cells: mean ±95% interval, `≈` where tied with the best.
  static func grid(_ rows: [ReplicatedRow], ties: [[String]]) -> (header: [String], rows: [[String]]) {
    let header = ["strategy", "trace", "n"] + Metric.replicatedTable.map { $0.column!.header }
    let body: [[String]] = rows.enumerated().map { index, row in
      [row.strategy, row.trace, String(row.runs.count)]
        + Metric.replicatedTable.map { metric in
          let column = metric.column!
          let estimate = Replicates.estimate(row.runs.compactMap { metric.value($0) })
          guard !estimate.mean.isNaN else { return "–" }
          let text =
            column.format(estimate.mean, digits: column.meanDigits) + " ±"
            + NumberText.fixed(estimate.halfWidth * column.scale, column.meanDigits)
          return ties[index].contains(metric.key) ? text + " ≈" : text
        }
    }
    return (header, body)
  }

  static func table(_ rows: [ReplicatedRow], ties: [[String]], markdown: Bool) -> String {
    let (header, body) = grid(rows, ties: ties)
    let note =
      "mean ±95% interval over the replicates; ≈: not distinguishable from the best strategy on that trace (paired t, 95%)\n"
    if markdown {
      var lines = ["| " + header.joined(separator: " | ") + " |"]
      lines.append("|---|---|---:|" + Metric.replicatedTable.map { _ in "---:|" }.joined())
      lines += body.map { "| " + $0.joined(separator: " | ") + " |" }
      return lines.joined(separator: "\n") + "\n\n" + note
    }
    let all = [header] + body
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      cells.indices.map { i in
        let pad = String(repeating: " ", count: widths[i] - cells[i].count)
        return i < 2 ? cells[i] + pad : pad + cells[i]
      }.joined(separator: "  ")
    }
    var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
    lines += body.map(line)
    return lines.joined(separator: "\n") + "\n" + note
  }

  private static func clean(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }
}
