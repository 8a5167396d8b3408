import Foundation

/// Flutter's constants shared by its two presets (`packages/flutter/lib/src/gestures/
/// constants.dart`, `widgets/scroll_physics.dart`), in logical pixels.
enum FlutterConstants {
  /// `kTouchSlop`: the drag recognizer's slop for touch.
  static let touchSlop = 18.0
  /// `kMinFlingVelocity`, `kMaxFlingVelocity`.
  static let minFlingVelocity = 50.0
  static let maxFlingVelocity = 8000.0

  /// `ScrollPhysics.toleranceFor`: velocity 1/(0.050·dpr) px/s, distance 1/dpr px.
  static func velocityTolerance(_ devicePixelRatio: Double) -> Double { 1 / (0.050 * devicePixelRatio) }
  static func distanceTolerance(_ devicePixelRatio: Double) -> Double { 1 / devicePixelRatio }
}
