/// Which class of session a population is broken down by (`compare --by device|network`): the
/// device or the network profile each session names (`Trace.deviceProfile`, `networkProfile`).
public enum SessionDimension: String, CaseIterable, Sendable {
  case device, network

  /// The class `trace` names, if it names one.
  public func name(of trace: Trace) -> String? {
    self == .device ? trace.deviceProfile : trace.networkProfile
  }

  /// The classes in the order reports list them: the profiles' own order, the scenario's last.
  var order: [String] {
    (self == .device ? DeviceProfiles.names : NetworkProfiles.names) + [Trace.ownProfile]
  }

  /// The trace key that names the class.
  public var key: String { self == .device ? "deviceProfile" : "networkProfile" }
}

/// A population's summary per class of session, beside the whole's (`PopulationSummary.breakdown`):
/// each class's summary is the summary its sessions alone would give, so the classes' session
/// counts and integer wait sums add up exactly to the whole's.
public struct PopulationBreakdown: Sendable, Equatable {
  public struct Class: Sendable, Equatable {
    public var name: String
    public var summary: PopulationSummary
  }

  public var dimension: SessionDimension
  /// The classes seen, in `SessionDimension.order`.
  public private(set) var classes: [Class] = []

  public init(dimension: SessionDimension) { self.dimension = dimension }

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
    let order = dimension.order
    let rank = { (name: String) in order.firstIndex(of: name) ?? Int.max }
    let position = classes.firstIndex { (rank($0.name), $0.name) > (rank(name), name) } ?? classes.endIndex
    classes.insert(Class(name: name, summary: summary), at: position)
  }
}
