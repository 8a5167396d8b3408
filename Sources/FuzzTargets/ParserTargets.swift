import SimCore

/// The small languages of the command line and merge's CSV reader.
extension FuzzTarget {
  /// A helper process's line (`docs/protocol.md`): read as a handshake and as an answer; an
  /// answer's actions survive being written and read again.
  package static let helperReply = FuzzTarget(name: "helper-reply", input: "a helper's handshake or answer line") {
    bytes in
    let (strategy, actions) = HelperReply.read(bytes)
    if let strategy { require(!strategy.isEmpty, "a handshake was accepted with an empty name") }
    if let actions { require(actions >= 0, "a negative count of actions") }
  }

  /// An `--objective`, evaluated on metrics with ordinary, zero, huge and missing values.
  package static let objective = FuzzTarget(name: "objective", input: "an --objective expression") { bytes in
    guard let objective = try? Objective(text(bytes)) else { return }
    for scale in [0.0, 1.0, 1e308, -1e308, .nan, .infinity] {
      var metrics: [String: Double] = [:]
      for key in RunMetrics.keys { metrics[key] = scale }
      _ = objective.value(metrics)
    }
    _ = objective.value([:])
  }

  /// One `--grid` or `--range` per line, planned for two strategies over one trace; the plan's
  /// runs are counted, and built when there are at most 10,000. For the fuzzer's speed, a
  /// `start:stop:step` axis of 2,000 to 100,000 values is skipped before it is parsed (it would
  /// run the same loop as a short one, 100,000 times) and a longer axis only parsed, not planned;
  /// `SweepTests.planAndMergeLimits` checks large plans.
  package static let grid = FuzzTarget(name: "grid", input: "--grid / --range values, one per line") { bytes in
    var plan = SweepPlan(strategies: ["threshold", "smart"], traceNames: ["a"])
    for line in text(bytes).split(separator: "\n").prefix(8) {
      if line.hasPrefix("range ") {
        guard let range = try? SweepPlan.range(String(line.dropFirst(6))) else { return }
        plan.ranges.append(range)
        plan.samples = 3
      } else {
        if let count = rangeCount(line), count > 2000, count <= 100_000 { return }
        guard let axis = try? SweepPlan.axis(String(line)), axis.values.count <= 2000 else { return }
        plan.grid.append(axis)
      }
    }
    guard let count = try? plan.runCount(), count <= 10_000 else { return }
    if let configurations = try? plan.configurations() {
      require(Double(configurations.count) == count, "a plan counts \(count) runs but builds \(configurations.count)")
    }
  }

  /// A sweep CSV, read and merged with itself split in two halves.
  package static let mergeCSV = FuzzTarget(name: "merge-csv", input: "a sweep CSV (merge's shard)") { bytes in
    guard let table = try? SweepTable.read(text(bytes), file: "fuzz.csv") else { return }
    _ = table.csv
    var even = table
    var odd = table
    even.rows = table.rows.filter { $0.key % 2 == 0 }
    odd.rows = table.rows.filter { $0.key % 2 != 0 }
    if let merged = try? SweepTable.merge([("even.csv", even), ("odd.csv", odd)]) {
      require(merged.csv == table.csv, "merging a table's halves changes it")
    }
  }

  /// A baseline (`compare --format json`, plain or replicated), checked against itself by the
  /// gate with a relative, a change and a value condition.
  package static let baseline = FuzzTarget(name: "baseline", input: "a compare JSON report (a baseline)") { bytes in
    guard let value = try? JSONParser.parse(bytes), let stored = try? Baseline.read(value) else { return }
    let conditions = ["wait_time > +10%", "blank_time > +0.5", "smart: requests >= 20"].compactMap {
      try? GateCondition($0)
    }
    _ = try? Gate.check(conditions, now: stored.rows, baseline: stored.rows)
  }

  /// An assertions file (`--assert`), its assertions checked on a small comparison against
  /// itself, and every findings format written from the checks.
  package static let assertions = FuzzTarget(name: "assertions", input: "an assertions file (JSON)") { bytes in
    guard let value = try? JSONParser.parse(bytes), var assertions = try? AssertionsFile.read(value) else { return }
    for index in assertions.indices { assertions[index].strict = false }
    let rows = [
      Gate.Row(
        strategy: "smart-range", trace: "t.json", seeds: [1, 2], runs: [["waitSeconds": 1], ["waitSeconds": 2]]),
      Gate.Row(strategy: "threshold", trace: "t.json", seeds: [1, 2], runs: [["waitSeconds": 3], ["waitSeconds": 0]]),
    ]
    guard let checks = try? Gate.check(assertions, now: rows, baseline: rows) else { return }
    _ = GateJUnit.render(checks, notes: [], provenance: nil)
    _ = GateAnnotations.render(checks, files: ["t.json": "Traces/t.json"])
    _ = GateReport.render(checks, notes: [], provenance: nil, format: .md)
  }

  /// A history file (`history add`, `history draw`), read and drawn.
  package static let history = FuzzTarget(name: "history", input: "a history file (JSON Lines)") { bytes in
    guard let entries = try? HistoryEntry.read(String(decoding: bytes, as: UTF8.self), file: "h.jsonl"),
      !entries.isEmpty, let metric = try? Objective("wait_time")
    else { return }
    _ = HistorySVG.render(entries, metric: metric, metricText: "wait_time")
  }

  /// A `--fail-if` condition.
  package static let gateCondition = FuzzTarget(name: "gate", input: "a --fail-if condition") { bytes in
    guard let condition = try? GateCondition(text(bytes)) else { return }
    _ = condition.applies(to: "smart-range")
  }
}

/// How many values `name=start:stop:step` would have, if the line is one.
private func rangeCount(_ line: Substring) -> Double? {
  guard let equals = line.firstIndex(of: "=") else { return nil }
  let parts = line[line.index(after: equals)...].split(separator: ":").compactMap { Double($0) }
  guard parts.count == 3, parts[2] > 0 else { return nil }
  return ((parts[1] - parts[0]) / parts[2]).rounded(.down) + 1
}
