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

/// The device a trace was recorded on (or is meant for).
package struct Device: Equatable, Sendable {
  /// Viewport size in points. Default 390 × 844: an iPhone 14/15's full-screen list.
  package var viewportWidth: Double
  package var viewportHeight: Double
  /// Display refresh rate in Hz (frames, did-scroll callbacks and blank time are per frame).
  /// Default 120: ProMotion iPhones, where users notice blanks most.
  package var refreshRate: Int
  /// Physics preset name (`PhysicsPresets.names`). Default `ios`.
  package var physics: String
  /// Physical pixels per point (dp, logical px). Default 3: an iPhone 14/15 (@3x); Android
  /// phones range 2–4. Android's pixel rounding and Flutter's stop tolerances depend on it.
  package var density: Double

  package init(
    viewportWidth: Double = 390, viewportHeight: Double = 844, refreshRate: Int = 120,
    physics: String = "ios", density: Double = 3
  ) {
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.refreshRate = refreshRate
    self.physics = physics
    self.density = density
  }
}

package enum TraceInput: Equatable, Sendable {
  case touches([TouchSample])
  case offsets([OffsetSample])
}

package enum TouchPhase: String, Equatable, Sendable, CaseIterable {
  case began, moved, ended
}

/// One touch sample: time in seconds since the list appeared, finger y in points from the top of the viewport.
/// A finger moving up (y decreasing) scrolls the list down (content offset increasing).
package struct TouchSample: Equatable, Sendable {
  package var t: Double
  package var y: Double
  package var phase: TouchPhase

  package init(t: Double, y: Double, phase: TouchPhase) {
    self.t = t
    self.y = y
    self.phase = phase
  }
}

/// What the scroll view was doing when an offset was logged, if the app logged it.
package enum OffsetPhase: String, Equatable, Sendable, CaseIterable {
  case dragging, decelerating
}

/// One recorded content offset (points from the top of the content) at time `t`, seconds since
/// the list appeared.
package struct OffsetSample: Equatable, Sendable {
  package var t: Double
  package var offset: Double
  package var phase: OffsetPhase?

  package init(t: Double, offset: Double, phase: OffsetPhase? = nil) {
    self.t = t
    self.offset = offset
    self.phase = phase
  }
}
