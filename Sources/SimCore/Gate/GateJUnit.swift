/// The gate's checks as JUnit XML, the format CI systems show as test results (GitHub through a
/// test-report action, GitLab, Jenkins, Buildkite): one test suite per trace (and one for the
/// sums over traces), one test case per assertion on it (`GateCase`).
///
/// An `error` assertion that holds is a `<failure>`; a `warn` one passes, its rows in
/// `<system-out>` marked `warning:` (JUnit has no warning, and a warning never fails the job);
/// a case with no value on any row is `<skipped>`. The element and attribute names are the
/// common subset of the JUnit schema that those tools read (testsuites, testsuite, testcase,
/// failure, skipped, system-out, properties).
package enum GateJUnit {
  package static func render(_ checks: [Gate.Check], notes: [String], provenance: Provenance?) -> String {
    let cases = GateCase.group(checks)
    var suites: [(name: String, cases: [GateCase])] = []
    for gateCase in cases {
      if let index = suites.firstIndex(where: { $0.name == gateCase.trace }) {
        suites[index].cases.append(gateCase)
      } else {
        suites.append((gateCase.trace, [gateCase]))
      }
    }
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    lines.append(
      "<testsuites name=\"scrollsim gate\" tests=\"\(cases.count)\" failures=\"\(cases.filter(\.failsJob).count)\" errors=\"0\" skipped=\"\(cases.filter(\.undefined).count)\">"
    )
    for suite in suites {
      lines.append(
        "  <testsuite name=\"\(XML.escaped(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.cases.filter(\.failsJob).count)\" errors=\"0\" skipped=\"\(suite.cases.filter(\.undefined).count)\">"
      )
      if suite.name == suites[0].name {
        var properties: [(String, String)] = notes.map { ("note", $0) }
        if let provenance {
          properties += [
            ("scrollsim", provenance.version), ("command", provenance.command), ("scenario", provenance.scenario),
            ("seed", String(provenance.seed)), ("replicates", String(provenance.replicates)),
          ]
        }
        if !properties.isEmpty {
          lines.append("    <properties>")
          lines += properties.map { "      <property name=\"\(XML.escaped($0.0))\" value=\"\(XML.escaped($0.1))\"/>" }
          lines.append("    </properties>")
        }
      }
      for gateCase in suite.cases { lines += testCase(gateCase) }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  static func testCase(_ gateCase: GateCase) -> [String] {
    let open =
      "    <testcase classname=\"scrollsim.\(XML.escaped(gateCase.trace))\" name=\"\(XML.escaped(gateCase.assertion.description))\">"
    let rows = gateCase.checks.map { check in
      let mark =
        check.warns ? "warning: " : check.failsJob ? "FAILS: " : check.verdict == .undefined ? "no value: " : "passes: "
      return mark + GateCase.line(check)
    }
    var lines = [open]
    if gateCase.failsJob {
      lines.append("      <failure type=\"error\" message=\"\(XML.escaped(gateCase.summary))\"/>")
    } else if gateCase.undefined {
      lines.append("      <skipped message=\"\(XML.escaped(gateCase.summary))\"/>")
    }
    lines.append("      <system-out>\(XML.escaped(rows.joined(separator: "\n")))</system-out>")
    lines.append("    </testcase>")
    return lines
  }
}
