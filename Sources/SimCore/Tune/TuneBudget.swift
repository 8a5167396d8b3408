import Foundation

/// A limit a tuned setting must respect (`--budget 'bytes<=+10%'`): a metric, a comparison and
/// a bound, absolute (`hitch_ratio<=5`, `peak_memory<=250MB`) or relative to the team's current
/// setting on the same sessions (`+10%`, `-5%`). The metric is any name of the objective grammar
/// (`docs/sweeps.md`) or `peak_memory` / `mean_memory` (bytes). Over a set of sessions a budget
/// reads the mean per session, except `peak_memory` and `peak_mb`, which read the highest peak
/// of any session: a memory limit holds for every user, not on average.
///
/// Units: `KB`, `MB`, `GB` are 2¹⁰, 2²⁰, 2³⁰ bytes for the memory metrics (as the reports'
/// memory columns count them) and 10³, 10⁶, 10⁹ for the others (as the reports' MB of traffic);
/// `ms` and `s` for times. Never being killed is always a budget (`TuneSearch`).
///
/// `@CLASS` after the bound reads the sessions of one device class only
/// (`peak_memory<=400MB@low-end`: no low-end phone's session may peak past 400 MB); a set of
/// sessions holding none of that class keeps it.
package struct TuneBudget: Sendable, CustomStringConvertible {
  package enum Comparison: String, Sendable, CaseIterable {
    case atMost = "<="
    case below = "<"
    case atLeast = ">="
    case above = ">"
  }

  package let description: String
  package let metric: String
  let objective: Objective
  package let comparison: Comparison
  /// The bound, or the relative change (0.1 for `+10%`) when `isRelative`.
  package let bound: Double
  package let isRelative: Bool
  /// Whether the set of sessions is read by its worst session (the peaks) rather than its mean.
  package let readsWorst: Bool
  /// The device class whose sessions it reads (`@low-end`); nil: every session.
  package let sessionClass: String?

  static let memoryMetrics: Set<String> = ["peak_memory", "mean_memory", "peakMemory", "meanMemory"]
  static let worstMetrics: Set<String> = ["peak_memory", "peakMemory", "peak_mb"]

  package init(_ text: String) throws(SimError) {
    description = text
    var spaced = text.filter { $0 != " " }
    if let at = spaced.lastIndex(of: "@") {
      let name = String(spaced[spaced.index(after: at)...])
      guard !name.isEmpty else {
        throw SimError(.usage, "--budget \(text): nothing after \"@\"; expected a device class, e.g. @low-end")
      }
      sessionClass = name
      spaced = String(spaced[..<at])
    } else {
      sessionClass = nil
    }
    // The longest operator first: `<=` before `<`.
    let operators = Comparison.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
    guard let op = operators.first(where: { spaced.contains($0.rawValue) }),
      let range = spaced.range(of: op.rawValue)
    else {
      throw SimError(
        .usage, "--budget \(text): expected metric<=bound, e.g. bytes<=+10%, hitch_ratio<=5, peak_memory<=250MB")
    }
    metric = String(spaced[..<range.lowerBound])
    comparison = op
    var value = String(spaced[range.upperBound...])
    guard !metric.isEmpty else { throw SimError(.usage, "--budget \(text): no metric before \(op.rawValue)") }
    let expression: String
    switch metric {
    case "peak_memory": expression = "peakMemory"
    case "mean_memory": expression = "meanMemory"
    default: expression = metric
    }
    do throws(SimError) { objective = try Objective(expression) } catch {
      throw SimError(.usage, "--budget \(text): \(error.message.replacingOccurrences(of: "--objective ", with: ""))")
    }
    readsWorst = Self.worstMetrics.contains(metric)
    isRelative = value.hasSuffix("%") && (value.hasPrefix("+") || value.hasPrefix("-"))
    if isRelative {
      value.removeLast()
      guard let percent = Double(value), percent.isFinite, percent > -100 else {
        throw SimError(.usage, "--budget \(text): a relative bound is +N% or -N% with N a number above -100")
      }
      bound = percent / 100
      return
    }
    let memory = Self.memoryMetrics.contains(metric)
    let units: [(String, Double)] = [
      ("KB", memory ? 1024 : 1e3), ("MB", memory ? 1_048_576 : 1e6), ("GB", memory ? 1_073_741_824 : 1e9),
      ("ms", 1e-3), ("s", 1),
    ]
    var scale = 1.0
    for (suffix, factor) in units where value.hasSuffix(suffix) {
      value.removeLast(suffix.count)
      scale = factor
      break
    }
    guard let number = Double(value), number.isFinite else {
      throw SimError(
        .usage,
        "--budget \(text): the bound \"\(spaced[range.upperBound...])\" is not a number (units: KB, MB, GB, ms, s; or +N%)"
      )
    }
    bound = number * scale
  }

  /// The metric's value over a set of sessions (`values`: one dictionary of stored metrics per
  /// run): the mean, or the worst for the peaks; nil when a run has no value for it.
  package func read(_ values: [[String: Double]]) -> Double? {
    var numbers: [Double] = []
    for run in values {
      guard let value = objective.value(run) else { return nil }
      numbers.append(value)
    }
    guard !numbers.isEmpty else { return nil }
    return readsWorst ? numbers.max()! : numbers.reduce(0, +) / Double(numbers.count)
  }

  /// The bound for a setting whose current counterpart reads `current` (relative budgets).
  package func limit(current: Double?) -> Double? {
    guard isRelative else { return bound }
    return current.map { $0 * (1 + bound) }
  }

  /// Whether a setting reading `value` keeps the budget, its current counterpart reading
  /// `current`; false when either is missing.
  package func holds(_ value: Double?, current: Double?) -> Bool {
    guard let value, let limit = limit(current: current) else { return false }
    switch comparison {
    case .atMost: return value <= limit
    case .below: return value < limit
    case .atLeast: return value >= limit
    case .above: return value > limit
    }
  }
}
