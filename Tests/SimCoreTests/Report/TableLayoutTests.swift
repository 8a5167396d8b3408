import Testing

@testable import SimCore

/// `TableLayout`: columns, order and width of the human tables (issue 31, item 3).
@Suite struct TableLayoutTests {
  static func row(_ strategy: String, trace: String = "t.json", wait: Double, bytes: Double) -> RunMetrics {
    var row = RunMetrics()
    row.strategy = strategy
    row.limitRole = strategy == "oracle" ? .reference : nil
    row.trace = trace
    row.waitSeconds = wait
    row.bytes = bytes
    return row
  }

  static let rows = [
    row("b", wait: 2, bytes: 10), row("a", wait: 1, bytes: 30), row("oracle", wait: 0.5, bytes: 5),
    row("c", wait: 3, bytes: 20),
  ]

  /// By wait, least first, the limit last; `--sort bytes` by bytes; `given` as given.
  @Test func rowsSortByTheChosenMetric() throws {
    let table = Report.render(Self.rows, format: .table)
    let names = table.split(separator: "\n").dropFirst(4).map { $0.split(separator: " ").first { $0 != "★" }! }
    #expect(names == ["a", "b", "c", "oracle"])
    #expect(table.contains("★  a "))
    let byBytes = TableLayout(sort: try TableLayout.sort("bytes"))
    #expect(
      byBytes.ordered(
        Self.rows, trace: \.trace, isLimit: { $0.limitRole != nil }, value: { byBytes.sort?.value($0) }
      ).map(\.strategy) == ["b", "c", "a", "oracle"])
    let given = TableLayout(sort: try TableLayout.sort("given"))
    #expect(
      given.ordered(Self.rows, trace: \.trace, isLimit: { $0.limitRole != nil }, value: { _ in nil }).map(
        \.strategy) == ["b", "a", "c", "oracle"])
  }

  /// The compact default has 7 metric columns; `wide` all of `Metric.table`; a chosen list
  /// those; an unknown key is refused with a suggestion.
  @Test func columnsAreChosenByKey() throws {
    #expect(try TableLayout.columns("compact") == nil)
    #expect(try TableLayout.columns("wide")?.count == Metric.table.count)
    #expect(try TableLayout.columns("bytes,waitSeconds")?.map(\.key) == ["bytes", "waitSeconds"])
    #expect {
      try TableLayout.columns("waitSecond")
    } throws: { "\($0)".contains("did you mean \"waitSeconds\"") }
    #expect(throws: SimError.self) { try TableLayout.sort("wiat") }
    let table = Report.render(Self.rows, format: .table)
    #expect(table.split(separator: "\n")[2].hasPrefix("   strategy"))
    #expect(table.contains("wait s") && table.contains("MB") && !table.contains("ttc p95"))
  }

  /// A terminal of 36 characters (the full line is 38) keeps strategy, trace and the columns that fit, and says
  /// which it left out; no width keeps every column.
  @Test func aNarrowTerminalLeavesColumnsOutAndSaysSo() {
    let layout = TableLayout(width: 36)
    let text = layout.text(
      header: ["", "strategy", "trace", "wait s", "MB"], rows: [["★", "smart-range", "reader.json", "0.57", "1.1"]],
      textColumns: 3)
    let lines = text.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 36 })
    #expect(Self.unwrapped(text).contains("1 more column left out to fit 36 characters: MB"))
    #expect(!TableLayout().text(header: ["a", "b"], rows: [["x", "1"]], textColumns: 1).contains("left out"))
  }

  /// The text again with wrapped lines joined (continuations start with two spaces).
  static func unwrapped(_ text: String) -> String { text.replacing("\n  ", with: " ") }

  /// A verdict longer than the terminal wraps at spaces with an indent, every word whole, on
  /// 100 and 120 columns (the default compare's was 137 characters and wrapped mid-phrase); a
  /// line exactly as wide stays one line, one a character wider wraps; no width keeps it.
  @Test func theVerdictFitsTheTerminal() {
    let rows = [
      Self.row("paging3+glide-with-a-long-name", wait: 1.09, bytes: 1),
      Self.row("smart-range-with-a-long-name", wait: 0.85, bytes: 1),
      Self.row("oracle", wait: 0.38, bytes: 1),
    ]
    let wide = Report.render(rows, format: .table)
    let longest = wide.split(separator: "\n").prefix(3).map(\.count).max()!
    #expect(longest > 120)
    for width in [100, 120] {
      let text = Report.render(rows, format: .table, layout: TableLayout(width: width))
      #expect(text.split(separator: "\n").allSatisfy { $0.count <= width })
      #expect(Self.unwrapped(text).contains(String(wide.split(separator: "\n")[1])))
    }
    let line = "alpha beta gamma"
    #expect(TableLayout(width: 16).fitted(line) == line)
    #expect(TableLayout(width: 15).fitted(line) == "alpha beta\n  gamma")
    #expect(TableLayout(width: 3).fitted("alpha beta") == "alpha\n  beta")
    #expect(TableLayout().fitted(line + line + line) == line + line + line)

    var summary = PopulationSummary(strategies: [("smart-range", nil), ("paging3+glide", nil)])
    for waits in [[0.7, 1.0], [0.9, 1.2], [1.0, 1.1]] {
      summary.add(
        session: zip(["smart-range", "paging3+glide"], waits).map { Self.row($0.0, wait: $0.1, bytes: 1) })
    }
    let population = PopulationReport.render(
      summary, key: .mean, format: .table, layout: TableLayout(width: 100))
    #expect(population.split(separator: "\n").allSatisfy { $0.count <= 100 })
    #expect(
      Self.unwrapped(population).contains(
        "smart-range: the user waits 0.87 s on average"))
  }

  /// Replicated: the verdict gives intervals, `≈` does not push numbers out of line, and the
  /// best is marked.
  @Test func replicatedTablesAlignTheirMarks() throws {
    func replicated(_ strategy: String, _ waits: [Double]) -> ReplicatedRow {
      ReplicatedRow(
        strategy: strategy, trace: "t.json",
        runs: waits.enumerated().map { index, wait in
          var run = Self.row(strategy, wait: wait, bytes: 1)
          run.seed = UInt64(index)
          return run
        })
    }
    let rows = [replicated("x", [1.0, 1.2, 1.1]), replicated("y", [1.05, 1.3, 1.0]), replicated("z", [5, 6, 5.5])]
    let text = ReplicatesReport.render(rows, format: .table)
    #expect(text.contains("x waits least (1.10 s ±0.25), but y cannot be told from it at 95 %"))
    let lines = text.split(separator: "\n").filter { $0.contains(" t.json ") }
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("★  x "))
    // The wait column ends at the same place on every line, tied or not.
    let ends = lines.map { line in line.distance(from: line.startIndex, to: line.range(of: "±")!.upperBound) }
    #expect(Set(ends).count == 1)
  }
}
