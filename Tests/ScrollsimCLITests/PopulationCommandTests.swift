import Foundation
import Testing

/// `generate --population` and `compare` over the folder it writes (issue 46).
@Suite struct PopulationCommandTests {
  /// A population is written whole and deterministically, compare reads the folder as one
  /// population and prints the percentiles and paired intervals; the same seed gives the same
  /// bytes, serial or parallel.
  @Test func generateThenCompareAPopulation() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let made = scrollsim(
      "generate", "--profile", "feed", "--population", "6", "--seed", "5", "--duration", "40", "--physics", "android",
      "-o",
      folder.file("users"))
    #expect(made.status == 0, "\(made.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("users")).sorted()
    #expect(files.count == 7 && files.first == "feed-0001.json" && files.last == "population.csv")
    let again = scrollsim(
      "generate", "--profile", "feed", "--population", "6", "--seed", "5", "--duration", "40", "--physics", "android",
      "-o",
      folder.file("again"))
    #expect(again.status == 0)
    for file in files {
      #expect(
        FileManager.default.contents(atPath: folder.file("users/" + file))
          == FileManager.default.contents(atPath: folder.file("again/" + file)), "\(file)")
    }
    // The same command again replaces the population whole.
    let rewritten = scrollsim(
      "generate", "--profile", "feed", "--population", "2", "--seed", "5", "--duration", "40", "-o",
      folder.file("again"))
    #expect(rewritten.status == 0, "\(rewritten.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("again")).count == 3)
    let compared = scrollsim("compare", "--strategies", "threshold,smart", folder.file("users"))
    #expect(compared.status == 0, "\(compared.standardError)")
    #expect(compared.standardOutput.hasPrefix("Who makes the user wait least over 6 sessions (ranked by the mean"))
    #expect(compared.standardOutput.contains("p90 s"))
    #expect(compared.standardOutput.contains("±"))
    #expect(compared.standardOutput.contains("the limit (the clairvoyant oracle)"))
    let serial = scrollsim("compare", "--strategies", "threshold,smart", "--serial", folder.file("users"))
    #expect(serial.standardOutput == compared.standardOutput)
    let p90 = scrollsim(
      "compare", "--strategies", "threshold,smart", "--for", "p90", "--format", "csv", folder.file("users"))
    #expect(p90.status == 0, "\(p90.standardError)")
    #expect(p90.standardOutput.hasPrefix("strategy,sessions,wait_mean,wait_p50,wait_p90,wait_p99,vs_best"))
  }

  /// What a population cannot do yet is refused by name, with a usage exit; a folder in the
  /// way of a population that is not empty is exit 73 and writes nothing.
  @Test func refusalsNameWhatIsWrong() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let trace = bundledTrace("lab/reader-60s.json")
    let runFolder = scrollsim("run", "--strategy", "smart", bundledTrace("population"))
    #expect(runFolder.status == 64 && runFolder.standardError.contains("is a folder: run replays one trace"))
    let forAlone = scrollsim("compare", "--for", "p90", trace)
    #expect(forAlone.status == 64 && forAlone.standardError.contains("--for ranks a population"))
    let replicated = scrollsim("compare", "--population", "--replicates", "3", trace)
    #expect(replicated.status == 64 && replicated.standardError.contains("--replicates"))
    let noOutput = scrollsim("generate", "--profile", "feed", "--population", "3")
    #expect(noOutput.status == 64 && noOutput.standardError.contains("-o DIR"))
    let wrongProfile = scrollsim("generate", "--profile", "mixed", "--population", "3", "-o", folder.file("p"))
    #expect(wrongProfile.status == 64 && wrongProfile.standardError.contains("feed or short-video"))
    let badParam = scrollsim("generate", "--profile", "feed", "--param", "reversal=2")
    #expect(badParam.status == 64 && badParam.standardError.contains("reversal must be in 0...0.9"))
    try FileManager.default.createDirectory(atPath: folder.file("full"), withIntermediateDirectories: true)
    try "x".write(toFile: folder.file("full/keep.txt"), atomically: true, encoding: .utf8)
    let full = scrollsim("generate", "--profile", "feed", "--population", "2", "-o", folder.file("full"))
    #expect(full.status == 73 && full.standardError.contains("holds other files"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("full")) == ["keep.txt"])
    let empty = folder.file("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let none = scrollsim("compare", empty)
    #expect(none.status == 66 && none.standardError.contains("without .json traces"))
  }

  /// `--list-params` shows each number with its range and source.
  @Test func theProfilesNumbersAreListedWithTheirSources() {
    let listed = scrollsim("generate", "--profile", "feed", "--list-params")
    #expect(listed.status == 0)
    #expect(listed.standardOutput.contains("dwellMedian=1.1  (0.05...60)"))
    #expect(listed.standardOutput.contains("ASSUMPTION"))
  }
}

