import Foundation
import Testing

@testable import SimCore

@Suite struct ReportTests {
  func sample() -> RunMetrics {
    var metrics = RunMetrics()
    metrics.strategy = "smart-range"
    metrics.trace = "a,b.json"
    metrics.blankCellSeconds = 0.1 + 0.2
    metrics.timeToContent = [0.1, 0.2, 0.3, 0.4]
    return metrics
  }

  @Test func csvHasEveryKeyInOrderAndQuotesFields() {
    let lines = Report.render([sample()], format: .csv).split(separator: "\n")
    #expect(lines[0] == RunMetrics.keys.joined(separator: ","))
    // seed, wait, over limit, the eight frame metrics, session, blank
    #expect(lines[1].hasPrefix("smart-range,\"a,b.json\",0,0,,0,0,0,0,0,0,0,0,0,0.3,"))
  }

  @Test func jsonKeepsTheDocumentedKeys() throws {
    let single = JSONCursor(try JSONParser.parse(Report.render([sample()], format: .json, single: true)))
    #expect(try single.keys() == ["format", "version"] + RunMetrics.keys)
    #expect(try single["format"].string() == "scrollsim-run")
    #expect(try single["ttcP50"].double() == 0.2)
    #expect(try single["ttcP95"].double() == 0.4)
    let many = JSONCursor(try JSONParser.parse(Report.render([sample()], summary: [sample()], format: .json)))
    #expect(try many.keys() == ["format", "version", "runs", "sumsOverTraces"])
    // No time-to-content sample: null, not zero.
    let empty = JSONCursor(try JSONParser.parse(Report.render([RunMetrics()], format: .json, single: true)))
    #expect(empty["ttcP50"].value == .null)
  }

  @Test func tableAndMarkdown() {
    let table = Report.render([sample()], format: .table)
    #expect(table.contains("smart-range"))
    #expect(table.contains("0.30"))
    let markdown = Report.render([sample()], format: .md).split(separator: "\n")
    #expect(markdown[0].hasPrefix("|  | strategy | trace | wait s |"))
    #expect(markdown[1] == "|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    #expect(markdown.count == 3)
  }

  /// Fixed-point text for every Double: no trap on NaN, infinities or magnitudes past Int64.
  @Test func fixedFormatsAnyDouble() {
    #expect(NumberText.fixed(1.005, 2) == "1.00" || NumberText.fixed(1.005, 2) == "1.01")
    #expect(NumberText.fixed(-0.004, 2) == "0.00")
    #expect(NumberText.fixed(2.5, 0) == "3")
    #expect(NumberText.fixed(.nan, 2) == "–")
    #expect(NumberText.fixed(.infinity, 1) == "inf")
    #expect(NumberText.fixed(-.infinity, 1) == "-inf")
    #expect(NumberText.fixed(1e20, 2) == "100000000000000000000.00")
    #expect(NumberText.fixed(-1e300, 0).hasPrefix("-1000000000"))
    #expect(NumberText.fixed(.greatestFiniteMagnitude, 3).hasSuffix(".000"))
  }

  @Test func nearestRankPercentiles() {
    #expect(Percentile.nearestRank([], 0.5) == nil)
    #expect(Percentile.nearestRank([3, 1, 2], 0.5) == 2)
    #expect(Percentile.nearestRank(Array(1...100).map(Double.init), 0.95) == 95)
    #expect(Percentile.nearestRank([5], 0.95) == 5)
  }

  /// `scrollsim physics` without `--preset`: one line per preset and velocity, each in its unit.
  @Test func physicsOfEveryPreset() throws {
    let presets = try PhysicsPresets.names.map { name in
      let physics = try PhysicsPresets.lookup(name)
      return (name: name, unit: physics.unit, rows: PhysicsReport.rows(physics: physics, velocities: [1000, 4000]))
    }
    let lines = PhysicsReport.render(presets: presets, format: .csv).split(separator: "\n")
    #expect(lines.first == "preset,unit,velocity,distance,duration,target")
    #expect(lines.count == 1 + 2 * PhysicsPresets.names.count)
    #expect(lines[1] == "ios,pt,1000.0,494.02,2.3010,494.02")
    let table = PhysicsReport.render(presets: presets, format: .table)
    #expect(table.split(separator: "\n").count == 1 + 2 * PhysicsPresets.names.count)
  }
}

