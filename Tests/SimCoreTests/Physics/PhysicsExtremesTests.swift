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
}