/// `compare --shard K/N` over a population and `merge` of the parts (issue 46, fleet scale).
@Suite struct PopulationShardCommandTests {
  /// `compare --html` over a population draws the wait's distribution per strategy, lists the
  /// sessions that waited most with the command that draws each one's own page, and replays
  /// the one that waited most under the winner; the listed command gives the listed wait.
  @Test func aPopulationsPageListsAndReplaysItsWorstSessions() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let made = scrollsim(
      "generate", "--profile", "feed", "--population", "4", "--seed", "3", "--duration", "30", "-o", folder.file("pop"))
    #expect(made.status == 0, "\(made.standardError)")
    let page = folder.file("page.html")
    let compared = scrollsim(
      "compare", "--strategies", "threshold,smart", "--network", "slow-4g", "--seed", "9", "--html", page,
      folder.file("pop"))
    #expect(compared.status == 0, "\(compared.standardError)")
    #expect(compared.standardOutput.hasPrefix("Who makes the user wait least over 4 sessions"))
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("<h1>scrollsim compare · 4 sessions</h1>"))
    #expect(html.contains("Sessions that waited at most x") && html.contains("<polyline"))
    #expect(html.contains("The sessions that waited most") && html.contains("Replay of feed-000"))
    // The first listed session and command: run it, and it waits what the page says.
    let row = try #require(
      html.firstMatch(of: /<tr><td>([^<]+)<\/td><td>([0-9.]+)<\/td><td[^>]*><code>([^<]+)<\/code>/))
    let words = String(row.output.3).split(separator: " ").map(String.init)
    #expect(words.first == "scrollsim" && words.contains("--seed"))
    #expect(words.last == folder.file("pop/\(row.output.1)"))
    var arguments = Array(words.dropFirst())
    let htmlAt = try #require(arguments.firstIndex(of: "--html"))
    arguments.removeSubrange(htmlAt...(htmlAt + 1))
    let single = ScrollsimCLIRunner.run(arguments + ["--format", "json"])
    #expect(single.status == 0, "\(single.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(single.standardOutput.utf8)) as? [String: Any])
    let runs = try #require(report["runs"] as? [[String: Any]])
    let waits = runs.compactMap { $0["waitSeconds"] as? Double }.map { String(format: "%.2f", $0) }
    #expect(waits.contains(String(row.output.2)), "\(waits) vs \(row.output.2)")
    let sharded = scrollsim("compare", "--html", page, "--shard", "1/2", "--format", "json", folder.file("pop"))
    #expect(sharded.status == 64 && sharded.standardError.contains("--html draws the whole population"))
  }

  /// Three shards, merged in any order, print what one machine prints: JSON byte for byte, and
  /// the table too; a missing, repeated or foreign shard is refused by file.
  @Test func shardsMergeIntoTheWholeComparison() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let made = scrollsim(
      "generate", "--profile", "feed", "--population", "5", "--seed", "8", "--duration", "30", "-o",
      folder.file("pop"))
    #expect(made.status == 0, "\(made.standardError)")
    let compare = ["compare", "--strategies", "threshold,smart", "--network", "slow-4g"]
    for k in 1...3 {
      let part = ScrollsimCLIRunner.run(
        compare + ["--shard", "\(k)/3", "--format", "json", "-o", folder.file("part-\(k).json"), folder.file("pop")])
      #expect(part.status == 0, "\(part.standardError)")
    }
    // One machine, one thread: the command it records leaves out what does not change the result.
    let whole = ScrollsimCLIRunner.run(compare + ["--serial", "--format", "json", folder.file("pop")])
    let merged = scrollsim(
      "merge", folder.file("part-3.json"), folder.file("part-1.json"), folder.file("part-2.json"), "--format", "json")
    #expect(merged.status == 0, "\(merged.standardError)")
    #expect(merged.standardOutput == whole.standardOutput)
    let table = scrollsim("merge", folder.file("part-1.json"), folder.file("part-2.json"), folder.file("part-3.json"))
    #expect(table.standardOutput == ScrollsimCLIRunner.run(compare + [folder.file("pop")]).standardOutput)

    let missing = scrollsim("merge", folder.file("part-1.json"), folder.file("part-2.json"))
    #expect(missing.status == 65 && missing.standardError.contains("shard 3/3 missing"))
    let twice = scrollsim("merge", folder.file("part-1.json"), folder.file("part-1.json"), folder.file("part-2.json"))
    #expect(twice.status == 65 && twice.standardError.contains("again"))
    let other = ScrollsimCLIRunner.run(
      compare + [
        "--seed", "2", "--shard", "3/3", "--format", "json", "-o", folder.file("other.json"), folder.file("pop"),
      ])
    #expect(other.status == 0)
    let foreign = scrollsim("merge", folder.file("part-1.json"), folder.file("part-2.json"), folder.file("other.json"))
    #expect(foreign.status == 65 && foreign.standardError.contains("other.json: is a shard of another comparison"))
    let notJSON = scrollsim("compare", "--shard", "1/2", folder.file("pop"))
    #expect(notJSON.status == 64 && notJSON.standardError.contains("--format json"))
    try "strategy\n".write(toFile: folder.file("sweep.csv"), atomically: true, encoding: .utf8)
    let mixed = scrollsim("merge", folder.file("part-1.json"), folder.file("sweep.csv"))
    #expect(mixed.status == 64 && mixed.standardError.contains("not both"))
    try #"{"format": "scrollsim-population", "version": 2, "meta": {}}"#.write(
      toFile: folder.file("bad.json"), atomically: true, encoding: .utf8)
    let bad = scrollsim("merge", folder.file("bad.json"))
    #expect(bad.status == 65 && bad.standardError.contains("bad.json: $.meta."), "\(bad.standardError)")
  }
}

