/// A population report as `merge` reads it back: its provenance, the shard it covers, and the
/// summary's exact counts (`PopulationSummary+JSON`). Shards of one comparison differ only in
/// their `shard` member and their counts; `join` checks that and adds the counts, so the
/// merged report is byte for byte the report of one machine's run.
package struct PopulationShard: Sendable {
  package var provenance: Provenance
  /// "K/N" for a shard's report; nil for a whole population's.
  package var shard: String?
  package var summary: PopulationSummary

  package static func load(path: String) throws(SimError) -> PopulationShard {
    try read(bytes: AtomicFile.read(path), file: path)
  }

  /// A report already read from `file` (errors name it).
  package static func read(bytes: [UInt8], file: String) throws(SimError) -> PopulationShard {
    do throws(SimError) {
      return try read(JSONParser.parse(bytes))
    } catch {
      throw error.inFile(file)
    }
  }

  package static func read(_ value: JSONValue) throws(SimError) -> PopulationShard {
    let root = JSONCursor(value)
    guard (try? root["format"].string()) == DocumentFormat.population.rawValue else {
      throw root["format"].fail(
        "not a population report: expected \"\(DocumentFormat.population.rawValue)\" (`scrollsim compare --shard K/N --format json` over a folder)"
      )
    }
    let version = try root["version"].int()
    guard version == DocumentFormat.population.version else {
      throw root["version"].fail(
        "version \(version) is not one this scrollsim reads (\(DocumentFormat.population.version))")
    }
    let provenance = try Provenance.read(root["meta"])
    let shard = root["shard"].exists ? try root["shard"].string() : nil
    var summary = try Self.summary(root["counts"])
    if root["by"].exists {
      let dimension = SessionDimension(rawValue: try root["by"].choice(SessionDimension.allCases.map(\.rawValue)))!
      summary.breakdown = PopulationBreakdown(dimension: dimension)
      for item in try root["classes"].elements() {
        let part = try Self.summary(item["counts"])
        guard part.rows.map(\.strategy) == summary.rows.map(\.strategy) else {
          throw item["counts"]["strategies"].fail("compares other strategies than the whole population")
        }
        try summary.breakdown!.summary(try item["class"].string(), strategies: summary.strategies) {
          (whole: inout PopulationSummary) throws(SimError) in try whole.merge(part)
        }
      }
    }
    return PopulationShard(provenance: provenance, shard: shard, summary: summary)
  }

  /// A summary's exact counts (`PopulationSummary.json`).
  static func summary(_ counts: JSONCursor) throws(SimError) -> PopulationSummary {
    var strategies: [(name: String, limitRole: LimitRole?)] = []
    let rows = try counts["strategies"].elements()
    for row in rows {
      let role = row["limit"].exists ? try row["limit"].choice(["reference", "otherPlan"]) : nil
      strategies.append((try row["strategy"].string(), role.flatMap(LimitRole.init(rawValue:))))
    }
    var summary = PopulationSummary(strategies: strategies)
    summary.fingerprint = try fingerprint(counts["fingerprint"])
    for (index, row) in rows.enumerated() {
      summary.rows[index].sessions = try row["sessions"].int(in: 0...Int.max)
      summary.rows[index].waitMicroseconds = Int64(try row["waitMicroseconds"].int(in: 0...Int.max))
      summary.rows[index].wait = try histogram(row["wait"], floor: summary.rows[index].wait.floor)
      summary.rows[index].hitchMicrosPerSecond = Int64(try row["hitchMicrosPerSecond"].int(in: 0...Int.max))
      summary.rows[index].hitch = try histogram(row["hitch"], floor: summary.rows[index].hitch.floor)
      summary.rows[index].bytes = Int64(try row["bytes"].int(in: 0...Int.max))
      summary.rows[index].peakMemory = try histogram(row["peakMemory"], floor: summary.rows[index].peakMemory.floor)
      summary.rows[index].stalled = try row["stalled"].int(in: 0...Int.max)
      summary.rows[index].longBlank = try row["longBlank"].int(in: 0...Int.max)
      summary.rows[index].hitching = try row["hitching"].int(in: 0...Int.max)
      summary.rows[index].killed = try row["killed"].int(in: 0...Int.max)
      // Reports written before rows kept their worst sessions have none.
      if row["worst"].exists {
        var worst: [PopulationSummary.SessionWait] = []
        for entry in try row["worst"].elements() {
          worst.append(
            .init(
              session: try entry["session"].string(),
              waitMicroseconds: Int64(try entry["waitMicroseconds"].int(in: 0...Int.max))))
        }
        summary.rows[index].keepWorst(worst)
      }
    }
    let pairs = try counts["pairs"].elements()
    guard pairs.count == summary.pairs.count else {
      throw counts["pairs"].fail(
        "expected \(summary.pairs.count) pairs for \(rows.count) strategies, found \(pairs.count)")
    }
    for (index, pair) in pairs.enumerated() {
      guard try pair["a"].int() == summary.pairs[index].a, try pair["b"].int() == summary.pairs[index].b else {
        throw pair.fail("expected the pair \(summary.pairs[index].a), \(summary.pairs[index].b) here")
      }
      summary.pairs[index].sessions = try pair["sessions"].int(in: 0...Int.max)
      let sum = try pair["sum"].double()
      guard let exact = Int64(exactly: sum) else { throw pair["sum"].fail("expected a whole number of µs") }
      summary.pairs[index].sum = exact
      guard let squares = Int128(try pair["sumOfSquares"].string()), squares >= 0 else {
        throw pair["sumOfSquares"].fail("expected a whole number of µs², in decimal")
      }
      summary.pairs[index].sumOfSquares = squares
    }
    return summary
  }

  static func fingerprint(_ cursor: JSONCursor) throws(SimError) -> UInt64 {
    guard let value = UInt64(try cursor.string(), radix: 16) else { throw cursor.fail("expected 16 hex digits") }
    return value
  }

  /// `"bin:count bin:count"`.
  static func histogram(_ cursor: JSONCursor, floor: Double) throws(SimError) -> LogHistogram {
    var histogram = LogHistogram(floor: floor)
    for item in try cursor.string().split(separator: " ") {
      let parts = item.split(separator: ":")
      guard parts.count == 2, let bin = Int(parts[0]), let count = Int(parts[1]), bin >= 0, count > 0 else {
        throw cursor.fail("expected bins as \"bin:count\", found \"\(item)\"")
      }
      histogram.add(bin: bin, count: count)
    }
    return histogram
  }

  static func difference(_ a: Provenance, from b: Provenance) -> String? {
    if a.command != b.command { return "its command is \(a.command)" }
    if a.scenario != b.scenario { return "its scenario and options differ (\(a.scenario))" }
    if a.seed != b.seed { return "its seed is \(a.seed)" }
    if a.version != b.version { return "it was written by scrollsim \(a.version)" }
    return nil
  }
}

