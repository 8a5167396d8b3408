import Testing

@testable import SimCore

/// The batch that every comparison, sweep, population and conformance run goes through: its
/// threads, windows and shards never change a row; the limit runs once per (session,
/// scenario, seed) it serves; a stop keeps only rows that have their limit.
@Suite struct BatchTests {
  static let sessions = (0..<4).map { index in
    NamedTrace(
      name: "user-\(index)", trace: GestureGenerator.generate(profile: .mixed, duration: 3, seed: UInt64(10 + index)))
  }

  /// Four sessions × two seeds × (threshold, infinite-list), session by session.
  static func batch(window: Int? = nil, strategies: [StrategyChoice]? = nil, limit: Bool = true) throws -> Batch {
    let choices = try strategies ?? StrategyCatalog.builtIn.choices("threshold,infinite-list")
    let cells = sessions.indices.flatMap { session in
      [UInt64(1), 2].flatMap { seed in
        choices.map { Batch.Cell(session: session, scenario: 0, seed: .fixed(seed), strategy: $0) }
      }
    }
    return Batch(
      sessions: Sessions(sessions), scenarios: [.default], options: SimulationOptions(), cells: cells,
      measuresLimit: limit, window: window)
  }

  /// The rows a batch folds, each as its cell index, session and fields, and the limit's added
  /// runs; `runs` lets that many runs start, then stops.
  static func rows(_ batch: Batch, threads: Int, runs: Int? = nil) throws -> (rows: [String], added: Int) {
    var rows: [String] = []
    let stop = StopAfter(runs)
    let added = try batch.run(threads: threads, shouldStop: { stop.poll() }) { index, row, session in
      rows.append("\(index) \(session.name) " + JSONWriter.compact(.object(row.fields)))
    }
    return (rows, added)
  }

  @Test func threadsAndWindowsNeverChangeARow() throws {
    let whole = try Self.rows(Self.batch(), threads: 1)
    #expect(whole.rows.count == 16)
    for (window, threads) in [(nil, 4), (1, 1), (1, 3), (3, 2)] as [(Int?, Int)] {
      #expect(try Self.rows(Self.batch(window: window), threads: threads).rows == whole.rows)
    }
  }

  /// Eight (session, seed) groups, each its limit once, whatever the windows; none where a
  /// strategy at the limit's reference plan serves it, or where the limit is not measured.
  @Test func theLimitRunsOncePerGroupItServes() throws {
    #expect(try Self.rows(Self.batch(), threads: 2).added == 8)
    #expect(try Self.rows(Self.batch(window: 1), threads: 2).added == 8)
    #expect(try Self.rows(Self.batch(limit: false), threads: 2).added == 0)
    let withLimit = try StrategyCatalog.builtIn.choices("threshold,oracle")
    let served = try Self.rows(Self.batch(strategies: withLimit), threads: 2)
    #expect(served.added == 0)
    // The listed limit's rows sit at no distance from themselves.
    let limitRows = served.rows.filter { $0.contains("\"strategy\":\"oracle\"") }
    #expect(limitRows.count == 8)
    #expect(limitRows.allSatisfy { $0.contains("\"waitOverLimit\":0,") })
  }

  /// The distance to the limit is the same whether the listed limit or an added run measures it.
  @Test func aListedLimitMeasuresAsAnAddedOne() throws {
    let threshold = try StrategyCatalog.builtIn.choices("threshold")
    let withLimit = try StrategyCatalog.builtIn.choices("threshold,oracle")
    let alone = try Self.rows(Self.batch(strategies: threshold), threads: 2).rows
    let beside = try Self.rows(Self.batch(strategies: withLimit), threads: 2).rows
      .filter { !$0.contains("\"strategy\":\"oracle\"") }
    #expect(
      alone.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        == beside.map { $0.split(separator: " ").dropFirst().joined(separator: " ") })
  }

  /// Stopped after three runs on one thread, in the first session's window: the two limits
  /// added for it start first, then one row runs, which is kept with its limit, as the
  /// uninterrupted run has it. Stopped after one run, no row has its limit and none is kept.
  @Test func aStopKeepsFinishedRowsWithTheirLimit() throws {
    let whole = try Self.rows(Self.batch(window: 1), threads: 1).rows
    let stopped = try Self.rows(Self.batch(window: 1), threads: 1, runs: 3).rows
    #expect(stopped.count == 1)
    #expect(stopped.allSatisfy { whole.contains($0) && $0.contains("\"waitOverLimit\":") })
    #expect(try Self.rows(Self.batch(window: 1), threads: 1, runs: 1).rows.isEmpty)
  }

  /// Shards of a population split its sessions; together they are the whole.
  @Test func shardsTogetherAreTheWhole() throws {
    let first = try Shard("1/3")
    let rest = try [Shard("2/3"), Shard("3/3")]
    let units = Array(0..<10)
    #expect(units.filter(first.contains) == [0, 3, 6, 9])
    #expect(first.size(of: 10) == 4 && rest.map { $0.size(of: 10) } == [3, 3])
    let union = ([first] + rest).flatMap { shard in units.filter(shard.contains) }
    #expect(union.sorted() == units)
  }

  /// Lets a number of runs start (the batch polls before each), then asks for a stop.
  final class StopAfter: @unchecked Sendable {
    let runs: Int?
    private var polls = 0
    init(_ runs: Int?) { self.runs = runs }
    func poll() -> Bool {
      polls += 1
      return runs.map { polls > $0 } ?? false
    }
  }
}
