import Testing

@testable import SimCore

/// `compare --by`: each class's summary is the one its sessions alone give, the classes add up
/// exactly to the whole, and the breakdown survives JSON and `merge`.
@Suite struct PopulationBreakdownTests {
  static let population: GeneratedPopulation = {
    var population = GeneratedPopulation(
      kind: .feed, profile: SessionProfiles.feed, count: 12, seed: 8, device: Device(), seconds: 15)
    population.deviceMix = try! ProfileMix("low-end=0.4,mid=0.3,android-4gb=0.3", kind: .device, option: "-")
    population.networkMix = try! ProfileMix("wifi=0.6,3g=0.4", kind: .network, option: "-")
    return population
  }()

  static func sessions(_ indices: [Int]) -> Sessions {
    Sessions(indices.map { population.namedSession($0) })
  }

  static func run(_ indices: [Int], by: SessionDimension?) throws -> PopulationSummary {
    var run = PopulationRun(
      sessions: sessions(indices), scenario: .default,
      strategies: [
        try StrategyChoice(name: "threshold", parameters: []), try StrategyChoice(name: "smart", parameters: []),
      ],
      options: SimulationOptions())
    run.by = by
    run.threads = 2
    return try run.run()
  }

  @Test(arguments: SessionDimension.allCases) func classesAddUpToTheWhole(by: SessionDimension) throws {
    let all = Array(0..<Self.population.count)
    let whole = try Self.run(all, by: by)
    let classes = try #require(whole.breakdown).classes
    #expect(classes.count >= 2)
    for index in whole.rows.indices {
      #expect(classes.map { $0.summary.rows[index].sessions }.reduce(0, +) == whole.rows[index].sessions)
      #expect(
        classes.map { $0.summary.rows[index].waitMicroseconds }.reduce(0, +) == whole.rows[index].waitMicroseconds)
    }
    // Each class is the summary of its sessions alone, run on their own.
    for item in classes {
      let members = all.filter { by.name(of: Self.population.session($0)) == item.name }
      #expect(try Self.run(members, by: nil) == item.summary, "\(item.name)")
    }
    // In the profiles' order.
    #expect(classes.map(\.name) == by.names.filter { name in classes.contains { $0.name == name } })
  }

  /// Two shards' reports, read back and merged, give the whole's report to the byte.
  @Test func shardsMergeClassByClass() throws {
    let whole = try Self.run(Array(0..<12), by: .device)
    var parts: [PopulationShard] = []
    for part in [Array(stride(from: 0, to: 12, by: 2)), Array(stride(from: 1, to: 12, by: 2))] {
      let summary = try Self.run(part, by: .device)
      let provenance = Provenance.population(
        command: "scrollsim compare --by device", scenario: .default, options: SimulationOptions(), summary: summary)
      let text = PopulationReport.render(summary, key: .mean, format: .json, provenance: provenance)
      parts.append(try PopulationShard.read(JSONParser.parse(text)))
    }
    var merged = parts[0].summary
    try merged.merge(parts[1].summary)
    #expect(merged.breakdown == whole.breakdown)
    for format in [ReportFormat.json, .csv, .table, .md] {
      #expect(
        PopulationReport.render(merged, key: .mean, format: format)
          == PopulationReport.render(whole, key: .mean, format: format))
    }
    let plain = try Self.run(Array(0..<4), by: nil)
    #expect(throws: SimError.self) { try merged.merge(plain) }
  }

  @Test func sessionsWithoutAClassAreRefusedNamingThem() throws {
    var plain = Self.population
    plain.deviceMix = nil
    let sessions = Sessions((0..<3).map { plain.namedSession($0) })
    #expect {
      try PopulationJob.checkClasses(sessions, by: .device, threads: 1)
    } throws: { error in
      let error = error as! SimError
      return error.kind == .usage && error.message.contains("3 of 3 sessions name no deviceProfile (feed-0001.json")
    }
    try PopulationJob.checkClasses(sessions, by: .network, threads: 1)
  }
}
