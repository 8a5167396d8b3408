/// What many traces hold, as one summary (`trace info` over a folder or many files; an import of
/// a day of recordings): how long the sessions last, how far they take the list, how fast they
/// throw it, and how many cannot separate strategies, and why.
package struct TracesSummary: Sendable {
  package private(set) var sessions = 0
  private var durations: [Double] = []
  private var furthestRows: [Double] = []
  private var releases: [Double] = []
  private var distancePerMinute: [Double] = []
  /// Sessions per shortfall (`TraceReach.Shortfall`).
  package private(set) var shortfalls: [TraceReach.Shortfall: Int] = [:]
  /// Sessions with at least one of `TraceStats.warnings` (unphysical samples or releases).
  package private(set) var unphysical = 0
  /// Sessions past row 60 (three pages of 20; `pastRows`).
  package private(set) var pastThreePages = 0
  /// Sessions past the rows loaded at the start.
  package private(set) var pastFirstPage = 0
  private var threePages = 60

  package init() {}

  package mutating func add(_ stats: TraceStats, reach: TraceReach) {
    sessions += 1
    durations.append(stats.duration)
    furthestRows.append(Double(reach.lastRow + 1))
    if stats.releaseVelocity.count > 0 { releases.append(stats.releaseVelocity.p50) }
    distancePerMinute.append(stats.duration > 0 ? stats.distance / stats.duration * 60 : 0)
    if let shortfall = reach.shortfall { shortfalls[shortfall, default: 0] += 1 }
    if !stats.warnings.isEmpty { unphysical += 1 }
    threePages = reach.initialRows + 2 * reach.pageSize
    if reach.lastRow + 1 > reach.initialRows { pastFirstPage += 1 }
    if reach.lastRow + 1 > threePages { pastThreePages += 1 }
  }

  private func spread(_ values: [Double], _ digits: Int) -> String { TraceStats.Spread(values).text(digits: digits) }

  private func percent(_ count: Int) -> String {
    NumberText.fixed(sessions > 0 ? Double(count) / Double(sessions) * 100 : 0, 0) + "%"
  }

  /// The warnings, one sentence per kind, with counts.
  package var warnings: [String] {
    var lines: [String] = []
    if let count = shortfalls[.firstPage] {
      lines.append(
        "\(count) of \(sessions) sessions never reach the end of the first page: they cannot separate paging strategies"
      )
    }
    if let count = shortfalls[.fewRows] {
      lines.append("\(count) of \(sessions) sessions show fewer rows than three pages: strategies may tie on them")
    }
    if unphysical > 0 {
      lines.append(
        "\(unphysical) of \(sessions) sessions have unphysical samples or releases (trace info on each says which)")
    }
    return lines
  }

  package var text: String {
    ([
      "population: \(sessions) sessions",
      "  duration          \(spread(durations, 1)) s",
      "  furthest row      \(spread(furthestRows, 0)); \(percent(pastFirstPage)) leave the first page, \(percent(pastThreePages)) pass row \(threePages)",
      "  release velocity  \(spread(releases, 0)) pt/s (each session's median)",
      "  moved             \(spread(distancePerMinute, 0)) pt a minute",
    ] + warnings.map { "  warning: \($0)" }).joined(separator: "\n") + "\n"
  }

  package var json: JSONValue {
    func spread(_ values: [Double]) -> JSONValue {
      let spread = TraceStats.Spread(values)
      func number(_ value: Double) -> JSONValue { values.isEmpty ? .null : .number(rounded(value, decimals: 6)) }
      return .object([
        ("count", .int(spread.count)), ("p10", number(spread.p10)), ("p50", number(spread.p50)),
        ("p90", number(spread.p90)),
      ])
    }
    return .object([
      ("sessions", .int(sessions)), ("duration", spread(durations)), ("furthestRow", spread(furthestRows)),
      ("releaseVelocity", spread(releases)), ("distancePerMinute", spread(distancePerMinute)),
      ("pastFirstPage", .int(pastFirstPage)), ("pastThreePages", .int(pastThreePages)),
      ("neverPastFirstPage", .int(shortfalls[.firstPage] ?? 0)), ("fewRows", .int(shortfalls[.fewRows] ?? 0)),
      ("unphysical", .int(unphysical)), ("warnings", .array(warnings.map { .string($0) })),
    ])
  }
}
