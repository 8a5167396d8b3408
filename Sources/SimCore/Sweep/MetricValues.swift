/// A sweep row's metric values, by key, kept as one number per metric column
/// (`SweepTable.metricKeys`): a table of tens of thousands of rows holds a few hundred bytes a
/// row instead of a dictionary of a hundred keys.
public struct MetricValues: Sendable, MetricLookup {
  /// By column; NaN where the row has no value (JSON has no NaN, so no value is NaN).
  private var numbers: [Double]

  private static let column = Dictionary(
    uniqueKeysWithValues: SweepTable.metricKeys.enumerated().map { ($1, $0) })

  public init() { numbers = Array(repeating: .nan, count: SweepTable.metricKeys.count) }

  /// The values of `SweepTable.metricKeys` in their order, NaN where absent (a row read back).
  init(columns: [Double]) {
    precondition(columns.count == SweepTable.metricKeys.count, "one value per metric column")
    numbers = columns
  }

  /// The value of metric `key` (nil: absent, or not a column).
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

  /// The values present, by key.
  public var dictionary: [String: Double] {
    var values: [String: Double] = [:]
    for (column, key) in SweepTable.metricKeys.enumerated() where !numbers[column].isNaN {
      values[key] = numbers[column]
    }
    return values
  }
}

extension MetricValues: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, Double)...) {
    self.init()
    for (key, value) in elements { self[key] = value }
  }
}
