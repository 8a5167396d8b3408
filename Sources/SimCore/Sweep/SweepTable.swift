import Foundation

/// The long-format result table of a sweep: one row per configuration (strategy × parameters ×
/// network × trace × replicate), every metric, in a stable column order (`docs/sweeps.md`).
/// Rows are always written in configuration order, so a sweep's file is the same whatever
/// `--jobs`, and merged shards equal the unsharded run byte for byte.
package struct SweepTable: Sendable {
  package struct Row: Sendable {
    package var index: Int
    package var strategy: String
    package var parameters: String
    package var network: String
    package var trace: String
    package var replicate: Int
    package var seed: UInt64
    /// Metric values by key (absent: no value, e.g. a percentile without samples).
    package var values: MetricValues

    /// The row as the table writes it. Not kept as text: a tune over 10,000 sessions holds
    /// tens of thousands of rows. A number reads back to the same double and is written again
    /// as the same shortest text (`JSONWriter.number`), so a merged or resumed table re-emits
    /// the bytes it read.
    func line(total: Int, fingerprint: String) -> String {
      var text = "\(index),\(total),\(fingerprint),\(csvField(strategy)),\(csvField(parameters)),\(network),"
      text += "\(csvField(trace)),\(replicate),\(seed)"
      for key in SweepTable.metricKeys {
        text += ","
        if let value = values[key] { text += JSONWriter.number(value) }
      }
      return text
    }
  }

  /// The metric columns: every metric key but the ones the configuration columns already give.
  package static let metricKeys = RunMetrics.keys.filter { !["strategy", "trace", "seed"].contains($0) }
  package static let header =
    (["index", "total", "sweep", "strategy", "parameters", "network", "trace", "replicate", "seed"] + metricKeys)
    .joined(separator: ",")

  package var fingerprint: String
  package var total: Int
  package var rows: [Int: Row] = [:]

  package init(fingerprint: String, total: Int) {
    self.fingerprint = fingerprint
    self.total = total
  }

  package mutating func add(_ configuration: SweepPlan.Configuration, traceName: String, metrics: RunMetrics) {
    var values = MetricValues()
    for (key, value) in metrics.fields {
      if let number = value.double { values[key] = number }
    }
    rows[configuration.index] = Row(
      index: configuration.index, strategy: configuration.strategy, parameters: configuration.parametersText,
      network: configuration.network, trace: traceName, replicate: configuration.replicate, seed: configuration.seed,
      values: values)
  }

  /// The CSV text of the rows present, in configuration order.
  package var csv: String {
    var text = Self.header + "\n"
    for index in rows.keys.sorted() {
      text += rows[index]!.line(total: total, fingerprint: fingerprint)
      text += "\n"
    }
    return text
  }

  /// An empty table of the sweep `fingerprint` of `total` runs, or, given the path of a
  /// previous run's CSV (`--resume`), its rows, read a line at a time; no file yet (a first
  /// run) is a fresh table, and a table of another sweep (another fingerprint) is refused.
  /// `sweep` and `tune` resume through it.
  package static func resuming(
    file: String?, fingerprint: String, total: Int
  ) throws(SimError) -> SweepTable {
    let fresh = SweepTable(fingerprint: fingerprint, total: total)
    guard let file, FileManager.default.fileExists(atPath: file) else { return fresh }
    var reader = Reader(file: file)
    try TextFileLines.forEach(file) { line, number throws(SimError) in try reader.add(line, number: number) }
    // A sweep stopped before its first row finished left only the header: nothing to keep.
    guard let table = try reader.table() else { return fresh }
    guard table.fingerprint == fresh.fingerprint else {
      throw SimError(
        .usage, "\(file) holds another sweep (fingerprint \(table.fingerprint), this one \(fresh.fingerprint))")
    }
    return table
  }

  /// Reads a sweep CSV (a finished run, a partial run to resume, or a shard).
  package static func read(_ text: String, file: String) throws(SimError) -> SweepTable {
    var reader = Reader(file: file)
    for (offset, line) in textLines(text).enumerated() { try reader.add(line, number: offset + 1) }
    return try reader.wholeTable()
  }

  /// Reads the sweep CSV at `path` a line at a time (a baseline, or a shard to merge).
  package static func read(file path: String) throws(SimError) -> SweepTable {
    var reader = Reader(file: path)
    try TextFileLines.forEach(path) { line, number throws(SimError) in try reader.add(line, number: number) }
    return try reader.wholeTable()
  }

  /// Reads a sweep CSV a line at a time: the header, then rows of one sweep, each index once.
  struct Reader {
    let file: String
    var sawHeader = false
    var read: SweepTable?

    init(file: String) { self.file = file }

    mutating func add(_ line: Substring, number: Int) throws(SimError) {
      if line.isEmpty { return }
      guard sawHeader else {
        guard line == SweepTable.header else {
          throw SimError(.badData, file: file, path: "line 1", "not a scrollsim sweep table (the header differs)")
        }
        sawHeader = true
        return
      }
      let cells = csvCells(line)
      guard cells.count == 9 + metricKeys.count, let index = Int(cells[0]), let total = Int(cells[1]),
        let replicate = Int(cells[7]), let seed = UInt64(cells[8])
      else {
        throw SimError(.badData, file: file, path: "line \(number)", "malformed row")
      }
      guard total >= 1, total <= SweepPlan.maximumRuns else {
        throw SimError(
          .badData, file: file, path: "line \(number)",
          "total \(total) runs is outside 1...\(SweepPlan.maximumRuns), the most one plan holds")
      }
      if read == nil { read = SweepTable(fingerprint: String(cells[2]), total: total) }
      guard cells[2] == read!.fingerprint, total == read!.total else {
        throw SimError(
          .badData, file: file, path: "line \(number)", "row of another sweep (fingerprint or total differs)")
      }
      guard index >= 0, index < total else {
        throw SimError(.badData, file: file, path: "line \(number)", "index \(index) outside 0..<\(total)")
      }
      guard read!.rows[index] == nil else {
        throw SimError(.badData, file: file, path: "line \(number)", "configuration \(index) appears twice")
      }
      read!.rows[index] = Row(
        index: index, strategy: String(cells[3]), parameters: String(cells[4]), network: String(cells[5]),
        trace: String(cells[6]), replicate: replicate, seed: seed,
        values: MetricValues(columns: cells[9...].map { Double($0) ?? .nan }))
    }

    /// The table read; nil when the file held only the header (a first run stopped before
    /// its first row finished).
    func table() throws(SimError) -> SweepTable? {
      guard sawHeader else {
        throw SimError(.badData, file: file, path: "line 1", "not a scrollsim sweep table (the header differs)")
      }
      return read
    }

    /// The table read, which must have rows.
    func wholeTable() throws(SimError) -> SweepTable {
      guard let table = try table() else { throw SimError(.badData, file: file, "has a header but no rows") }
      return table
    }
  }

  /// Joins shard tables; every configuration must appear exactly once.
  package static func merge(_ tables: [(file: String, table: SweepTable)]) throws(SimError) -> SweepTable {
    guard let first = tables.first?.table else { throw SimError(.usage, "no shard files") }
    var merged = SweepTable(fingerprint: first.fingerprint, total: first.total)
    for (file, table) in tables {
      guard table.fingerprint == first.fingerprint, table.total == first.total else {
        throw SimError(
          .badData, file: file,
          "is a shard of another sweep than \(tables[0].file): its plan, scenario, options or traces differ (fingerprint \(table.fingerprint), expected \(first.fingerprint))"
        )
      }
      for (index, row) in table.rows {
        guard merged.rows[index] == nil else {
          throw SimError(.badData, file: file, "configuration \(index) appears in more than one shard")
        }
        merged.rows[index] = row
      }
    }
    let missing = (0..<merged.total).filter { merged.rows[$0] == nil }
    guard missing.isEmpty else {
      throw SimError(
        .badData,
        "\(missing.count) of \(merged.total) configurations are missing (first: \(missing.prefix(5).map(String.init).joined(separator: ", "))); a shard is absent or unfinished"
      )
    }
    return merged
  }
}
