import Foundation

/// `flutter-android`: `ClampingScrollPhysics` / `ClampingScrollSimulation`
/// (`widgets/scroll_simulation.dart`): OverScroller's distance with a ballistic curve
/// `x = x₀ + D·(1 − (1 − t/T)^DECELERATION_RATE)`, `T = DECELERATION_RATE · INFLEXION ·
/// T_android`, `D = v·T / DECELERATION_RATE` (so it ends where Android ends, a little sooner).
/// Flings from 50 to 8000 px/s (`kMinFlingVelocity`, `kMaxFlingVelocity`), 18 px touch slop;
/// clamps at the edges. Default release-velocity estimator: Flutter's `VelocityTracker` (LSQ2).
package struct FlutterAndroidPhysics: ClampsAtEdges {
  package let devicePixelRatio: Double
  package var name: String { "flutter-android" }
  package var unit: String { "px" }
  package var defaultTracker: VelocityTrackerKind { .lsq2 }
  package var touchSlop: Double { FlutterConstants.touchSlop }

  package init(devicePixelRatio: Double) { self.devicePixelRatio = devicePixelRatio }

  package func flingVelocity(forRelease velocity: Double) -> Double {
    guard abs(velocity) >= FlutterConstants.minFlingVelocity,
      abs(velocity) >= FlutterConstants.velocityTolerance(devicePixelRatio)
    else { return 0 }
    return capped(velocity, at: FlutterConstants.maxFlingVelocity)
  }

  package func fling(velocity: Double) -> any Trajectory {
    guard velocity != 0 else { return Stationary() }
    return ClampingScrollSimulation(velocity: velocity)
  }
}
