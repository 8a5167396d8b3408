/// A sweep configuration's means, one number per numeric metric (`Metric.numeric`, derived ones
/// included): a sweep over ten thousand sessions keeps two candidates per (session, network) for
/// its winners' table, so a dictionary of seventy keys each would hold most of its memory.
public struct MetricMeans: Sendable, Equatable, MetricLookup {
  /// By `Metric.numeric` position; NaN where some run had no value.
  private var numbers: [Double]

  private static let column = Dictionary(uniqueKeysWithValues: Metric.numeric.enumerated().map { ($1.key, $0) })

  public init() { numbers = Array(repeating: .nan, count: Metric.numeric.count) }

  /// The mean of metric `key` (nil: absent, or not a numeric metric).
  public subscript(key: String) -> Double? {
    get {
      guard let column = Self.column[key], !numbers[column].isNaN else { return nil }
      return numbers[column]
    }
    set {
      guard let column = Self.column[key] else { return }
      numbers[column] = newValue ?? .nan
    }
  }

  public func metricValue(_ key: String) -> Double? { self[key] }

  /// Equal when every mean is, absent ones included (NaN here means absent, so it equals NaN).
  public static func == (a: MetricMeans, b: MetricMeans) -> Bool {
    zip(a.numbers, b.numbers).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
  }
}

extension MetricMeans: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, Double)...) {
    self.init()
    for (key, value) in elements { self[key] = value }
  }
}
