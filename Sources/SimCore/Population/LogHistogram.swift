import Foundation

/// Counts of non-negative values in logarithmic bins half a percent wide, so that percentiles of
/// a population of any size are read to within ±0.25 % from a summary whose size does not grow
/// with the number of sessions, and two summaries merge by adding counts: a sharded run's
/// percentiles are exactly the single machine's (`PopulationSummary`).
///
/// Bin 0 holds values below `floor` (reported as 0); bin k ≥ 1 holds
/// `[floor·r^(k−1), floor·r^k)` with r = 1.005, reported at its geometric middle.
package struct LogHistogram: Sendable, Equatable {
  package static let ratio = 1.005
  /// The smallest value told from zero.
  package let floor: Double
  /// Count per non-empty bin.
  package private(set) var counts: [Int: Int] = [:]
  package private(set) var total = 0

  package init(floor: Double) { self.floor = floor }

  package static func bin(of value: Double, floor: Double) -> Int {
    guard value >= floor else { return 0 }
    guard value.isFinite else { return Int(Int32.max) }
    return 1 + Int((Foundation.log(value / floor) / Foundation.log(ratio)).rounded(.down))
  }

  /// What bin `bin` reports.
  package func value(ofBin bin: Int) -> Double {
    bin == 0 ? 0 : floor * Foundation.pow(Self.ratio, Double(bin) - 0.5)
  }

  package mutating func add(_ value: Double) {
    counts[Self.bin(of: value, floor: floor), default: 0] += 1
    total += 1
  }

  /// Adds `count` values in bin `bin` (reading a stored summary, merging one).
  package mutating func add(bin: Int, count: Int) {
    counts[bin, default: 0] += count
    total += count
  }

  package mutating func merge(_ other: LogHistogram) {
    for (bin, count) in other.counts { add(bin: bin, count: count) }
  }

  /// The nearest-rank `p` quantile (the value at rank ⌈p·n⌉), as its bin reports it; nil when
  /// empty.
  package func percentile(_ p: Double) -> Double? {
    guard total > 0 else { return nil }
    let rank = max(1, Int((p * Double(total)).rounded(.up)))
    var seen = 0
    for bin in counts.keys.sorted() {
      seen += counts[bin]!
      if seen >= rank { return value(ofBin: bin) }
    }
    return nil
  }

  /// Bins in order, as stored.
  package var sortedBins: [(bin: Int, count: Int)] { counts.keys.sorted().map { ($0, counts[$0]!) } }
}