@Suite struct DistributionTests {
  /// A lognormal given by median and p95 reproduces both from 20 000 seeded draws (±3%).
  @Test func lognormalByMedianAndP95() {
    var random = SeededRandom(seed: 7, stream: "test")
    let distribution = Distribution.lognormal(median: 0.15, p95: 0.6)
    let samples = (0..<20_000).map { _ in distribution.sample(&random) }
    let median = Percentile.nearestRank(samples, 0.5)!
    let p95 = Percentile.nearestRank(samples, 0.95)!
    #expect(abs(median / 0.15 - 1) < 0.03)
    #expect(abs(p95 / 0.6 - 1) < 0.03)
    let mean = samples.reduce(0, +) / Double(samples.count)
    #expect(abs(mean / distribution.mean - 1) < 0.03)
  }

  /// Normal truncated at 0: mean μ + σ·φ(α)/(1 − Φ(α)), α = −μ/σ (μ = 0.1, σ = 0.1:
  /// ≈ 0.1288); exponential: mean m, median m·ln 2; empirical: the mean of its samples, and
  /// only its samples.
  @Test func normalExponentialEmpirical() {
    var random = SeededRandom(seed: 11, stream: "test")
    let normal = Distribution.normal(mean: 0.1, sd: 0.1)
    let normals = (0..<40_000).map { _ in normal.sample(&random) }
    #expect(normals.allSatisfy { $0 >= 0 })
    #expect(abs(normal.mean - 0.12876) < 1e-4)
    let normalMean: Double = normals.reduce(0, +) / 40_000
    #expect(abs(normalMean / normal.mean - 1) < 0.02)

    let exponential = Distribution.exponential(mean: 0.25)
    let exponentials = (0..<40_000).map { _ in exponential.sample(&random) }
    let exponentialMean: Double = exponentials.reduce(0, +) / 40_000
    let exponentialMedian: Double = Percentile.nearestRank(exponentials, 0.5)!
    #expect(abs(exponentialMean / 0.25 - 1) < 0.02)
    #expect(abs(exponentialMedian / (0.25 * log(2.0)) - 1) < 0.03)

    let empirical = Distribution.empirical([0.1, 0.2, 0.6])
    let draws = (0..<30_000).map { _ in empirical.sample(&random) }
    #expect(Set(draws) == [0.1, 0.2, 0.6])
    let drawMean: Double = draws.reduce(0, +) / 30_000
    #expect(abs(drawMean - 0.3) < 0.005)
  }

  /// Every kind decodes from JSON and back; an empirical file reads one number a line.
  @Test func decodingEveryKind() throws {
    for distribution in [
      Distribution.fixed(1), .uniform(min: 1, max: 2), .normal(mean: 1, sd: 0.5), .lognormal(median: 1, p95: 3),
      .exponential(mean: 2), .empirical([1, 2, 3]),
    ] {
      #expect(try Distribution.decode(JSONCursor(distribution.json)) == distribution)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "# latencies in s\n0.12\n0.30  # slow one\n\n0.08\n".write(
      to: folder.appendingPathComponent("lat.txt"), atomically: true, encoding: .utf8)
    let fromFile = try Distribution.decode(
      JSONCursor(try JSONParser.parse(#"{"kind": "empirical", "file": "lat.txt"}"#)), baseDirectory: folder.path)
    #expect(fromFile == .empirical([0.12, 0.30, 0.08]))
    try "0.1\nfast\n".write(to: folder.appendingPathComponent("bad.txt"), atomically: true, encoding: .utf8)
    do {
      _ = try Distribution.decode(
        JSONCursor(try JSONParser.parse(#"{"kind": "empirical", "file": "bad.txt"}"#)), baseDirectory: folder.path)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "line 2")
      #expect(error.file?.hasSuffix("bad.txt") == true)
    }
  }

  @Test func uniformAndFixed() {
    var random = SeededRandom(seed: 7, stream: "test")
    let samples = (0..<10_000).map { _ in Distribution.uniform(min: 2, max: 4).sample(&random) }
    #expect(samples.allSatisfy { (2...4).contains($0) })
    #expect(abs(samples.reduce(0, +) / 10_000 - 3) < 0.03)
    #expect(Distribution.fixed(0.2).sample(&random) == 0.2)
  }

  /// Streams keyed by name and index are independent of the order they are drawn in.
  @Test func keyedStreams() {
    var a = SeededRandom(seed: 1, stream: "content-latency", index: 37)
    var b = SeededRandom(seed: 1, stream: "content-latency", index: 37)
    var c = SeededRandom(seed: 1, stream: "content-latency", index: 38)
    var d = SeededRandom(seed: 1, stream: "content-latency", index: 37, attempt: 1)
    let first = a.next()
    #expect(first == b.next())
    #expect(first != c.next())
    #expect(first != d.next())
  }
}
