/// An assertions file (`compare --assert gate.json`, `sweep --assert gate.json`): the gate's
/// conditions kept beside the code, each with a level and a confidence, as Lighthouse CI keeps
/// its assertions in `lighthouserc` (`docs/ci.md`; shape in `schemas/assertions.schema.json`).
///
/// ```json
/// {
///   "format": "scrollsim-assertions", "version": 1,
///   "confidence": 0.95,
///   "assertions": [
///     {"metric": "wait_time", "maxRise": "10%"},
///     {"strategy": "smart-range", "metric": "wasted_requests", "maxRise": 20, "level": "warn"},
///     {"metric": "blank_time", "max": 50, "confidence": 0.99},
///     {"condition": "cache_hits < -20%", "level": "warn"}
///   ]
/// }
/// ```
///
/// Each assertion states what is allowed; the gate reports when it is exceeded. Exactly one
/// bound: `max` / `min` (the value now), `maxRise` / `maxFall` (the change from the baseline: a
/// number is absolute, `"10%"` relative), or `condition`, a `--fail-if` text.
package enum AssertionsFile {
  package static let format = "scrollsim-assertions"
  package static let version = 1
  static let bounds = ["max", "min", "maxRise", "maxFall"]
  static let assertionKeys = Set(["name", "strategy", "metric", "condition", "level", "confidence"] + bounds)

  /// Reads `path`; errors name the file and the JSON path.
  package static func load(path: String) throws(SimError) -> [Assertion] {
    do throws(SimError) {
      return try read(JSONParser.parse(AtomicFile.read(path)))
    } catch {
      throw error.inFile(path)
    }
  }

  package static func read(_ value: JSONValue) throws(SimError) -> [Assertion] {
    let root = JSONCursor(value)
    try root.rejectUnknownKeys(["format", "version", "confidence", "assertions"])
    guard try root["format"].string() == format else {
      throw root["format"].fail("expected \"\(format)\"")
    }
    let fileVersion = try root["version"].int(in: 0...Int(Int32.max))
    guard fileVersion == version else {
      throw root["version"].fail("version \(fileVersion) is not one this scrollsim reads (it reads \(version))")
    }
    let confidence = try root["confidence"].exists ? Self.confidence(root["confidence"]) : Assertion.defaultConfidence
    let items = try root["assertions"].elements()
    guard !items.isEmpty else { throw root["assertions"].fail("no assertions: the gate would check nothing") }
    return try items.map { item throws(SimError) in try assertion(item, confidence: confidence) }
  }

  static func assertion(_ item: JSONCursor, confidence: Double) throws(SimError) -> Assertion {
    try item.rejectUnknownKeys(assertionKeys)
    let given = bounds.filter { item[$0].exists }
    let text: String
    if item["condition"].exists {
      guard given.isEmpty, !item["metric"].exists, !item["strategy"].exists else {
        throw item.fail("\"condition\" is a whole --fail-if text: give it alone, or metric, strategy and a bound")
      }
      text = try item["condition"].string()
    } else {
      guard given.count == 1 else {
        throw item.fail(
          given.isEmpty
            ? "no bound: give one of \(bounds.joined(separator: ", ")) (or a \"condition\")"
            : "more than one bound (\(given.joined(separator: ", "))): one per assertion, so each is reported alone")
      }
      let metric = try item["metric"].string()
      let strategy = try item["strategy"].exists ? item["strategy"].string() + ": " : ""
      text = strategy + metric + " " + (try bound(item[given[0]], key: given[0]))
    }
    let condition: GateCondition
    do throws(SimError) {
      condition = try GateCondition(text, source: "condition")
    } catch {
      throw item.fail(error.message)
    }
    let level = try item["level"].exists ? item["level"].choice(Assertion.Level.allCases.map(\.rawValue)) : "error"
    return Assertion(
      condition, level: Assertion.Level(rawValue: level)!,
      confidence: try item["confidence"].exists ? Self.confidence(item["confidence"]) : confidence,
      name: try item["name"].exists ? item["name"].string() : nil)
  }

  /// The bound as `--fail-if` writes it: `max: 50` → `> 50`, `maxRise: "10%"` → `> +10%`,
  /// `maxFall: 2` → `< -2`.
  static func bound(_ cursor: JSONCursor, key: String) throws(SimError) -> String {
    switch key {
    case "max", "min":
      let value = try cursor.double()
      return (key == "max" ? "> " : "< ") + JSONWriter.number(value)
    default:
      let sign = key == "maxRise" ? "> +" : "< -"
      if case .string(let text)? = cursor.value {
        guard text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite, percent >= 0 else {
          throw cursor.fail("expected a number (a change) or a share like \"10%\", found \"\(text)\"")
        }
        return sign + JSONWriter.number(percent) + "%"
      }
      let change = try cursor.double()
      guard change >= 0 else {
        throw cursor.fail(
          "must be 0 or more (\(key) is a size; \(key == "maxRise" ? "maxFall" : "maxRise") bounds the other way)")
      }
      return sign + JSONWriter.number(change)
    }
  }

  static func confidence(_ cursor: JSONCursor) throws(SimError) -> Double {
    try cursor.double(in: Assertion.confidenceRange)
  }
}
