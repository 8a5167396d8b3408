import Foundation

/// `chromium`: Chromium's touchscreen scrolling on Linux and Windows, where the feature
/// `ExperimentalFlingAnimation` is on by default (`ui/base/ui_base_features.cc`), so a fling
/// is a `PhysicsBasedFlingCurve` (`PhysicsBasedFlingCurve.swift`). Checked against headless
/// Chromium 14x on Linux (`Validation/`, touch flings).
///
/// - Drag: 15 px touch slop (`GestureConfiguration`'s `max_touch_move_in_pixels_for_click`,
///   `ui/events/gesture_detection/gesture_configuration.cc`), then the content follows 1:1.
///   Scroll updates are resampled to the frame (`ResamplingScrollEvents`, on by default;
///   `ui/base/prediction/linear_resampling.cc`): extrapolated from the last two events by at
///   most `kResampleMaxPrediction` = 8 ms and half their interval, none if they are more than
///   20 ms (`kMaxTimeDelta`) or less than 2 ms apart. Nothing takes that lead back, and a fling
///   starts from it. Simplified: the lead is the full 8 ms (or half the interval), which is
///   what a frame 13 ms or more after the last event shows (`kResampleLatency` −5 ms); with
///   events paced in real time it is between −5 and 8 ms of motion, by the frame's phase.
/// - Release: Aura's `LSQ2_RESTRICTED` (`VelocityTrackerKind.lsq2Restricted`); a fling needs
///   30 px/s and is capped at 17 000 px/s (`min_fling_velocity`, `max_fling_velocity`).
/// - Edges clamp (elastic overscroll is Android's only).
///
/// - Boosting: a fling that a touch caught and flung on the same way within Chromium's
///   timeouts adds its starting velocity to the new one (`FlingBooster`).
package struct ChromiumPhysics: ClampsAtEdges {
  package static let touchSlop = 15.0
  package static let minFlingVelocity = 30.0
  package static let maxFlingVelocity = 17_000.0
  package static let maxResamplePrediction = 0.008
  package static let maxResampleGap = 0.020
  package static let minResampleGap = 0.002

  /// The viewport's height, which bounds a fling (three of them).
  package let viewport: Double

  package var name: String { "chromium" }
  package var unit: String { "px" }
  package var defaultTracker: VelocityTrackerKind { .lsq2Restricted }
  package var touchSlop: Double { Self.touchSlop }

  package init(viewport: Double) { self.viewport = viewport }

  package func flingVelocity(forRelease velocity: Double) -> Double {
    Self.gestureDetectorFlingVelocity(velocity)
  }

  package func fling(velocity: Double) -> any Trajectory { fling(velocity: velocity, boost: 1) }

  package var boostsFlings: Bool { true }

  /// A boosted fling may go `boost` times as far: Chromium scales the curve's bound by the
  /// boosted velocity over the fling's own (`FlingController`'s `boost_multiplier`).
  package func fling(velocity: Double, boost: Double) -> any Trajectory {
    velocity == 0 ? Stationary() : PhysicsBasedFlingCurve(velocity: velocity, viewport: viewport * boost)
  }

  package func dragLead(step: Double, interval: Double) -> Double {
    Self.resamplingLead(step: step, interval: interval)
  }

  /// Chromium's `GestureDetector`: no fling under the minimum, capped at the maximum.
  static func gestureDetectorFlingVelocity(_ velocity: Double) -> Double {
    abs(velocity) <= minFlingVelocity ? 0 : capped(velocity, at: maxFlingVelocity)
  }

  /// `LinearResampling`'s extrapolation of the last step (`step` over `interval` seconds).
  static func resamplingLead(step: Double, interval: Double) -> Double {
    guard interval >= minResampleGap, interval <= maxResampleGap else { return 0 }
    return step * min(maxResamplePrediction, interval / 2) / interval
  }
}