/// A day of recordings in: importers take a folder, leave out what cannot be imported or
/// cannot separate strategies with the reason, and `trace info` summarises the population.
@Suite struct RecordedPopulationCommandTests {
  @Test func aFolderOfRecordingsImportsAndSummarises() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let logs = folder.file("logs")
    try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
    // Two short offset logs and one that is not a log.
    func log(_ distance: Double) -> String {
      (["t,offset,phase"] + (0...30).map { "\(Double($0) * 0.016),\(distance * Double($0) / 30),dragging" })
        .joined(separator: "\n") + "\n"
    }
    try log(600).write(toFile: logs + "/a.csv", atomically: true, encoding: .utf8)
    try log(900).write(toFile: logs + "/b.csv", atomically: true, encoding: .utf8)
    try "not,a,log\n".write(toFile: logs + "/still.csv", atomically: true, encoding: .utf8)
    let imported = scrollsim("import", "offsets", logs, "-o", folder.file("day"))
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardError.contains("left out: "))
    #expect(imported.standardError.contains("still.csv: line 1: no time column"))
    #expect(imported.standardError.contains("imported 2 of 3 inputs"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("day")).sorted() == ["a.json", "b.json"])
    // Two short scrolls never leave the first page: --drop-short says so and writes nothing.
    let dropped = scrollsim("import", "offsets", "--drop-short", logs, "-o", folder.file("kept"))
    #expect(dropped.status == 65)
    #expect(dropped.standardError.contains("2 never reach the end of the first page"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("kept")))
    // Two inputs of one name would write one session over the other: refused.
    try FileManager.default.createDirectory(atPath: folder.file("more"), withIntermediateDirectories: true)
    try log(300).write(toFile: folder.file("more/a.csv"), atomically: true, encoding: .utf8)
    let twice = scrollsim("import", "offsets", logs + "/a.csv", folder.file("more/a.csv"), "-o", folder.file("two"))
    #expect(twice.status == 64 && twice.standardError.contains("two traces would be written as a.json"))
    let info = scrollsim("trace", "info", folder.file("day"))
    #expect(info.status == 0, "\(info.standardError)")
    #expect(info.standardOutput.hasPrefix("population: 2 sessions"))
    #expect(info.standardOutput.contains("2 of 2 sessions never reach the end of the first page"))
    #expect(!info.standardOutput.contains("a.json"))
    let each = scrollsim("trace", "info", "--each", folder.file("day"))
    #expect(each.standardOutput.contains("a.json") && each.standardOutput.contains("population: 2 sessions"))
  }
}

