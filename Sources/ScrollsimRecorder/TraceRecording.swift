/// Collects what a list did and writes it as a scrollsim trace (`docs/trace-format.md`).
///
/// Platform-independent and dependency-free, so an app can drop this target in; the UIKit
/// adapter (`ScrollViewRecorder`) feeds it on iOS. Times are seconds on any monotonic clock;
/// the trace starts its first sample at 0.5 s. Out-of-order times are clamped to the previous
/// one, and an open gesture is ended at its last sample when the trace is written, so the
/// output always passes scrollsim's checks.
public struct TraceRecording: Sendable {
  public enum Phase: String, Sendable { case began, moved, ended }
  public enum Kind: Sendable { case touches, offsets }

  public var name: String?
  public var viewportWidth: Double
  public var viewportHeight: Double
  public var refreshRate: Int
  public var physics: String
  /// The phone's device profile and the connection's network profile, when the app knows them
  /// (scrollsim then runs the session on them; `docs/trace-format.md`). A name scrollsim does
  /// not know is left out of the trace, so that it always loads back.
  public var deviceProfile: String?
  public var networkProfile: String?

  /// The names scrollsim knows (SimCore's `DeviceProfiles.names` and `NetworkProfiles.names`,
  /// and "scenario"; `RecorderTests` checks they agree, as this module does not depend on SimCore).
  public static let deviceProfiles = [
    "low-end", "mid", "high", "android-2gb", "android-3gb", "android-4gb", "android-6gb", "android-8gb", "iphone-1gb",
    "iphone-2gb", "iphone-3gb", "iphone-4gb", "iphone-6gb", "scenario",
  ]
  public static let networkProfiles = ["wifi", "4g", "slow-4g", "3g", "slow-3g", "lossy", "none", "scenario"]

  private var touches: [(t: Double, y: Double, phase: Phase)] = []
  private var offsets: [(t: Double, offset: Double, phase: String?)] = []
  private var fingerDown = false

  public init(
    viewportWidth: Double, viewportHeight: Double, refreshRate: Int = 60, physics: String = "ios", name: String? = nil
  ) {
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.refreshRate = refreshRate
    self.physics = physics
    self.name = name
  }

  public var touchCount: Int { touches.count }
  public var offsetCount: Int { offsets.count }

  /// A finger sample: `y` in points from the top of the viewport.
  /// The trace format's limits (SimCore's `TraceLimits`; this module does not depend on
  /// SimCore): samples past them are dropped, so that `json` always loads back.
  static let maximumSpan = 86_399.5
  static let maximumPosition = 1e9

  public mutating func addTouch(t: Double, y: Double, phase: Phase) {
    guard t.isFinite, y.isFinite, abs(y) <= Self.maximumPosition else { return }
    if let first = touches.first?.t, t - first > Self.maximumSpan { return }
    switch phase {
    case .began:
      if fingerDown, let last = touches.last { touches.append((last.t, last.y, .ended)) }
      fingerDown = true
    case .moved, .ended:
      guard fingerDown else { return }
      fingerDown = phase == .moved
    }
    touches.append((max(t, touches.last?.t ?? t), y, phase))
  }

  /// A content offset (points); `dragging` / `decelerating` as the scroll view reports them.
  public mutating func addOffset(t: Double, offset: Double, dragging: Bool = false, decelerating: Bool = false) {
    guard t.isFinite, offset.isFinite, abs(offset) <= Self.maximumPosition else { return }
    if let first = offsets.first?.t, t - first > Self.maximumSpan { return }
    let phase = dragging ? "dragging" : decelerating ? "decelerating" : nil
    offsets.append((max(t, offsets.last?.t ?? t), offset, phase))
  }

  /// The trace as JSON text, or nil when nothing of that kind was recorded.
  public func json(_ kind: Kind) -> String? {
    var lines: [String] = []
    func number(_ value: Double, _ scale: Double) -> String {
      let rounded = (value * scale).rounded() / scale
      return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
    switch kind {
    case .touches:
      var samples = touches
      if fingerDown, let last = samples.last { samples.append((last.t, last.y, .ended)) }
      guard let first = samples.first?.t else { return nil }
      lines = samples.map {
        "{\"t\": \(number($0.t - first + 0.5, 1e6)), \"y\": \(number($0.y, 100)), \"phase\": \"\($0.phase.rawValue)\"}"
      }
    case .offsets:
      guard let first = offsets.first?.t else { return nil }
      lines = offsets.map { sample in
        let phase = sample.phase.map { ", \"phase\": \"\($0)\"" } ?? ""
        return "{\"t\": \(number(sample.t - first + 0.5, 1e6)), \"offset\": \(number(sample.offset, 100))\(phase)}"
      }
    }
    let title = name.map { "  \"name\": \"\($0.replacingQuotes())\",\n" } ?? ""
    // Within the format's ranges whatever the app passed: a viewport side in (0, 100 000] pt, a
    // refresh rate in 1…480 Hz.
    func side(_ value: Double) -> Double { value.isFinite ? min(max(value, 1), 100_000) : 844 }
    let viewportWidth = side(self.viewportWidth)
    let viewportHeight = side(self.viewportHeight)
    let refreshRate = min(max(self.refreshRate, 1), 480)
    var profiles = ""
    if let deviceProfile, Self.deviceProfiles.contains(deviceProfile) {
      profiles += "  \"deviceProfile\": \"\(deviceProfile)\",\n"
    }
    if let networkProfile, Self.networkProfiles.contains(networkProfile) {
      profiles += "  \"networkProfile\": \"\(networkProfile)\",\n"
    }
    return """
      {
        "format": "scrollsim-trace",
        "version": 1,
      \(title)  "device": {"viewport": {"width": \(number(viewportWidth, 100)), "height": \(number(viewportHeight, 100))}, "refreshRate": \(refreshRate), "physics": "\(physics)"},
      \(profiles)  "\(kind == .touches ? "touches" : "offsets")": [
          \(lines.joined(separator: ",\n    "))
        ]
      }

      """
  }
}

extension String {
  fileprivate func replacingQuotes() -> String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20:
        // Other control characters are not allowed raw in a JSON string.
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
