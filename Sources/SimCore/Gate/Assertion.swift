/// One thing the regression gate checks: a condition (`GateCondition`), how much it matters when
/// it holds, and how sure the gate must be with replicates. A `--fail-if` is an `error` at 95%;
/// an assertions file (`AssertionsFile`, `--assert`) sets both per assertion, as Lighthouse
/// CI's `lighthouserc` assertions do (`warn` or `error` per metric).
package struct Assertion: Sendable, CustomStringConvertible {
  package enum Level: String, Sendable, CaseIterable {
    /// Reported (a warning annotation, a ⚠ row) but never fails the job.
    case warn
    /// Fails the job (exit 1) when the condition holds.
    case error
  }

  package var condition: GateCondition
  package var level: Level
  /// With replicates, the condition holds only when the lower end of the change's two-sided
  /// interval at this confidence is past the bound (`Gate`).
  package var confidence: Double
  /// A name for reports (the JUnit test case); nil: the condition's text.
  package var name: String?
  /// Whether a strategy that no run has is refused (a `--fail-if`: a typo) rather than left
  /// out with a note (a file's, which may serve `compare` and `sweep` alike: `Gate.skips`).
  package var strict = true

  package static let defaultConfidence = 0.95
  /// The confidences a file may ask for: below 50% an interval means little, and past 99.99%
  /// the t quantile for few replicates runs to hundreds.
  package static let confidenceRange = 0.5...0.9999

  package init(
    _ condition: GateCondition, level: Level = .error, confidence: Double = defaultConfidence, name: String? = nil
  ) {
    self.condition = condition
    self.level = level
    self.confidence = confidence
    self.name = name
  }

  /// `--fail-if` texts and assertions files (`--assert`), in that order, as the gate's
  /// assertions; an alias or a one-role name stands for the row's name (`smart` →
  /// `smart-range`, `glide` → `paging3+glide`).
  package static func load(
    failIf texts: [String], files: [String], catalog: StrategyCatalog
  ) throws(SimError) -> [Assertion] {
    var assertions = try texts.map { text throws(SimError) in Assertion(try GateCondition(text)) }
    for file in files {
      assertions += try AssertionsFile.load(path: file).map { assertion in
        var loose = assertion
        loose.strict = false
        return loose
      }
    }
    for index in assertions.indices { assertions[index].condition.resolveStrategy(in: catalog) }
    return assertions
  }

  /// A baseline is only read by assertions.
  package static let baselineWithoutAssertions = SimError(
    .usage,
    "--baseline needs something to check: --fail-if 'wait_time > +10%' or --assert FILE (docs/ci.md)")

  /// The condition, marked when it only warns or asks for another confidence:
  /// `smart-range: wait_time > +10% (warn, 90%)`.
  package var description: String {
    var marks: [String] = []
    if level == .warn { marks.append("warn") }
    if confidence != Self.defaultConfidence { marks.append(NumberText.percent(confidence)) }
    let text = name ?? condition.description
    return marks.isEmpty ? text : "\(text) (\(marks.joined(separator: ", ")))"
  }
}
