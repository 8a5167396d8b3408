import Foundation
import Testing

@testable import SimCore

@Suite struct PopulationTests {
  let population = GeneratedPopulation(
    kind: .feed, profile: SessionProfiles.feed, count: 50, seed: 9, device: Device(physics: "android"))

  /// Users differ, and their sessions do: no two of 50 are the same.
  @Test func usersAndSessionsDiffer() {
    let users = (0..<50).map(population.user)
    #expect(Set(users.map(\.speed)).count == 50)
    #expect(Set(users.map(\.seconds)).count == 50)
    let sessions = (0..<10).map { population.session($0).encoded() }
    #expect(Set(sessions).count == 10)
    // Glances and long sessions both occur (the S11/S12 mixture).
    #expect(users.contains { $0.seconds < 20 } && users.contains { $0.seconds > 120 })
  }

  /// Session i is the same whatever the population's size, and the same run after run.
  @Test func aSessionDependsOnItsSeedAndIndexOnly() {
    var bigger = population
    bigger.count = 100_000
    #expect(bigger.session(7).input == population.session(7).input)
    #expect(population.session(7).encoded() == population.session(7).encoded())
    var other = population
    other.seed = 10
    #expect(other.session(7).input != population.session(7).input)
  }

  /// Files are numbered with as many digits as the count needs (at least four), so they sort.
  @Test func fileNamesSortInOrder() {
    #expect(population.fileName(0) == "feed-0001.json")
    var large = population
    large.count = 100_000
    #expect(large.fileName(99_999) == "feed-100000.json")
    #expect(large.fileName(0) == "feed-000001.json")
  }

  /// Most browsing sessions page: of 20 users, the median reaches past row 20.
  @Test func aPopulationPages() throws {
    var reached: [Int] = []
    for index in 0..<20 { reached.append(try TraceReach.of(population.session(index), scenario: Scenario()).lastRow) }
    let median = reached.sorted()[10]
    #expect(median > 20, "median furthest row \(median)")
  }
}

@Suite struct AtomicFolderTests {
  /// All or nothing: a failure part-way leaves neither the folder nor its staging copy; a folder
  /// holding other files is refused before anything is written, an earlier output replaced whole.
  @Test func aFailureLeavesNothing() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-folder-\(getpid())").path
    try? FileManager.default.removeItem(atPath: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let target = root + "/pop"
    #expect(throws: SimError.self) {
      try AtomicFolder.write(target, count: 3) { index throws(SimError) in
        if index == 2 { throw SimError(.badData, "boom") }
        return ("\(index).json", "{}")
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    try AtomicFolder.write(target, count: 2) { index throws(SimError) in ("\(index).json", "{}") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: target).sorted() == ["0.json", "1.json"])
    #expect(throws: SimError.self) {
      try AtomicFolder.write(target, count: 1) { _ throws(SimError) in ("x.json", "{}") }
    }
    try AtomicFolder.write(target, count: 1, replaceable: { $0.contains("1.json") }) { _ throws(SimError) in
      ("x.json", "{}")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["x.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["pop"])
  }
}
