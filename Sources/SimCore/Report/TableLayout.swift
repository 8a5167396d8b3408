import Foundation

/// How a terminal or Markdown table is laid out (issue 31): which metric columns it shows, by
/// which metric each trace's rows are ordered, and how wide it may be. JSON and CSV carry every
/// key in catalog order whatever the layout.
package struct TableLayout: Sendable {
  /// The columns after strategy and trace: `nil` is the compact default
  /// (`Metric.compactTable`); `--wide` gives `Metric.table` (or `replicatedTable`), `--columns`
  /// a chosen list.
  package var columns: [Metric]?
  /// Rows within a trace, best first by this metric (its direction; neutral ones ascending);
  /// nil keeps the order the strategies were given in.
  package var sort: Metric? = Metric.named("waitSeconds")
  /// The widest a line may be (a terminal's columns); nil: no limit. Columns that do not fit
  /// are left out from the right, and a note says so.
  package var width: Int?

  package init(columns: [Metric]? = nil, sort: Metric? = Metric.named("waitSeconds"), width: Int? = nil) {
    self.columns = columns
    self.sort = sort
    self.width = width
  }

  /// The plain tables' columns.
  var plainColumns: [Metric] { columns ?? Metric.compactTable }
  /// The replicated tables' columns: the compact set where nothing was chosen.
  var replicatedColumns: [Metric] { columns ?? Metric.compactTable.filter { $0.key != "bytes" } }

  /// `--columns a,b,c`: metric keys with a column (docs/metrics.md), in the order given; `wide`
  /// for every column; `compact` for the default.
  package static func columns(_ text: String) throws(SimError) -> [Metric]? {
    switch text {
    case "compact": return nil
    case "wide": return Metric.table
    default: break
    }
    var chosen: [Metric] = []
    for key in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard let metric = Metric.named(key), metric.column != nil else {
        throw SimError(
          .usage,
          "--columns: unknown column \"\(key)\"\(NameSuggestion.hint(for: key, among: Metric.showable.map(\.key))); one of: \(Metric.showable.map(\.key).joined(separator: ", ")), or compact, wide"
        )
      }
      chosen.append(metric)
    }
    guard !chosen.isEmpty else { throw SimError(.usage, "--columns: give at least one column") }
    return chosen
  }

  /// `--sort KEY`: a metric key, or `given` for the order the strategies were given in.
  package static func sort(_ text: String) throws(SimError) -> Metric? {
    if text == "given" { return nil }
    let keys = Metric.numeric.map(\.key)
    guard let metric = Metric.named(text), keys.contains(text) else {
      throw SimError(
        .usage,
        "--sort: unknown metric \"\(text)\"\(NameSuggestion.hint(for: text, among: keys)); a key of docs/metrics.md (e.g. waitSeconds, blankCellSeconds, bytes) or given"
      )
    }
    return metric
  }

  /// Orders each trace's rows by `sort` (a metric better high: highest first; rows whose app
  /// was killed after those that lived, whatever the sort, as the verdict ranks them; the limit
  /// last, as a reference; ties and missing values keep their order), traces in their order.
  func ordered<Row>(
    _ rows: [Row], trace: (Row) -> String, isLimit: (Row) -> Bool, isKilled: (Row) -> Bool = { _ in false },
    value: (Row) -> Double?
  ) -> [Row] {
    var order: [String] = []
    var groups: [String: [(offset: Int, row: Row)]] = [:]
    for (offset, row) in rows.enumerated() {
      if groups[trace(row)] == nil { order.append(trace(row)) }
      groups[trace(row), default: []].append((offset, row))
    }
    let sign = sort?.direction == .higher ? -1.0 : 1.0
    return order.flatMap { name in
      groups[name]!.sorted { a, b in
        let limitA = isLimit(a.row) ? 1 : 0
        let limitB = isLimit(b.row) ? 1 : 0
        if limitA != limitB { return limitA < limitB }
        let killedA = isKilled(a.row) ? 1 : 0
        let killedB = isKilled(b.row) ? 1 : 0
        if killedA != killedB { return killedA < killedB }
        guard sort != nil else { return a.offset < b.offset }
        let x = value(a.row).map { sign * $0 } ?? .infinity
        let y = value(b.row).map { sign * $0 } ?? .infinity
        return x != y ? x < y : a.offset < b.offset
      }.map(\.row)
    }
  }

  /// `text` with each line longer than `width` wrapped at spaces, the continuations indented
  /// two spaces (a verdict's sentence stays readable where the terminal would cut it mid-word).
  /// A word longer than the width stays whole on its own line. Unchanged without a width.
  package func fitted(_ text: String) -> String {
    guard let width else { return text }
    let indent = "  "
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.count > width else { return String(line) }
      var lines: [String] = []
      var current = ""
      for word in line.split(separator: " ", omittingEmptySubsequences: false) {
        // Empty only before the line's first word: a continuation starts with the indent.
        if current.isEmpty {
          current = String(word)
        } else if current.count + 1 + word.count <= width {
          current += " " + word
        } else {
          lines.append(current)
          current = indent + word
        }
      }
      lines.append(current)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Aligned text lines of `header` and `rows` (left-aligned text columns, right-aligned
  /// numbers), a rule under the header and before each of `rules`; columns from the right that
  /// would pass `width` left out, with a note.
  func text(header: [String], rows: [[String]], textColumns: Int, rules: Set<Int> = []) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    var shown = header.count
    if let width {
      while shown > textColumns + 1 && widths.prefix(shown).reduce(0, +) + 2 * (shown - 1) > width { shown -= 1 }
    }
    func line(_ cells: [String]) -> String {
      (0..<shown).map { i in
        let pad = String(repeating: " ", count: widths[i] - cells[i].count)
        return i < textColumns ? cells[i] + pad : pad + cells[i]
      }.joined(separator: "  ").replacing(/\s+$/, with: "")
    }
    let rule = widths.prefix(shown).map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    var lines = [line(header), rule]
    for (index, cells) in rows.enumerated() {
      if rules.contains(index) { lines.append(rule) }
      lines.append(line(cells))
    }
    if shown < header.count {
      lines.append(
        "(\(header.count - shown) more column\(header.count - shown == 1 ? "" : "s") left out to fit \(width!) characters: \(header.suffix(from: shown).joined(separator: ", ")); --wide or --columns shows them)"
      )
    }
    return fitted(lines.joined(separator: "\n")) + "\n"
  }
}
