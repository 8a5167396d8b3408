import Foundation
import Testing

/// `scrollsim merge` (MergeCommand.swift) in-process: shards of a sweep join into the unsharded
/// table byte for byte; a shard twice, or one of another sweep, is refused.
@Suite struct MergeCommandTests {
  static let sweep = [
    "sweep", "--strategies", "threshold", "--grid", "threshold=0.5:0.9:0.2", bundledTrace("lab/reader-60s.json"),
  ]

  @Test func shardsMergeIntoTheWholeSweep() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    for k in 1...2 {
      let shard = ScrollsimCLIRunner.run(Self.sweep + ["--shard", "\(k)/2", "-o", folder.file("shard-\(k).csv")])
      #expect(shard.status == 0, "\(shard.standardError)")
    }
    #expect(ScrollsimCLIRunner.run(Self.sweep + ["-o", folder.file("whole.csv")]).status == 0)
    let merged = scrollsim(
      "merge", folder.file("shard-2.csv"), folder.file("shard-1.csv"), "-o", folder.file("merged.csv"), "--summary",
      folder.file("summary.md"))
    #expect(merged.status == 0, "\(merged.standardError)")
    #expect(try folder.read("merged.csv") == (try folder.read("whole.csv")))
    #expect(try folder.read("summary.md").contains("## Best configuration per strategy"))
  }

  @Test func aShardTwiceOrAnotherSweepIsRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(ScrollsimCLIRunner.run(Self.sweep + ["--shard", "1/2", "-o", folder.file("a.csv")]).status == 0)
    let twice = scrollsim("merge", folder.file("a.csv"), folder.file("a.csv"), "-o", folder.file("m.csv"))
    #expect(twice.status != 0)
    #expect(!folder.exists("m.csv"))
    let other = ScrollsimCLIRunner.run(
      ["sweep", "--strategies", "smart", bundledTrace("lab/reader-60s.json"), "-o", folder.file("b.csv")])
    #expect(other.status == 0)
    let mixed = scrollsim("merge", folder.file("a.csv"), folder.file("b.csv"), "-o", folder.file("m.csv"))
    #expect(mixed.status != 0)
    #expect(!folder.exists("m.csv"))
    #expect(scrollsim("merge").status == 64)
    #expect(scrollsim("merge", folder.file("missing.csv")).status == 66)
  }
}
