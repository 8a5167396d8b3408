import Foundation
import Testing

@testable import SimCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The gate's findings where reviewers look: JUnit XML, GitHub annotations, and a sweep's rows.
@Suite struct GateOutputsTests {
  /// Two strategies on two traces, an error and a warn assertion: `a` regresses on `t1`.
  static func checks() throws -> [Gate.Check] {
    func row(_ strategy: String, _ trace: String, _ wait: Double) -> Gate.Row {
      Gate.Row(strategy: strategy, trace: trace, seeds: [1], runs: [["waitSeconds": wait]])
    }
    let base = [row("a", "t1", 1), row("b", "t1", 1), row("a", "t2", 1), row("b", "t2", 1)]
    let now = [row("a", "t1", 2), row("b", "t1", 1), row("a", "t2", 1), row("b", "t2", 1)]
    return try Gate.check(
      [
        Assertion(try GateCondition("wait_time > +10%")),
        Assertion(try GateCondition("wait_time > +0.5"), level: .warn, name: "waste <stays> & \"low\""),
      ], now: now, baseline: base)
  }

  /// Counts the elements of a document, and fails on XML that does not parse.
  final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var attributes: [String: [[String: String]]] = [:]
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      counts[name, default: 0] += 1
      self.attributes[name, default: []].append(attributes)
    }
  }

  @Test func junitHasATestCasePerAssertionPerTrace() throws {
    let xml = GateJUnit.render(try Self.checks(), notes: ["a note"], provenance: nil)
    let parser = XMLParser(data: Data(xml.utf8))
    let counter = ElementCounter()
    parser.delegate = counter
    #expect(parser.parse(), "\(xml)")
    #expect(counter.counts["testsuite"] == 2)
    #expect(counter.counts["testcase"] == 4)
    #expect(counter.counts["failure"] == 1)  // the error on t1; the warning is no failure
    #expect(counter.counts["skipped"] == nil)
    #expect(counter.attributes["testsuites"]?.first?["failures"] == "1")
    #expect(counter.attributes["testcase"]?.map { $0["name"] ?? "" }.contains("waste <stays> & \"low\" (warn)") == true)
    #expect(
      counter.attributes["failure"]?.first?["message"]?.contains("holds for 1 of 2 rows on t1: a: 1.00 → 2.00") == true)
    #expect(xml.contains("warning: a: 1.00 → 2.00"))
  }

  @Test func annotationsAreWorkflowCommandsOnTheTraceFile() throws {
    let text = GateAnnotations.render(try Self.checks(), files: ["t1": "Traces/t1.json"])
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "::error file=Traces/t1.json,title=scrollsim%3A wait_time > +10%25::holds for 1 of 2 rows on t1: a: 1.00 → 2.00, +1.00 (+100.0%25)",
        "::warning file=Traces/t1.json,title=scrollsim%3A waste <stays> & \"low\" (warn)::holds for 1 of 2 rows on t1: a: 1.00 → 2.00, +1.00 (+100.0%25)",
        "::notice title=scrollsim::gate FAILED: 1 of 8 checks (1 warning)",
      ])
    #expect(GateAnnotations.escapeProperty("a,b:c%\nd") == "a%2Cb%3Ac%25%0Ad")
  }

  /// A sweep's rows pair by configuration, network and trace; replicates are seeds. A
  /// configuration is named as compare names a strategy with parameters.
  @Test func sweepRowsAreConfigurations() throws {
    var table = SweepTable(fingerprint: "f", total: 6)
    let rows: [(String, String, String, Int, Double)] = [
      ("threshold", "threshold=0.6;mode=dynamic", "scenario", 0, 1),
      ("threshold", "threshold=0.6;mode=dynamic", "scenario", 1, 2),
      ("threshold", "threshold=0.6;mode=dynamic", "3g", 0, 3), ("threshold", "threshold=0.6;mode=dynamic", "3g", 1, 4),
      ("smart-range", "", "3g", 0, 5), ("smart-range", "", "3g", 1, 6),
    ]
    for (index, (strategy, parameters, network, replicate, wait)) in rows.enumerated() {
      table.rows[index] = SweepTable.Row(
        index: index, strategy: strategy, parameters: parameters, network: network, trace: "r.json",
        replicate: replicate, seed: UInt64(10 + replicate), values: ["waitSeconds": wait])
    }
    let gateRows = SweepGate.rows(table)
    #expect(
      gateRows.map(\.strategy) == [
        "threshold(threshold=0.6,mode=dynamic)", "threshold(threshold=0.6,mode=dynamic)", "smart-range",
      ])
    #expect(gateRows.map(\.trace) == ["r.json", "r.json on 3g", "r.json on 3g"])
    #expect(gateRows.allSatisfy { $0.seeds == [10, 11] && $0.runs.count == 2 })
    #expect(gateRows[1].runs.map { $0["waitSeconds"] } == [3, 4])
    // A strategy's name covers its configurations; the full label picks one.
    let checks = try Gate.check(
      [
        GateCondition("threshold: wait_time > +0%"),
        GateCondition("threshold(threshold=0.6,mode=dynamic): wait_time > 3"),
      ],
      now: gateRows, baseline: gateRows)
    #expect(checks.map(\.verdict) == [.passes, .passes, .passes, .passes])
    #expect(SweepGate.notes(now: table, baseline: table).isEmpty)
  }
}
