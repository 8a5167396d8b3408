/// Chromium's `FlingBooster` (`ui/events/blink/fling_booster.cc`): a fling that a touch catches
/// and that the touch flings on, quickly and the same way, adds its starting velocity to the
/// new fling, and lets it go further (the fling's bound grows by the same factor).
///
/// The chain, in trace time: the touch that catches a fling (Chromium's `GestureFlingCancel`)
/// and the start of the drag (`GestureScrollBegin`) each allow 50 ms (`kFlingBoostTimeoutDelay`)
/// for the next step; every drag step (`GestureScrollUpdate`) the same way as the fling, at
/// 150 px/s or more since the step before (`kMinBoostTouchScrollSpeedSquare`), allows 50 ms
/// more; the new fling boosts if it starts in time, the same way, with both it and the caught
/// fling's velocity at 350 px/s or more (`kMinBoostFlingSpeedSquare`). Anything else ends the
/// chain. Velocities and steps are signed, in content coordinates.
struct FlingBooster {
  static let timeout = 0.05
  static let minScrollSpeed = 150.0
  static let minFlingSpeed = 350.0

  /// The starting velocity of the fling that can be boosted (0: none).
  private var startVelocity = 0.0
  /// That fling's velocity when the touch caught it.
  private var caughtVelocity = 0.0
  private var cutoff: Double?
  private var lastScrollTime: Double?

  /// A touch came down: on a fling moving at `flingVelocity`, or on still content (nil).
  mutating func touchDown(at t: Double, catching flingVelocity: Double?) {
    guard let flingVelocity else { return reset() }
    caughtVelocity = flingVelocity
    lastScrollTime = nil
    cutoff = t + Self.timeout
  }

  /// The drag began (the finger passed the slop).
  mutating func scrollBegan(at t: Double) {
    guard startVelocity != 0, let cutoff, t <= cutoff else { return reset() }
    self.cutoff = t + Self.timeout
  }

  /// The drag moved the content by `step`.
  mutating func scrolled(by step: Double, at t: Double) {
    guard startVelocity != 0, let cutoff, t <= cutoff, startVelocity * step > 0 else { return reset() }
    if let last = lastScrollTime, t - last >= 0.001, abs(step) / (t - last) < Self.minScrollSpeed { return reset() }
    lastScrollTime = t
    self.cutoff = t + Self.timeout
  }

  /// A fling starts at `velocity`: the velocity it goes with, and how much further than its
  /// own it may go (1 unless boosted).
  mutating func flingStarts(at t: Double, velocity: Double) -> (velocity: Double, boost: Double) {
    var boosted = velocity
    if startVelocity != 0, let cutoff, t <= cutoff, startVelocity * velocity > 0,
      abs(caughtVelocity) >= Self.minFlingSpeed, abs(velocity) >= Self.minFlingSpeed
    {
      boosted += startVelocity
    }
    reset()
    startVelocity = boosted
    return (boosted, velocity == 0 ? 1 : boosted / velocity)
  }

  /// A drag ended without a fling, or a fling ended: nothing left to boost.
  mutating func reset() {
    startVelocity = 0
    caughtVelocity = 0
    cutoff = nil
    lastScrollTime = nil
  }
}
