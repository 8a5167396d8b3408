/// What the user did, on which device: the input half of a simulation.
///
/// Two kinds of input exist: touch samples (the finger; scrollsim computes the scroll with its
/// physics) and recorded content offsets (the list's position as an app logging
/// `scrollViewDidScroll` saw it; replayed as is). The file format is in `docs/trace-format.md`.
public struct Trace: Equatable, Sendable {
  public var name: String?
  package var device: Device
  /// The named device profile the session ran on (`DeviceProfiles`, or "scenario": the
  /// scenario's own), its class in a population; nil: none named, the scenario's.
  package var deviceProfile: String?
  /// The named network profile the session ran on (`NetworkProfiles`, or "scenario").
  package var networkProfile: String?
  package var input: TraceInput

  package init(
    name: String? = nil, device: Device = Device(), deviceProfile: String? = nil, networkProfile: String? = nil,
    input: TraceInput
  ) {
    self.name = name
    self.device = device
    self.deviceProfile = deviceProfile
    self.networkProfile = networkProfile
    self.input = input
  }

  /// Seconds from the first to the last sample.
  public var duration: Double {
    switch input {
    case .touches(let samples): (samples.last?.t ?? 0) - (samples.first?.t ?? 0)
    case .offsets(let samples): (samples.last?.t ?? 0) - (samples.first?.t ?? 0)
    }
  }
}
