import Foundation
import Testing

@testable import SimCore

/// Every physics preset takes any number without a trap: release velocities, overshoots,
/// times, densities and viewports at their extremes (NaN and infinities included), as a trace
/// of extreme but legal positions and times can produce them. Finite everyday inputs give
/// finite trajectories.
@Suite struct PhysicsExtremesTests {
  static let values: [Double] = [
    0, -0.0, 1, -1, 1e-300, 5e-324, 1e6, -1e6, 1e9, -1e9, 1e18, -1e18, 1e300, -1e300,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
  ]

  @Test(arguments: PhysicsPresets.names)
  func anyNumberIsSafe(_ name: String) throws {
    for density in [3.0, 1e-300, 10] {
      for viewport in [844.0, 0.001, 100_000] {
        let physics = try PhysicsPresets.lookup(name, density: density, viewport: viewport)
        for v in Self.values {
          _ = physics.flingVelocity(forRelease: v)
          var trajectories = [physics.fling(velocity: v), physics.fling(velocity: v, boost: v)]
          if let spring = physics.edgeSpring(overshoot: v, velocity: v) { trajectories.append(spring) }
          for (index, trajectory) in trajectories.enumerated() {
            let d = trajectory.duration
            #expect(v.isNaN || (!d.isNaN && d >= 0), "\(name) v=\(v): duration \(d)")
            for t in [0, d / 2, d, -1, 1e9] + Self.values {
              _ = trajectory.offset(at: t)
              _ = trajectory.velocity(at: t)
            }
            if index == 0 && abs(v) <= 1e6 && density == 3 && viewport == 844 {
              #expect(trajectory.offset(at: d / 2).isFinite && trajectory.distance.isFinite, "\(name) v=\(v)")
            }
          }
          for other in Self.values {
            _ = physics.drag(from: v, by: other, bounds: 0...1000, viewport: viewport)
            _ = physics.dragLead(step: v, interval: other)
          }
        }
      }
    }
  }

  /// A release no finger makes (two samples a nanosecond apart: 4·10¹⁰ pt/s) flings at the
  /// platform's fastest: 8000 on iOS (assumed, `IOSPhysics`), Android and Flutter, 17 000 on
  /// Chromium; so its fling goes a few screens, not for hours.
  @Test(arguments: PhysicsPresets.names)
  func anUnphysicalReleaseIsCapped(_ name: String) throws {
    let physics = try PhysicsPresets.lookup(name)
    let cap: Double = name.hasPrefix("chromium") ? ChromiumPhysics.maxFlingVelocity : 8000
    for release in [4e10, -4e10] {
      let velocity = physics.flingVelocity(forRelease: release)
      #expect(abs(velocity) <= cap * 1.0001 && abs(velocity) >= cap * 0.999, "\(name): \(velocity)")
      #expect(abs(physics.fling(velocity: velocity).distance) < 100_000, "\(name)")
    }
  }

  /// iOS's assumed cap (`IOSPhysics.maxFlingVelocity`, 8000 pt/s) at its boundary: just
  /// inside kept, exactly on kept, just outside capped, either way.
  @Test func theIOSCapAtItsEdge() throws {
    for name in ["ios", "ios-fast"] {
      let physics = try PhysicsPresets.lookup(name)
      #expect(physics.flingVelocity(forRelease: 7999.99) == 7999.99)
      #expect(physics.flingVelocity(forRelease: 8000) == 8000)
      #expect(physics.flingVelocity(forRelease: 8000.01) == 8000)
      #expect(physics.flingVelocity(forRelease: -8000.01) == -8000)
    }
  }

  /// The cap is a parameter (issue 49): the scenario's `touch.iosMaxFlingVelocity` moves the
  /// edge on the iOS presets only, and a run flings further with a higher cap.
  @Test func theIOSCapIsAParameter() throws {
    let ios = try PhysicsPresets.lookup("ios", iosMaxFlingVelocity: 12_000)
    #expect(ios.flingVelocity(forRelease: 11_999.99) == 11_999.99)
    #expect(ios.flingVelocity(forRelease: 12_000) == 12_000)
    #expect(ios.flingVelocity(forRelease: 12_000.01) == 12_000)
    let android = try PhysicsPresets.lookup("android", iosMaxFlingVelocity: 12_000)
    #expect(android.flingVelocity(forRelease: 12_000) == 8000)
    let scenario = try Scenario.load(file: nil, overrides: ["touch.iosMaxFlingVelocity=12000"])
    #expect(scenario.touch.iosMaxFlingVelocity == 12_000)
    #expect(throws: SimError.self) { try Scenario.load(file: nil, overrides: ["touch.iosMaxFlingVelocity=99"]) }
    #expect(Scenario.default.touch.iosMaxFlingVelocity == 8000)
    // A flick at 10,000 pt/s: capped at 8000 by default, not at 12,000.
    var samples: [TouchSample] = []
    for i in 0...6 {
      let phase: TouchPhase = i == 0 ? .began : i == 6 ? .ended : .moved
      samples.append(TouchSample(t: 0.1 + Double(i) * 0.004, y: 700 - Double(i) * 40, phase: phase))
    }
    let trace = Fixtures.trace(samples, viewportHeight: 844)
    let capped = try TrajectoryRecorder.offsets(of: trace)
    let freer = try TrajectoryRecorder.offsets(of: trace, touch: TouchSpec(iosMaxFlingVelocity: 12_000))
    func rest(_ trace: Trace) -> Double {
      guard case .offsets(let samples) = trace.input else { return 0 }
      return samples.last?.offset ?? 0
    }
    #expect(rest(freer) > rest(capped) * 1.2)  // momentum goes as far as the release is fast
  }
}
