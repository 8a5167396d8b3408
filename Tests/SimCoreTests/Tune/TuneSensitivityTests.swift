import Testing

@testable import SimCore

/// Which knob matters: each knob moved with the others at the answer, on the same luck as the
/// race's runs; a knob that changes nothing is said to, and no "values beyond it" is suggested.
@Suite struct TuneSensitivityTests {
  @Test func knobsAreMovedOnTheRacesLuck() throws {
    var request = try TuneByClassTests.request(TuneByClassTests.population(seed: 7), budgets: [])
    request.space = try TuneSpace(
      stack: try TuneStacks.named("flutter"), knobs: ["cacheExtent=250,4000", "cacheWidth=0,540"])
    request.sessionClasses = nil
    let job = try TuneSearch(request)
    var table = try job.table()
    let result = try #require(try job.run(into: &table, jobs: 2))
    let sensitivity = try #require(result.sensitivity)
    #expect(sensitivity.sessions == min(TuneSensitivity.sessionsMoved, job.split.heldOut.count))
    let extent = try #require(sensitivity.knobs.first { $0.name == "cacheExtent" })
    let width = try #require(sensitivity.knobs.first { $0.name == "cacheWidth" })
    // A decode size changes memory, not the wait: nothing, and said so.
    #expect(width.changesNothing && !extent.changesNothing)
    let report = TuneReport.markdown(result, command: "t")
    #expect(report.contains("- cacheWidth: changes nothing on these sessions"))
    #expect(!report.contains("cacheWidth = 0 is the smallest value tried"))
    // A probe that is a setting the race ran gives the race's objective on those sessions: the
    // same seeds pair them.
    let sessions = Array(job.split.heldOut.prefix(TuneSensitivity.sessionsMoved))
    for (value, objective) in extent.values {
      let setting = try #require(
        result.settings.firstIndex {
          job.request.space.value("flutter.cacheExtent", in: $0) == value
            && job.request.space.value("flutter.cacheWidth", in: $0) == width.answer
        })
      let raced = TuneGain.value(job.waits(setting, sessions: sessions, table: table).flatMap { $0 }, .mean)
      if !raced.isNaN { #expect(abs(raced - objective) < 1e-9, "cacheExtent=\(value)") }
    }
  }

  /// Across two networks each moved session runs on one of them in turn (session k on network
  /// k mod 2): a probe that is a raced setting gives the race's runs on exactly those.
  @Test func acrossNetworksEachSessionRunsOnOneInTurn() throws {
    var request = try TuneByClassTests.request(TuneByClassTests.population(seed: 7), budgets: [])
    request.space = try TuneSpace(stack: try TuneStacks.named("flutter"), knobs: ["cacheExtent=250,4000"])
    request.sessionClasses = nil
    request.networks = ["wifi", "3g"]
    let job = try TuneSearch(request)
    var table = try job.table()
    let result = try #require(try job.run(into: &table, jobs: 2))
    let sensitivity = try #require(result.sensitivity)
    let sessions = Array(job.split.heldOut.prefix(TuneSensitivity.sessionsMoved))
    #expect(sensitivity.sessions == sessions.count)
    let extent = try #require(sensitivity.knobs.first { $0.name == "cacheExtent" })
    // One probe is the answer (its runs are the race's); the other runs once per session.
    #expect(sensitivity.runs == sessions.count * request.replicates)
    for (value, objective) in extent.values {
      let setting = try #require(
        result.settings.firstIndex { job.request.space.value("flutter.cacheExtent", in: $0) == value })
      let perNetwork = request.replicates
      let rotated = job.waits(setting, sessions: sessions, table: table).enumerated().flatMap { position, waits in
        waits[(position % 2) * perNetwork..<(position % 2 + 1) * perNetwork]
      }
      let raced = TuneGain.value(Array(rotated), .mean)
      if !raced.isNaN { #expect(abs(raced - objective) < 1e-9, "cacheExtent=\(value)") }
    }
  }
}