/// The trace tools over a folder: each trace into the folder -o DIR under its own name.
@Suite struct TraceToolsOverFoldersTests {
  @Test func sliceAFolderIntoAFolder() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let sliced = scrollsim(
      "trace", "slice", "--from", "0", "--to", "20", bundledTrace("population"), "-o", folder.file("cut"))
    #expect(sliced.status == 0, "\(sliced.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("cut")).sorted()
    #expect(names.count == 12 && names.first == "feed-0001.json")
    let info = scrollsim("trace", "info", folder.file("cut"))
    #expect(info.standardOutput.contains("population: 12 sessions"))
    let noOutput = scrollsim("trace", "scale", "--factor", "2", bundledTrace("population"))
    #expect(noOutput.status == 64 && noOutput.standardError.contains("give -o DIR"))
    let bad = scrollsim(
      "trace", "scale", "--factor", "1e-300", bundledTrace("feed-ios-120s.json"), "-o", folder.file("x.json"))
    #expect(bad.status == 65 && bad.standardError.contains("feed-ios-120s.json: "), "\(bad.standardError)")
    #expect(bad.standardError.contains("$.device.viewport"))
  }
}

/// A sweep over a folder runs each session under the luck `compare` gives it, so the two agree
/// run for run; its summary reads the sessions one by one.
@Suite struct PopulationSweepCommandTests {
  @Test func aSweepOverAFolderAgreesWithCompare() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let made = scrollsim(
      "generate", "--profile", "feed", "--population", "4", "--seed", "6", "--duration", "30", "-o", folder.file("pop"))
    #expect(made.status == 0)
    let swept = scrollsim(
      "sweep", "--strategies", "threshold", "--limit", "none", folder.file("pop"), "-o", folder.file("sweep.csv"),
      "--summary", folder.file("sweep.md"))
    #expect(swept.status == 0, "\(swept.standardError)")
    let csv = try folder.read("sweep.csv").split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let wait = try #require(csv[0].firstIndex(of: "waitSeconds"))
    let total = csv.dropFirst().map { Int64((Double(String($0[wait]))! * 1e6).rounded()) }.reduce(0, +)
    let compared = scrollsim(
      "compare", "--strategies", "threshold", "--limit", "none", "--format", "json", folder.file("pop"))
    #expect(compared.standardOutput.contains("\"waitMicroseconds\": \(total),"), "sweep total \(total)")
    #expect(try folder.read("sweep.md").contains("## Per session"))
  }
}

/// The regression gate over a population: a population's JSON is a baseline, its rows the
/// per-session means; a shard is not a baseline.
@Suite struct PopulationGateCommandTests {
  @Test func aPopulationGatesOnItsMeans() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let made = scrollsim(
      "generate", "--profile", "feed", "--population", "4", "--seed", "2", "--duration", "30", "-o", folder.file("pop"))
    #expect(made.status == 0)
    let compare = ["compare", "--strategies", "threshold,smart", "--limit", "none"]
    let base = ScrollsimCLIRunner.run(
      compare + ["--format", "json", "-o", folder.file("base.json"), folder.file("pop")])
    #expect(base.status == 0, "\(base.standardError)")
    let same = ScrollsimCLIRunner.run(
      compare + ["--baseline", folder.file("base.json"), "--fail-if", "wait_time > +5%", folder.file("pop")])
    #expect(same.status == 0, "\(same.standardError)")
    #expect(same.standardOutput.contains("population  wait_time > +5%"))
    let slower = ScrollsimCLIRunner.run(
      compare + [
        "--network", "slow-3g", "--baseline", folder.file("base.json"), "--fail-if", "wait_time > +5%",
        folder.file("pop"),
      ])
    #expect(slower.status == 1, "\(slower.standardError)")
    #expect(slower.standardOutput.hasPrefix("scrollsim gate FAILED"))
    // The population's own figures gate too: the unlucky tenth's wait, the share that stalled.
    let tail = ScrollsimCLIRunner.run(
      compare + [
        "--network", "slow-3g", "--baseline", folder.file("base.json"), "--fail-if", "wait_p90 > +10%", "--fail-if",
        "stalled_share > 2", folder.file("pop"),
      ])
    #expect(tail.status == 1, "\(tail.standardError)")
    #expect(tail.standardOutput.contains("✗  threshold    population  wait_p90 > +10%"))
    #expect(tail.standardOutput.contains("✓  threshold    population  stalled_share > 2"))
    let part = ScrollsimCLIRunner.run(
      compare + ["--shard", "1/2", "--format", "json", "-o", folder.file("part.json"), folder.file("pop")])
    #expect(part.status == 0)
    let fromShard = ScrollsimCLIRunner.run(
      compare + ["--baseline", folder.file("part.json"), "--fail-if", "wait_time > +5%", folder.file("pop")])
    #expect(fromShard.status == 65 && fromShard.standardError.contains("merge the shards"))
  }
}
