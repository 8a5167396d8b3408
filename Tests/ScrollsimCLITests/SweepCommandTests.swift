import Testing

@Suite struct SweepCommandTests {
  let trace = bundledTrace("lab/reader-60s.json")
  let plan = ["--strategies", "threshold", "--grid", "threshold=0.6:0.8:0.1", "--jobs", "2"]

  func sweep(_ extra: [String]) -> (status: Int32, output: String, errors: String) {
    let result = ScrollsimCLIRunner.run(["sweep"] + plan + extra + [trace])
    return (result.status, result.standardOutput, result.standardError)
  }

  /// `--param` holds a parameter at one value, as in compare: threshold's rows all run with
  /// mode=dynamic beside the grid's thresholds; the same name as a grid axis is refused.
  @Test func aParamIsAOneValueAxis() {
    let trace = bundledTrace("lab/reader-60s.json")
    let swept = scrollsim(
      "sweep", "--strategies", "threshold", "--grid", "threshold=0.5,0.8", "--param", "mode=dynamic", trace)
    #expect(swept.status == 0, "\(swept.standardError)")
    #expect(swept.standardOutput.contains(",threshold=0.5;mode=dynamic,"))
    #expect(swept.standardOutput.contains(",threshold=0.8;mode=dynamic,"))
    let both = scrollsim(
      "sweep", "--strategies", "threshold", "--grid", "mode=static", "--param", "mode=dynamic", trace)
    #expect(both.status == 64)
    #expect(both.standardError.contains("mode is also an axis"))
    let unknown = scrollsim("sweep", "--strategies", "threshold", "--param", "nosuch=1", trace)
    #expect(unknown.status == 64 && unknown.standardError.contains("--param nosuch: threshold has no parameter"))
  }

  @Test func writesTableAndSummary() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let result = sweep(["-o", folder.file("s.csv"), "--summary", folder.file("s.md"), "--svg", folder.file("s.svg")])
    #expect(result.status == 0, "\(result.errors)")
    let rows = try folder.read("s.csv").split(separator: "\n")
    #expect(rows.count == 4)  // the header and three thresholds
    #expect(rows[1].contains("threshold=0.6"))
    #expect(try folder.read("s.md").contains("threshold"))
    // The summary file records the effective scenario, folded; on a terminal it is left out.
    #expect(try folder.read("s.md").contains("<details><summary>The effective scenario</summary>"))
    #expect(try folder.read("s.svg").hasPrefix("<svg"))
    #expect(result.errors.contains("3 of 3 runs in the table; 3 run now"))
    let printed = sweep(["-o", folder.file("t.csv")])
    #expect(printed.status == 0 && printed.output.contains("## Best configuration per strategy"))
    #expect(!printed.output.contains("The effective scenario"))
  }

  /// A tuned configuration is guarded: the same sweep against its stored table passes; on a
  /// slower network the configuration's wait rises past the bound and the sweep exits 1, with
  /// its JUnit written.
  @Test func aSweepIsGatedByItsBaseline() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(sweep(["-o", folder.file("base.csv")]).status == 0)
    let bound = ["--baseline", folder.file("base.csv"), "--fail-if", "threshold(threshold=0.7): wait_time > +10%"]
    let same = sweep(["-o", folder.file("same.csv")] + bound)
    #expect(same.status == 0, "\(same.errors)")
    #expect(same.errors.contains("gate passed: 1 check"))
    let slower = sweep(
      ["--network", "slow-3g", "-o", folder.file("slow.csv"), "--junit", folder.file("gate.xml")] + bound)
    #expect(slower.status == 1, "\(slower.errors)")
    #expect(slower.errors.contains("gate FAILED: 1 of 1 check"))
    #expect(slower.errors.contains("Note: the sweeps' plan, scenario, options or traces differ"))
    #expect(try folder.read("gate.xml").contains("failures=\"1\""))
    #expect(try folder.read("slow.csv").hasPrefix("index,total"))  // the table is still written
    // Another replicate count cannot pair: named, exit 64, and the sweep's table still written.
    let unpaired = sweep(["--replicates", "2", "-o", folder.file("two.csv")] + bound)
    #expect(unpaired.status == 64 && unpaired.errors.contains("the baseline ran 1 replicate per row, this run 2"))
    #expect(try folder.read("two.csv").hasPrefix("index,total"))
  }

  @Test func shardsMergeToTheWholeSweepByteForByte() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(sweep(["-o", folder.file("whole.csv")]).status == 0)
    #expect(sweep(["--shard", "1/2", "-o", folder.file("a.csv")]).status == 0)
    #expect(sweep(["--shard", "2/2", "-o", folder.file("b.csv")]).status == 0)
    let merged = ScrollsimCLIRunner.run([
      "merge", folder.file("b.csv"), folder.file("a.csv"), "-o", folder.file("m.csv"),
    ])
    #expect(merged.status == 0, "\(merged.standardError)")
    #expect(try folder.read("m.csv") == folder.read("whole.csv"))
  }

  @Test func resumeRunsOnlyTheMissingRows() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(sweep(["--shard", "1/3", "-o", folder.file("r.csv")]).status == 0)
    let resumed = sweep(["--resume", "-o", folder.file("r.csv"), "--summary", folder.file("r.md")])
    #expect(resumed.status == 0, "\(resumed.errors)")
    #expect(resumed.errors.contains("3 of 3 runs in the table; 2 run now"))
    #expect(sweep(["-o", folder.file("w.csv")]).status == 0)
    #expect(try folder.read("r.csv") == folder.read("w.csv"))
  }

  @Test func resumeRefusesAnotherSweepsTable() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(sweep(["-o", folder.file("r.csv")]).status == 0)
    let other = ScrollsimCLIRunner.run(
      [
        "sweep", "--strategies", "threshold", "--grid", "threshold=0.5,0.7", "--resume", "-o", folder.file("r.csv"),
        trace,
      ])
    #expect(other.status == 64)
    #expect(other.standardError.contains("holds another sweep"))
  }

  @Test func badShardAndBadObjectiveAreUsageErrors() {
    #expect(sweep(["--shard", "3/2"]).status == 64)
    #expect(sweep(["--shard", "3/2"]).errors.contains("--shard must be K/N"))
    let objective = sweep(["--objective", "wait_time +"])
    #expect(objective.status == 64)
    let infinite = sweep(["--objective", "1e999"])
    #expect(infinite.status == 64)
    #expect(infinite.errors.contains("1e999 is not a finite number"))
  }
}
