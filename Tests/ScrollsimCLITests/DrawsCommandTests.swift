import Foundation
import SimCore
import Testing

/// `scrollsim draws` (DrawsCommand.swift) in-process: one line per kind, index and attempt with
/// the numbers a run draws (`NetworkDraw`), the same for the same seed.
@Suite struct DrawsCommandTests {
  @Test func printsWhatARunDrawsForEachRequest() throws {
    let draws = scrollsim("draws", "--network", "3g", "--seed", "7", "--pages", "2", "--items", "3", "--attempts", "2")
    #expect(draws.status == 0, "\(draws.standardError)")
    let lines = draws.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "kind,index,attempt,latency,bytes,fails")
    #expect(lines.count == 1 + (2 + 3) * 2)
    #expect(lines[1].hasPrefix("page,0,1,") && lines[5].hasPrefix("content,0,1,"))
    // The numbers are the network's own draws under that seed.
    var scenario = Scenario.default
    scenario.network.link = try NetworkProfiles.lookup("3g")
    let draw = NetworkDraw(spec: scenario.network, seed: 7, kind: .content, index: 2, attempt: 2)
    #expect(
      lines[10]
        == "content,2,2,\(NumberText.fixed(draw.latency, 6)),\(NumberText.fixed(draw.bytes, 0)),\(draw.fails ? 1 : 0)")
    // The same seed, the same bytes; another seed, other latencies.
    #expect(
      scrollsim("draws", "--network", "3g", "--seed", "7", "--pages", "2", "--items", "3", "--attempts", "2")
        .standardOutput == draws.standardOutput)
    #expect(
      scrollsim("draws", "--network", "3g", "--seed", "8", "--pages", "2", "--items", "3", "--attempts", "2")
        .standardOutput != draws.standardOutput)
  }

  @Test func writesAFileAndRefusesCountsOutOfRange() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let written = scrollsim("draws", "--pages", "1", "--items", "1", "-o", folder.file("d.csv"))
    #expect(written.status == 0 && written.standardOutput.isEmpty)
    #expect(try folder.read("d.csv").split(separator: "\n").count == 5)
    for bad in [["--pages", "0"], ["--items", "10000001"], ["--attempts", "101"], ["--network", "6g"]] {
      #expect(ScrollsimCLIRunner.run(["draws"] + bad).status == 64, "\(bad)")
    }
  }
}
