/// Device or network: the two profiles a session names (`Trace.deviceProfile`,
/// `networkProfile`), and the platform its device implies. What a population is broken down by
/// (`compare --by device|network|platform`), what a mix draws (`generate --device-mix`,
/// `--network-mix`), and the one place a profile's name is checked, wherever it comes from (a
/// trace, an option, a CSV column).
package enum SessionDimension: String, CaseIterable, Sendable {
  case device, network, platform

  /// The class `trace` names, if it names one (its platform: the one its device profile
  /// implies, "scenario" for the scenario's own).
  package func name(of trace: Trace) -> String? {
    switch self {
    case .device: trace.deviceProfile
    case .network: trace.networkProfile
    case .platform: trace.deviceProfile == Trace.ownProfile ? Trace.ownProfile : trace.platform?.rawValue
    }
  }

  /// The names a session may give: the named profiles in their own order, then "scenario" (the
  /// scenario's own). Reports list classes in this order.
  package var names: [String] {
    switch self {
    case .device: DeviceProfiles.names + [Trace.ownProfile]
    case .network: NetworkProfiles.names + [Trace.ownProfile]
    case .platform: DevicePlatform.allCases.map(\.rawValue) + [Trace.ownProfile]
    }
  }

  /// The trace key that names the class (a platform's: the device profile that implies it).
  package var key: String { self == .network ? "networkProfile" : "deviceProfile" }

  /// What is wrong with `name` as a profile of this dimension (unknown, with the nearest known
  /// name), or nil when it is one of `names`.
  package func unknown(_ name: String) -> String? {
    guard !names.contains(name) else { return nil }
    return
      "unknown \(rawValue) profile \"\(name)\"\(NameSuggestion.hint(for: name, among: names)); known: \(names.joined(separator: ", "))"
  }
}
