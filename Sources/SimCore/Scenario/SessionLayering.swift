/// The device and network profiles a session names (a trace's `deviceProfile` and
/// `networkProfile`): its class in a population, by which `compare --by` breaks results down.
package struct SessionClass: Hashable, Sendable {
  package var device: String?
  package var network: String?

  package init(device: String? = nil, network: String? = nil) {
    self.device = device
    self.network = network
  }
}

extension Trace {
  /// The profiles this session names.
  package var sessionClass: SessionClass { SessionClass(device: deviceProfile, network: networkProfile) }
}

/// How a scenario takes each session's own device and network: which of the two the command
/// line fixed for every session (`--device`, `--network`, a HAR's timings, a sweep's
/// `--networks`), and the layers laid after the profiles (`--cache`, the touch options, a HAR,
/// every `--set`), laid again over a session's profiles so that they still win. The order is
/// the one `Scenario.load` lays: defaults, the scenario file, the network profile, the device
/// profile, the other overlays, the `--set`s; a session's profile takes the place of the one
/// the command line did not give.
package struct SessionLayering: Equatable, Sendable {
  package var fixesDevice: Bool
  package var fixesNetwork: Bool
  /// The layers after the profiles' place, in order.
  package var later: [JSONValue]
  /// Where a relative path in those layers is read from (the scenario file's folder), as
  /// `Scenario.load` read it.
  package var baseDirectory: String?
  /// The platform of the device profile the command line fixed (`--device iphone-6gb`: iOS),
  /// which every session then runs on: a cross-platform list holds its images as that
  /// platform's library does (`ListCallbacks.memoryPolicy(on:)`), whatever its trace names.
  package var fixedPlatform: DevicePlatform?

  package init(
    fixesDevice: Bool = false, fixesNetwork: Bool = false, later: [JSONValue] = [], baseDirectory: String? = nil
  ) {
    self.fixesDevice = fixesDevice
    self.fixesNetwork = fixesNetwork
    self.later = later
    self.baseDirectory = baseDirectory
  }

  /// Every session on this scenario as it is (the result of `forSession`).
  static let fixed = SessionLayering(fixesDevice: true, fixesNetwork: true)
}

extension Scenario {
  /// The platform `trace`'s session runs on: the fixed device's, else its own profile's.
  package func platform(of trace: Trace) -> DevicePlatform? { sessions.fixedPlatform ?? trace.platform }

  /// This scenario for `trace`'s session: the scenario with the session's device and network
  /// profiles in the place of the ones the command line did not fix, the later layers laid
  /// again over them. A session that names none (or "scenario", the scenario's own) runs on
  /// the scenario as it is. Every run goes through here (`Simulation.run`), so a session carries
  /// its class into every command.
  package func forSession(_ trace: Trace) throws(SimError) -> Scenario {
    let own = { (name: String?) in name == Trace.ownProfile ? nil : name }
    let device = sessions.fixesDevice ? nil : own(trace.deviceProfile)
    let network = sessions.fixesNetwork ? nil : own(trace.networkProfile)
    guard device != nil || network != nil else { return self }
    var tree = json
    if let network { tree = Self.layer(try NetworkProfiles.overlay(network), over: tree) }
    if let device { tree = Self.layer(try DeviceProfiles.lookup(device).json, over: tree) }
    for layer in sessions.later { tree = Self.layer(layer, over: tree) }
    do throws(SimError) {
      var scenario = try Self.decode(tree, baseDirectory: sessions.baseDirectory)
      scenario.sessions = .fixed
      scenario.sessions.fixedPlatform = sessions.fixedPlatform
      return scenario
    } catch {
      let named = [device.map { "deviceProfile \"\($0)\"" }, network.map { "networkProfile \"\($0)\"" }]
      throw SimError(
        .badData,
        "the session's \(named.compactMap { $0 }.joined(separator: " and ")) over the scenario: \(error.description)")
    }
  }
}

extension Scenario {
  /// The scenario as its JSON holds it: without how sessions' profiles lay over it.
  package var asWritten: Scenario {
    var copy = self
    copy.sessions = SessionLayering()
    return copy
  }
}
