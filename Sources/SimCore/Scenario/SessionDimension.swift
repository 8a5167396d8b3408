/// Device or network: the two profiles a session names (`Trace.deviceProfile`,
/// `networkProfile`). What a population is broken down by (`compare --by device|network`), what a
/// mix draws (`generate --device-mix`, `--network-mix`), and the one place a profile's name is
/// checked, wherever it comes from (a trace, an option, a CSV column).
public enum SessionDimension: String, CaseIterable, Sendable {
  case device, network

  /// The class `trace` names, if it names one.
  public func name(of trace: Trace) -> String? {
    self == .device ? trace.deviceProfile : trace.networkProfile
  }

  /// The names a session may give: the named profiles in their own order, then "scenario" (the
  /// scenario's own). Reports list classes in this order.
  public var names: [String] {
    (self == .device ? DeviceProfiles.names : NetworkProfiles.names) + [Trace.ownProfile]
  }

  /// The trace key that names the class.
  public var key: String { self == .device ? "deviceProfile" : "networkProfile" }

  /// What is wrong with `name` as a profile of this dimension (unknown, with the nearest known
  /// name), or nil when it is one of `names`.
  public func unknown(_ name: String) -> String? {
    guard !names.contains(name) else { return nil }
    return
      "unknown \(rawValue) profile \"\(name)\"\(NameSuggestion.hint(for: name, among: names)); known: \(names.joined(separator: ", "))"
  }
}
