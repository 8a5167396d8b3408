import Foundation

/// What a sweep found: per strategy the configuration that minimises the objective (averaged over
/// networks, traces and replicates), and the Pareto frontier of blank-cell time, wasted requests
/// and stall time — the configurations no other beats on all three at once.
public enum SweepSummary {
  public struct Candidate: Sendable, Equatable {
    public var strategy: String
    public var parameters: String
    public var runs: Int
    public var blankCellSeconds: Double
    public var wastedRequests: Double
    public var stallSeconds: Double
    public var objective: Double?
  }

  // The frontier's axes are the objective's aliases, so "wasted requests" means one thing in
  // `--objective` and in the tables. The texts are constants that parse.
  private static let blankTime = try! Objective("blank_time")
  private static let wastedRequests = try! Objective("wasted_requests")
  private static let stallTime = try! Objective("stall_time")

  /// Means per (strategy, parameters) over all its rows.
  public static func candidates(_ table: SweepTable, objective: Objective) -> [Candidate] {
    var order: [String] = []
    var groups: [String: [SweepTable.Row]] = [:]
    for index in table.rows.keys.sorted() {
      let row = table.rows[index]!
      let key = row.strategy + "|" + row.parameters
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(row)
    }
    return order.map { key in
      let rows = groups[key]!
      func mean(_ value: (SweepTable.Row) -> Double?) -> Double? {
        let values = rows.compactMap(value)
        return values.count == rows.count ? values.reduce(0, +) / Double(values.count) : nil
      }
      return Candidate(
        strategy: rows[0].strategy, parameters: rows[0].parameters, runs: rows.count,
        blankCellSeconds: mean { blankTime.value($0.values) } ?? .nan,
        wastedRequests: mean { wastedRequests.value($0.values) } ?? .nan,
        stallSeconds: mean { stallTime.value($0.values) } ?? .nan,
        objective: mean { objective.value($0.values) })
    }
  }

  /// The best candidate per strategy (lowest objective; ties go to the earlier configuration).
  public static func best(_ candidates: [Candidate]) -> [Candidate] {
    var order: [String] = []
    var best: [String: Candidate] = [:]
    for candidate in candidates {
      guard let value = candidate.objective else { continue }
      if best[candidate.strategy] == nil { order.append(candidate.strategy) }
      if let current = best[candidate.strategy], let currentValue = current.objective, currentValue <= value {
        continue
      }
      best[candidate.strategy] = candidate
    }
    return order.map { best[$0]! }
  }

  /// The candidates not dominated on (blank time, wasted requests, stall time), sorted by blank time.
  public static func pareto(_ candidates: [Candidate]) -> [Candidate] {
    func dominates(_ a: Candidate, _ b: Candidate) -> Bool {
      a.blankCellSeconds <= b.blankCellSeconds && a.wastedRequests <= b.wastedRequests
        && a.stallSeconds <= b.stallSeconds
        && (a.blankCellSeconds < b.blankCellSeconds || a.wastedRequests < b.wastedRequests
          || a.stallSeconds < b.stallSeconds)
    }
    let valid = candidates.filter { !$0.blankCellSeconds.isNaN && !$0.wastedRequests.isNaN && !$0.stallSeconds.isNaN }
    return valid.filter { candidate in !valid.contains { dominates($0, candidate) } }
      .sorted {
        ($0.blankCellSeconds, $0.wastedRequests, $0.stallSeconds) < (
          $1.blankCellSeconds, $1.wastedRequests, $1.stallSeconds
        )
      }
  }

  /// The summary as Markdown.
  public static func markdown(_ table: SweepTable, objective: Objective) -> String {
    let all = candidates(table, objective: objective)
    func row(_ c: Candidate) -> String {
      let objectiveText = c.objective.map { Report.fixed($0, 3) } ?? "–"
      return
        "| \(c.strategy) | \(c.parameters.isEmpty ? "(defaults)" : c.parameters.replacingOccurrences(of: ";", with: ", ")) | \(c.runs) | \(Report.fixed(c.blankCellSeconds, 2)) | \(Report.fixed(c.wastedRequests, 1)) | \(Report.fixed(c.stallSeconds, 2)) | \(objectiveText) |"
    }
    let header =
      "| strategy | parameters | runs | blank cell·s | wasted requests | stall s | objective |\n|---|---|---:|---:|---:|---:|---:|"
    var lines = [
      "## Best configuration per strategy", "",
      "Objective (lower is better): `\(objective.description)`, averaged over each configuration's networks, traces and replicates.",
      "", header,
    ]
    lines += best(all).map(row)
    lines += [
      "", "## Pareto frontier", "",
      "Configurations that no other beats on blank-cell time, wasted requests and stall time at once (means), by blank time.",
      "", header,
    ]
    lines += pareto(all).map(row)
    lines.append("")
    let configurations = all.count == 1 ? "1 configuration" : "\(all.count) configurations"
    lines.append(
      "\(table.rows.count) of the sweep's \(table.total) runs, \(configurations) (sweep \(table.fingerprint)).")
    return lines.joined(separator: "\n") + "\n"
  }
}
