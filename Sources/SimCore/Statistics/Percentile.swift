/// Percentiles by the nearest-rank method: the smallest sample with at least p of the samples
/// at or below it (no interpolation, so every reported value was observed).
package enum Percentile {
  package static func nearestRank(_ samples: [Double], _ p: Double) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let rank = max(1, Int((p * Double(sorted.count)).rounded(.up)))
    return sorted[min(rank, sorted.count) - 1]
  }

  /// The middle sample, or the mean of the two middle ones for an even count; nil if none.
  package static func median(_ samples: [Double]) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
