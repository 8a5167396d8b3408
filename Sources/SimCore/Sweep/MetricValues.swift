/// Metric numbers by key, kept as one number per column of a fixed layout, NaN where absent
/// (JSON has no NaN, so no value is NaN): a runs table of tens of thousands of rows, or a
/// sweep's two candidates per (session, network), holds a few hundred bytes each instead of a
/// dictionary of a hundred keys.
package struct MetricColumns<Layout: MetricColumnLayout>: Sendable, Equatable, MetricLookup {
  /// By `Layout.keys` position.
  private var numbers: [Double]

  package init() { numbers = Array(repeating: .nan, count: Layout.keys.count) }

  /// The values of `Layout.keys` in their order, NaN where absent (a row read back).
  init(columns: [Double]) {
    precondition(columns.count == Layout.keys.count, "one value per metric column")
    numbers = columns
  }

  /// The value of metric `key` (nil: absent, or not a column of the layout).
  package subscript(key: String) -> Double? {
    get {
      guard let column = Layout.column[key], !numbers[column].isNaN else { return nil }
      return numbers[column]
    }
    set {
      guard let column = Layout.column[key] else { return }
      numbers[column] = newValue ?? .nan
    }
  }

  package func metricValue(_ key: String) -> Double? { self[key] }

  /// The values present, by key.
  package var dictionary: [String: Double] {
    var values: [String: Double] = [:]
    for (column, key) in Layout.keys.enumerated() where !numbers[column].isNaN { values[key] = numbers[column] }
    return values
  }

  /// Equal when every value is, absent ones included (NaN here means absent, so it equals NaN).
  package static func == (a: Self, b: Self) -> Bool {
    zip(a.numbers, b.numbers).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
  }
}

extension MetricColumns: ExpressibleByDictionaryLiteral {
  package init(dictionaryLiteral elements: (String, Double)...) {
    self.init()
    for (key, value) in elements { self[key] = value }
  }
}

/// The metric keys a `MetricColumns` keeps, in column order, and each key's column.
package protocol MetricColumnLayout: Sendable {
  static var keys: [String] { get }
  static var column: [String: Int] { get }
}

/// A runs table row's metrics: the table's metric columns (`SweepTable.metricKeys`).
package enum RunTableColumns: MetricColumnLayout {
  package static let keys = SweepTable.metricKeys
  package static let column = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
}

/// A configuration's means: every numeric metric (`Metric.numeric`), derived ones included.
package enum NumericMetricColumns: MetricColumnLayout {
  package static let keys = Metric.numeric.map(\.key)
  package static let column = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
}

/// A runs table row's metric values.
package typealias MetricValues = MetricColumns<RunTableColumns>
/// A sweep configuration's means over its runs.
package typealias MetricMeans = MetricColumns<NumericMetricColumns>
