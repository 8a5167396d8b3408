/// One `--fail-if` condition: `[STRATEGY:] METRIC OP BOUND`.
///
/// - METRIC: any `--objective` expression (`docs/sweeps.md`): a key of `docs/metrics.md`
///   (camelCase or snake_case) or an alias (`wait_time`, `blank_time`, `wasted_requests`, …), or
///   a sum of them.
/// - OP: `>`, `>=`, `<` or `<=`.
/// - BOUND: `+10%` / `-5%` (the change from the baseline, relative), `+0.5` / `-2` (the change,
///   absolute: a sign makes it a change) or `20` (the value now, no baseline needed).
/// - STRATEGY: the condition applies to rows of that strategy only (its label,
///   `threshold(mode=dynamic)`, or its name or alias, which covers every parameter setting);
///   without it, to every row.
///
/// - `@CLASS` after the metric: the rows of that class of session only, in a population broken
///   down by `compare --by device|network` (`wait_p90@low-end > +10%`); without it, the rows
///   of the whole.
///
/// Examples: `wait_time > +10%`, `smart-range: blank_time > +0.5`, `cache_hits < -20%`,
/// `wasted_requests > 100`, `peak_memory_p90@low-end > 400000000`.
package struct GateCondition: Sendable, CustomStringConvertible {
  package enum Bound: Sendable, Equatable {
    /// The change from the baseline over the baseline (0.1 for `+10%`).
    case relative(Double)
    /// The change from the baseline.
    case change(Double)
    /// The value now.
    case value(Double)
  }

  package let description: String
  /// As given, until the command line resolves an alias to the strategy's name (`smart` →
  /// `smart-range`).
  package var strategy: String?
  package let metric: Objective
  /// The class of session the condition is about (`@low-end`); nil: the whole.
  package let sessionClass: String?
  /// `>` or `>=` (true) versus `<` or `<=`.
  package let above: Bool
  package let inclusive: Bool
  package let bound: Bound

  /// Parses `text`; errors quote it after `source` (`--fail-if 'wait_tme > 1': unknown metric…`).
  package init(_ text: String, source: String = "--fail-if") throws(SimError) {
    description = text
    func error(_ message: String) -> SimError { SimError(.usage, "\(source) '\(text)': \(message)") }
    var rest = Substring(text)
    let operators = [">=", "<=", ">", "<"]
    guard let opRange = operators.compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound })
    else { throw error("expected METRIC > BOUND (or >=, <, <=), e.g. 'wait_time > +10%'") }
    let op = String(text[opRange])
    rest = text[..<opRange.lowerBound]
    if let colon = rest.firstIndex(of: ":") {
      let name = rest[..<colon].trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { throw error("nothing before \":\"; expected a strategy") }
      strategy = name
      rest = rest[rest.index(after: colon)...]
    } else {
      strategy = nil
    }
    var metricText = rest.trimmingCharacters(in: .whitespaces)
    if let at = metricText.firstIndex(of: "@") {
      let name = metricText[metricText.index(after: at)...].trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { throw error("nothing after \"@\"; expected a class of session, e.g. @low-end") }
      sessionClass = name
      metricText = metricText[..<at].trimmingCharacters(in: .whitespaces)
    } else {
      sessionClass = nil
    }
    guard !metricText.isEmpty else { throw error("no metric before \"\(op)\"") }
    do throws(SimError) {
      metric = try Objective(metricText)
    } catch let failure {
      throw error(failure.message.replacingOccurrences(of: "--objective ", with: "metric "))
    }
    above = op.hasPrefix(">")
    inclusive = op.hasSuffix("=")
    var boundText = text[opRange.upperBound...].trimmingCharacters(in: .whitespaces)
    let signed = boundText.hasPrefix("+") || boundText.hasPrefix("-")
    let percent = boundText.hasSuffix("%")
    if percent { boundText.removeLast() }
    guard let number = Double(boundText), number.isFinite else {
      throw error(
        "\"\(text[opRange.upperBound...].trimmingCharacters(in: .whitespaces))\" is not a bound: expected +10%, +0.5 or 20"
      )
    }
    switch (signed, percent) {
    case (true, true): bound = .relative(number / 100)
    case (true, false): bound = .change(number)
    case (false, false): bound = .value(number)
    case (false, true): throw error("a relative bound needs its sign: +\(boundText)% or -\(boundText)%")
    }
  }

  /// Whether the condition compares with a baseline.
  package var needsBaseline: Bool {
    if case .value = bound { return false }
    return true
  }

  /// Whether it applies to rows of `strategy` (a label).
  package func applies(to label: String) -> Bool {
    guard let strategy else { return true }
    return label == strategy || label.hasPrefix(strategy + "(")
  }

  /// Per replicate, how far past the bound the row is (> 0: past it, the condition holds);
  /// `baseline` pairs with `now` replicate by replicate.
  func excess(baseline: Double?, now: Double) -> Double {
    let signed: Double
    switch bound {
    case .value(let limit): signed = now - limit
    case .change(let change): signed = now - (baseline ?? .nan) - change
    case .relative(let ratio): signed = now - (baseline ?? .nan) * (1 + ratio)
    }
    return above ? signed : -signed
  }

  /// The strategy named by an alias or a one-role name as the rows name it (`smart` →
  /// `smart-range`, `glide` → `paging3+glide`); a label or an unknown name stays as given.
  package mutating func resolveStrategy(in catalog: StrategyCatalog) {
    if let given = strategy, let choice = try? catalog.choices(given).first { strategy = choice.name }
  }
}