/// Shards of one comparison joined one at a time (`merge`): each must have the same command (but
/// for the shard), scenario, seed and strategies as the first, and each shard K/N of the same N
/// must come exactly once. Memory holds the running summary, not the shards.
package struct PopulationJoin: Sendable {
  package private(set) var provenance: Provenance
  package private(set) var summary: PopulationSummary
  private let firstFile: String
  private let count: Int
  private var seen: [Int: String] = [:]

  package init(_ shard: PopulationShard, file: String) throws(SimError) {
    provenance = shard.provenance
    summary = shard.summary
    firstFile = file
    let (index, count) = try Self.slice(shard, file: file)
    self.count = count
    seen[index] = file
  }

  static func slice(_ shard: PopulationShard, file: String) throws(SimError) -> (index: Int, count: Int) {
    let parts = (shard.shard ?? "").split(separator: "/").compactMap { Int($0) }
    guard parts.count == 2 else {
      throw SimError(.badData, file: file, "is the report of a whole population, not a shard (compare --shard K/N)")
    }
    return (parts[0], parts[1])
  }

  package mutating func add(_ shard: PopulationShard, file: String) throws(SimError) {
    let (index, count) = try Self.slice(shard, file: file)
    guard count == self.count else {
      throw SimError(.badData, file: file, "is shard \(index)/\(count), but \(firstFile) is one of \(self.count)")
    }
    if let other = seen[index] {
      throw SimError(.badData, file: file, "is shard \(index)/\(count) again (\(other) is too)")
    }
    if let why = PopulationShard.difference(shard.provenance, from: provenance) {
      throw SimError(.badData, file: file, "is a shard of another comparison than \(firstFile): \(why)")
    }
    do throws(SimError) { try summary.merge(shard.summary) } catch { throw error.inFile(file) }
    seen[index] = file
  }

  /// The whole: its provenance names the sessions all shards ran.
  package func finish() throws(SimError) -> (provenance: Provenance, summary: PopulationSummary) {
    let missing = (1...count).filter { seen[$0] == nil }.map { "\($0)/\(count)" }
    guard missing.isEmpty else {
      throw SimError(.badData, "shard\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) missing")
    }
    var whole = provenance
    whole.traces = [("\(summary.rows.first?.sessions ?? 0) sessions", Provenance.hex(summary.fingerprint))]
    return (whole, summary)
  }
}
