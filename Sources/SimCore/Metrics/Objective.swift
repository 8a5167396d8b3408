/// An objective to minimise over a sweep (`--objective "wait_time + 0.01*wasted_requests"`).
///
/// Grammar: `expr := term (("+" | "-") term)*`, `term := factor (("*" | "/") factor)*`,
/// `factor := number | name | "(" expr ")" | "-" factor`. Names are the metric keys of
/// `docs/metrics.md` (camelCase or snake_case: `blankCellSeconds`, `blank_cell_seconds`), sums
/// of them included (`wasted_requests`: wasted content + page requests; `requests`), and the
/// aliases `wait_time` (the headline wait, s), `blank_time` (blank cell·s), `stall_time` (stall
/// s), `megabytes` (bytes / 10⁶), `hitch_ratio` (the hitch time ratio, ms per s of scrolling),
/// `peak_mb` and `mean_mb` (the app's peak and mean footprint, MB of 2²⁰ bytes); `kills`,
/// `prefetch_accuracy` and every other key by its own name. A population's figures
/// (`wait_p50`, `wait_p90`, `wait_p99`, `stalled_share`, `long_blank_share`, `hitching_share`,
/// `killed_share`: `PopulationFigures.keys`) are names too; only a population's gate rows
/// have them.
/// A metric without a value (a percentile with no sample) makes the objective undefined.
package struct Objective: Sendable, CustomStringConvertible {
  indirect enum Node: Sendable {
    case number(Double)
    case metric(String)
    case unary(Node)
    case binary(Character, Node, Node)
  }

  package let description: String
  let root: Node

  /// Short names, and each sum of metrics (`Metric.parts`) as the sum of its stored parts.
  package static let aliases: [String: String] = {
    var aliases = [
      "wait_time": "waitSeconds + 0", "blank_time": "blankCellSeconds + 0", "stall_time": "stallSeconds + 0",
      "megabytes": "bytes / 1000000", "hitch_ratio": "hitchTimeRatio + 0",
      "peak_mb": "peakMemory / 1048576", "mean_mb": "meanMemory / 1048576",
    ]
    for metric in Metric.all where !metric.isStored {
      let sum = metric.parts.joined(separator: " + ")
      aliases[metric.key] = sum
      aliases[snakeCase(metric.key)] = sum
    }
    return aliases
  }()

  /// `wastedRequests` as `wasted_requests`.
  static func snakeCase(_ key: String) -> String {
    key.reduce(into: "") { text, character in
      text += character.isUppercase ? "_" + character.lowercased() : String(character)
    }
  }

  /// Longer expressions are refused (a sum of that many terms is a mistake, and each one deepens
  /// the evaluation).
  static let maxLength = 2000

  package init(_ text: String) throws(SimError) {
    guard text.count <= Self.maxLength else {
      throw SimError(.usage, "--objective: \(text.count) characters; at most \(Self.maxLength)")
    }
    description = text
    var parser = Parser(text: Array(text))
    root = try parser.expression()
    parser.skipSpaces()
    guard parser.index == parser.text.count else { throw parser.error("unexpected \"\(parser.text[parser.index])\"") }
  }

  /// The objective's value for one run's metrics: nil when a metric it uses has no value, or
  /// when the arithmetic overflows (`1e308 * 10`), which no ranking can order.
  package func value(_ metrics: some MetricLookup) -> Double? {
    func evaluate(_ node: Node) -> Double? {
      switch node {
      case .number(let value): return value
      case .metric(let key): return metrics.metricValue(key)
      case .unary(let inner): return evaluate(inner).map { -$0 }
      case .binary(let op, let left, let right):
        guard let a = evaluate(left), let b = evaluate(right) else { return nil }
        switch op {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        default: return b == 0 ? nil : a / b
        }
      }
    }
    guard let value = evaluate(root), value.isFinite else { return nil }
    return value
  }

  struct Parser {
    let text: [Character]
    var index = 0
    /// Parentheses and signs open so far: deeper nesting is refused before it can exhaust the
    /// stack (`maxDepth`).
    var depth = 0
    static let maxDepth = 64

    func error(_ message: String) -> SimError {
      SimError(.usage, "--objective \"\(String(text))\": \(message) at character \(index + 1)")
    }

    mutating func skipSpaces() { while index < text.count, text[index] == " " { index += 1 } }

    mutating func expression() throws(SimError) -> Node {
      var node = try term()
      while true {
        skipSpaces()
        guard index < text.count, text[index] == "+" || text[index] == "-" else { return node }
        let op = text[index]
        index += 1
        node = .binary(op, node, try term())
      }
    }

    mutating func term() throws(SimError) -> Node {
      var node = try factor()
      while true {
        skipSpaces()
        guard index < text.count, text[index] == "*" || text[index] == "/" else { return node }
        let op = text[index]
        index += 1
        node = .binary(op, node, try factor())
      }
    }

    mutating func factor() throws(SimError) -> Node {
      skipSpaces()
      guard index < text.count else { throw error("expected a number, a metric or \"(\"") }
      let character = text[index]
      if character == "(" || character == "-" {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) deep") }
      }
      defer { if character == "(" || character == "-" { depth -= 1 } }
      if character == "(" {
        index += 1
        let inner = try expression()
        skipSpaces()
        guard index < text.count, text[index] == ")" else { throw error("expected \")\"") }
        index += 1
        return inner
      }
      if character == "-" {
        index += 1
        return .unary(try factor())
      }
      if character.isNumber || character == "." {
        let start = index
        while index < text.count, text[index].isNumber || text[index] == "." || text[index] == "e" { index += 1 }
        let written = String(text[start..<index])
        guard let value = Double(written) else { throw error("bad number") }
        // 1e999 reads as infinity, and every run's objective would then be ±inf or NaN.
        guard value.isFinite else { throw error("\(written) is not a finite number (at most about 1.8e308)") }
        return .number(value)
      }
      if character.isLetter || character == "_" {
        let start = index
        while index < text.count, text[index].isLetter || text[index].isNumber || text[index] == "_" { index += 1 }
        let name = String(text[start..<index])
        if let alias = Objective.aliases[name] {
          var inner = Parser(text: Array(alias))
          return try inner.expression()
        }
        let key = camelCase(name, separator: "_")
        if PopulationFigures.keys.contains(key) { return .metric(key) }
        guard RunMetrics.keys.contains(key), !["strategy", "trace", "seed"].contains(key) else {
          // Suggested in the spelling typed: snake_case for `wait_tme`, camelCase for `waitSecnds`.
          let keys = RunMetrics.keys.filter { !["strategy", "trace", "seed"].contains($0) }
          let spelled = name.contains("_") ? keys.map(Objective.snakeCase) : keys
          let hint = NameSuggestion.hint(for: name, among: Objective.aliases.keys.sorted() + spelled)
          throw error(
            "unknown metric \"\(name)\"\(hint) (metrics: docs/metrics.md; aliases: \(Objective.aliases.keys.sorted().joined(separator: ", ")))"
          )
        }
        return .metric(key)
      }
      throw error("unexpected \"\(character)\"")
    }
  }
}
