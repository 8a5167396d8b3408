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
    let trace = bundledTrace("reader-60s.json")
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
