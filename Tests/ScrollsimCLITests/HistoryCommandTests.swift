import Testing

/// `scrollsim history add` and `draw`: comparisons over commits, and their trend.
@Suite struct HistoryCommandTests {
  let trace = bundledTrace("lab/reader-60s.json")

  @Test func addsComparisonsAndDrawsTheirTrend() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    for (label, network) in [("c1", "4g"), ("c2", "slow-3g")] {
      let run = ScrollsimCLIRunner.run([
        "compare", "--strategies", "threshold,smart", "--network", network, "--format", "json", "-o",
        folder.file("\(label).json"), trace,
      ])
      #expect(run.status == 0, "\(run.standardError)")
      let added = ScrollsimCLIRunner.run([
        "history", "add", folder.file("\(label).json"), "--to", folder.file("history.jsonl"), "--label", label,
      ])
      #expect(added.status == 0, "\(added.standardError)")
    }
    let lines = try folder.read("history.jsonl").split(separator: "\n")
    #expect(lines.count == 2 && lines[1].contains("\"label\":\"c2\""))
    let drawn = ScrollsimCLIRunner.run(["history", "draw", folder.file("history.jsonl"), "--strategies", "smart-range"])
    #expect(drawn.status == 0, "\(drawn.standardError)")
    #expect(drawn.standardOutput.hasPrefix("<svg") && drawn.standardOutput.contains("inputs changed"))
    let unknown = ScrollsimCLIRunner.run(["history", "draw", folder.file("history.jsonl"), "--strategies", "smart"])
    #expect(unknown.status == 64 && unknown.standardError.contains("did you mean \"smart-range\"?"))
    // Not a comparison: refused, and the history left as it was.
    let bad = ScrollsimCLIRunner.run(["history", "add", trace, "--to", folder.file("history.jsonl"), "--label", "x"])
    #expect(bad.status == 65)
    #expect(try folder.read("history.jsonl").split(separator: "\n").count == 2)
  }
}
