import Foundation

/// A stored comparison read back for the gate: `compare --format json -o base.json` (plain or
/// with `--replicates`), with its `meta` (`Provenance`).
package struct Baseline: Sendable {
  package var provenance: Provenance?
  package var rows: [Gate.Row]

  /// Reads `path`; errors name the file and the JSON path.
  package static func load(path: String) throws(SimError) -> Baseline {
    do throws(SimError) {
      return try read(JSONParser.parse(AtomicFile.read(path)))
    } catch {
      throw error.inFile(path)
    }
  }

  /// `load` on JSON already parsed.
  package static func read(_ value: JSONValue) throws(SimError) -> Baseline {
    let root = JSONCursor(value)
    // A population's report: its per-session means (`PopulationSummary.gateRows`).
    if (try? root["format"].string()) == DocumentFormat.population.rawValue {
      let stored = try PopulationShard.read(value)
      guard stored.shard == nil else {
        throw root["shard"].fail("is one shard of a population: merge the shards (scrollsim merge) for a baseline")
      }
      return Baseline(provenance: stored.provenance, rows: stored.summary.gateRows(seed: stored.provenance.seed))
    }
    guard root["runs"].exists else {
      throw root.fail("not a comparison: expected the \"runs\" of `scrollsim compare --format json`")
    }
    var baseline = Baseline(provenance: nil, rows: [])
    if root["meta"].exists { baseline.provenance = try Provenance.read(root["meta"]) }
    var items = try root["runs"].elements()
    // `summary` and `all (N traces)`: how reports before scrollsim 0.2 named the rows over traces.
    for key in ["sumsOverTraces", "summary"] where root[key].exists { items += try root[key].elements() }
    for item in items {
      var row = try row(item)
      if SummaryRow.names(row.trace), let count = row.trace.firstMatch(of: /\d+/) {
        row.trace = SummaryRow.label(Int(count.output)!)
      }
      baseline.rows.append(row)
    }
    return baseline
  }

  /// A plain row (its metrics) or a replicated one (`seeds` and per-key `values`).
  private static func row(_ item: JSONCursor) throws(SimError) -> Gate.Row {
    let strategy = try item["strategy"].string()
    let trace = try item["trace"].string()
    guard item["mean"].exists else {
      var row = Gate.Row(
        strategy: strategy, trace: trace, seeds: [try Provenance.readSeed(item["seed"])],
        runs: [Gate.Row.numbers(try item.object())])
      row.seedsRounded = isRounded(item["seed"])
      return row
    }
    guard item["values"].exists else {
      throw item.fail("a replicated row without \"values\" (made before scrollsim kept them): store the baseline again")
    }
    let written = try item["seeds"].elements()
    let seeds = try written.map { value throws(SimError) in try Provenance.readSeed(value) }
    var runs = [[String: Double]](repeating: [:], count: seeds.count)
    for key in try item["values"].keys() {
      let values = try item["values"][key].elements()
      guard values.count == seeds.count else {
        throw item["values"][key].fail("expected \(seeds.count) values, one per seed")
      }
      for (index, value) in values.enumerated() where value.exists { runs[index][key] = try value.double() }
    }
    var row = Gate.Row(strategy: strategy, trace: trace, seeds: seeds, runs: runs)
    row.seedsRounded = written.contains(where: isRounded)
    return row
  }

  /// Whether a seed was written as a double past 2^53, where doubles skip whole numbers.
  private static func isRounded(_ cursor: JSONCursor) -> Bool {
    guard case .number(let old)? = cursor.value else { return false }
    return old >= 9_007_199_254_740_992
  }
}
