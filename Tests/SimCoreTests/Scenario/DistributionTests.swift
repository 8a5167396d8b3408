import Foundation
import Testing

@testable import SimCore

/// `Distribution` (Scenario/Distribution.swift): each kind's draws, mean and JSON.
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
}
