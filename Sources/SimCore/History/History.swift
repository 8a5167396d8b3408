/// A history of comparisons (`scrollsim history add`, `docs/ci.md`): one JSON line per stored
/// `compare --format json`, holding its headline rows' means, so `history draw` shows a slow
/// drift over commits, as Lighthouse CI's server shows trends — here a local file, no server.
///
/// The headline rows are the `sum over N traces` rows when the comparison has them, else its
/// rows (one trace). Each line keeps the run's label (a commit), its date if given, and from the
/// comparison's `meta` the version, the scenario fingerprint and the traces, so a jump that
/// comes from changed inputs is not read as drift. Lines are in the order added.
package struct HistoryEntry: Sendable {
  package struct Row: Sendable {
    package var strategy: String
    package var trace: String
    /// Each metric's mean over the replicates (a metric without a value in some replicate is
    /// left out).
    package var means: [String: Double]
  }

  package static let format = "scrollsim-history"
  package static let version = 1

  package var label: String
  package var date: String?
  package var scrollsim: String?
  package var scenario: String?
  package var traces: [(name: String, fingerprint: String)]
  package var replicates: Int
  package var rows: [Row]

  init(
    label: String, date: String?, scrollsim: String?, scenario: String?,
    traces: [(name: String, fingerprint: String)], replicates: Int, rows: [Row]
  ) {
    self.label = label
    self.date = date
    self.scrollsim = scrollsim
    self.scenario = scenario
    self.traces = traces
    self.replicates = replicates
    self.rows = rows
  }

  /// The entry for a stored comparison.
  package init(_ comparison: Baseline, label: String, date: String?) {
    let summaries = comparison.rows.filter { SummaryRow.names($0.trace) }
    let rows = (summaries.isEmpty ? comparison.rows : summaries).map { row in
      var means: [String: Double] = [:]
      for key in row.runs.first?.keys.sorted() ?? [] {
        let values = row.runs.compactMap { $0[key] }
        if values.count == row.runs.count { means[key] = values.reduce(0, +) / Double(values.count) }
      }
      return Row(strategy: row.strategy, trace: row.trace, means: means)
    }
    self.init(
      label: label, date: date, scrollsim: comparison.provenance?.version, scenario: comparison.provenance?.scenario,
      traces: comparison.provenance?.traces ?? [], replicates: comparison.rows.first?.runs.count ?? 1, rows: rows)
  }

  /// Whether the runs behind `self` and `previous` had other inputs: another scenario or
  /// options, or other traces (names or contents).
  package func inputsDiffer(from previous: HistoryEntry) -> Bool {
    scenario != previous.scenario || traces.map(\.name) != previous.traces.map(\.name)
      || traces.map(\.fingerprint) != previous.traces.map(\.fingerprint)
  }

  /// One line of the history file.
  package var line: String {
    func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
    return JSONWriter.compact(
      .object([
        ("format", .string(Self.format)), ("version", .int(Self.version)), ("label", .string(label)),
        ("date", optional(date)), ("scrollsim", optional(scrollsim)), ("scenario", optional(scenario)),
        (
          "traces",
          .array(traces.map { .object([("name", .string($0.name)), ("fingerprint", .string($0.fingerprint))]) })
        ),
        ("replicates", .int(replicates)),
        (
          "rows",
          .array(
            rows.map { row in
              .object([
                ("strategy", .string(row.strategy)), ("trace", .string(row.trace)),
                ("means", .object(row.means.keys.sorted().map { ($0, .number(row.means[$0]!)) })),
              ])
            })
        ),
      ]))
  }

  /// A history file's entries; errors name the line and the JSON path.
  package static func read(_ text: String, file: String) throws(SimError) -> [HistoryEntry] {
    var entries: [HistoryEntry] = []
    for (index, line) in textLines(text).enumerated() where !line.allSatisfy(\.isWhitespace) {
      do throws(SimError) {
        entries.append(try entry(JSONCursor(JSONParser.parse(Array(line.utf8)))))
      } catch {
        var located = error
        located.path = "line \(index + 1)" + (error.path.map { " \($0)" } ?? "")
        throw located.inFile(file)
      }
    }
    return entries
  }

  static func entry(_ root: JSONCursor) throws(SimError) -> HistoryEntry {
    try root.rejectUnknownKeys([
      "format", "version", "label", "date", "scrollsim", "scenario", "traces", "replicates", "rows",
    ])
    guard try root["format"].string() == format else { throw root["format"].fail("expected \"\(format)\"") }
    guard try root["version"].int() == version else {
      throw root["version"].fail("not a version this scrollsim reads (it reads \(version))")
    }
    func optional(_ cursor: JSONCursor) throws(SimError) -> String? { cursor.exists ? try cursor.string() : nil }
    var traces: [(name: String, fingerprint: String)] = []
    for trace in try root["traces"].elements() {
      traces.append((try trace["name"].string(), try trace["fingerprint"].string()))
    }
    var rows: [Row] = []
    for row in try root["rows"].elements() {
      var means: [String: Double] = [:]
      for key in try row["means"].keys() { means[key] = try row["means"][key].double() }
      rows.append(Row(strategy: try row["strategy"].string(), trace: try row["trace"].string(), means: means))
    }
    return HistoryEntry(
      label: try root["label"].string(), date: try optional(root["date"]), scrollsim: try optional(root["scrollsim"]),
      scenario: try optional(root["scenario"]), traces: traces,
      replicates: try root["replicates"].int(in: 1...1_000_000), rows: rows)
  }
}
