import Foundation

/// How a pager settles on the next item once the finger lifts: AndroidX's `PagerSnapHelper`
/// (androidx/androidx `recyclerview/recyclerview/src/main/java/androidx/recyclerview/widget/
/// PagerSnapHelper.java` @08dbc87e, and `LinearSmoothScroller.java` @83ad47a9):
/// - speed `MILLISECONDS_PER_INCH` 100 over the display's dpi (160 × density): 100 / dpi ms per px;
/// - `calculateTimeForScrolling(dx)` = `ceil(|dx| × ms per px)`, capped at
///   `MAX_SCROLL_ON_FLING_DURATION` = 100 ms;
/// - `calculateTimeForDeceleration(dx)` = `ceil(that / 0.3356)` ms (the area a linear scroll covers
///   in its first tenth);
/// - the motion follows `DecelerateInterpolator` (factor 1): `1 − (1 − x)²`.
/// So any snap over an inch (480 px on a 3× screen) takes 298 ms. Other platforms' pagers
/// (UIKit's `isPagingEnabled`, Flutter's `PageScrollPhysics` spring) are not modelled: they
/// use the same curve, an ASSUMPTION `docs/generator.md` states.
package enum PagerSnap {
  package static let millisecondsPerInch = 100.0
  package static let maxScrollOnFlingMilliseconds = 100.0
  package static let decelerationShare = 0.3356

  /// Seconds the snap of `distance` points takes on a screen of `density` px per point.
  package static func duration(distance: Double, density: Double) -> Double {
    let pixels = (abs(distance) * density).rounded(.towardZero)
    let millisecondsPerPixel = millisecondsPerInch / (160 * density)
    let scrolling = min(maxScrollOnFlingMilliseconds, (pixels * millisecondsPerPixel).rounded(.up))
    return (scrolling / decelerationShare).rounded(.up) / 1000
  }

  /// The share of the snap's distance covered at `fraction` of its time.
  package static func progress(_ fraction: Double) -> Double {
    let x = min(1, max(0, fraction))
    return 1 - (1 - x) * (1 - x)
  }
}
