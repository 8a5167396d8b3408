/// A population's summary per class of session, beside the whole's (`PopulationSummary.breakdown`):
/// each class's summary is the summary its sessions alone would give, so the classes' session
/// counts and integer wait sums add up exactly to the whole's.
package struct PopulationBreakdown: Sendable, Equatable {
  package struct Class: Sendable, Equatable {
    package var name: String
    package var summary: PopulationSummary
  }

  package var dimension: SessionDimension
  /// The classes seen, in `SessionDimension.order`.
  package private(set) var classes: [Class] = []

  package init(dimension: SessionDimension) { self.dimension = dimension }

  /// `name`'s summary, made empty (with `strategies`' rows) the first time it is asked for.
  mutating func summary<Failure: Error>(
    _ name: String, strategies: [(name: String, limitRole: LimitRole?)],
    _ change: (inout PopulationSummary) throws(Failure) -> Void
  ) throws(Failure) {
    if let index = classes.firstIndex(where: { $0.name == name }) {
      try change(&classes[index].summary)
      return
    }
    var summary = PopulationSummary(strategies: strategies)
    try change(&summary)
    let order = dimension.names
    let rank = { (name: String) in order.firstIndex(of: name) ?? Int.max }
    let position = classes.firstIndex { (rank($0.name), $0.name) > (rank(name), name) } ?? classes.endIndex
    classes.insert(Class(name: name, summary: summary), at: position)
  }
}
