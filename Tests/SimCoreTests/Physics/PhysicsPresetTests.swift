import Foundation
import Testing

@testable import SimCore

/// Each preset against numbers from its platform's source (docs/physics.md).
@Suite struct PhysicsPresetTests {
  /// Flutter's `FrictionSimulation(0.135, 100, 100)`: x(t) = 100 + 100·0.135ᵗ/ln 0.135 −
  /// 100/ln 0.135 → about 110, 131, 149 at t = 0.1, 0.5, 2 (109.06, 131.59, 149.03).
  @Test func flutterFrictionSimulation() {
    let friction = FrictionSimulation(drag: 0.135, velocity: 100, velocityTolerance: 0.001)
    for (t, about) in [(0.1, 110.0), (0.5, 131.0), (2.0, 149.0)] {
      let x = 100 + friction.position(at: t)
      #expect(abs(x - about) < 1, "t = \(t): \(x)")
      #expect(abs(x - (100 + 100 * pow(0.135, t) / log(0.135) - 100 / log(0.135))) < 1e-9)
    }
    #expect(abs(friction.velocity(at: 1) - 13.5) < 1e-9)
  }

  /// OverScroller at density 1 (dp = px): distance = 0.015·51890.2·e^(1.73627·l),
  /// l = ln(0.35·v/(0.015·51890.2)), truncated to whole px; duration = ⌊1000·e^(l/1.35820)⌋ ms.
  /// From the formula (AOSP OverScroller.java, reference/platforms.md): 1000 dp/s → 194.31 dp,
  /// 555 ms; 2000 → 647.40, 924; 4000 → 2156.95, 1540; 8000 → 7186.36, 2566.
  @Test(arguments: [(1000.0, 194.0, 0.555), (2000, 647, 0.924), (4000, 2156, 1.540), (8000, 7186, 2.566)])
  func androidOverScrollerDistances(velocity: Double, pixels: Double, duration: Double) {
    let exact = AndroidPhysics(density: 1).fling(velocity: velocity)
    #expect(exact.distance == pixels)
    #expect(abs(exact.duration - duration) < 1e-9)
    // At density 3 the distance in dp is the same but for pixel rounding.
    let phone = AndroidPhysics(density: 3).fling(velocity: velocity)
    let formula = [1000.0: 194.31, 2000: 647.40, 4000: 2156.95, 8000: 7186.36][velocity]!
    #expect(abs(phone.distance - formula) < 1.0 / 3 + 0.01)
  }

  /// The spline's table is OverScroller's: monotone to 1; its first entry is not exactly 0
  /// (the bisection stops within 1e-5), as in AOSP; the fling ends at its distance.
  @Test func androidSplinePosition() {
    #expect(SplineTable.position.first! < 1e-4)
    #expect(SplineTable.position.last == 1)
    #expect(zip(SplineTable.position, SplineTable.position.dropFirst()).allSatisfy { $0 < $1 })
    let fling = AndroidPhysics(density: 1).fling(velocity: 4000)
    #expect(fling.offset(at: fling.duration) == fling.distance)
    #expect(fling.offset(at: 0) < 0.1)
    #expect(fling.offset(at: fling.duration / 2) > fling.distance / 2)  // decelerating
  }

  /// Android flings only above 50 dp/s and caps at 8000 dp/s (ViewConfiguration).
  @Test func androidFlingLimits() {
    let android = AndroidPhysics(density: 3)
    #expect(android.flingVelocity(forRelease: 49) == 0)
    #expect(android.flingVelocity(forRelease: -12_000) == -8000)
    #expect(android.touchSlop == 8)
  }

  /// Flutter's ClampingScrollSimulation travels OverScroller's distance (unrounded) in
  /// T = 2.3582·0.35·T_android, starting at the release velocity.
  @Test(arguments: [(1000.0, 194.31, 0.4582), (2000, 647.40, 0.7633), (4000, 2156.95, 1.2716), (8000, 7186.36, 2.1184)])
  func flutterClampingSimulation(velocity: Double, distance: Double, duration: Double) {
    let fling = FlutterAndroidPhysics(devicePixelRatio: 3).fling(velocity: velocity)
    #expect(abs(fling.distance - distance) < 0.01)
    #expect(abs(fling.duration - duration) < 0.0001)
    #expect(abs(fling.velocity(at: 0) - velocity) < 1e-9)
  }

  /// UIScrollView's rubber band f(x) = (1 − 1/(x·0.55/d + 1))·d with d = 844: 100 → 51.64,
  /// 844 → 299.48 (d·0.55/1.55); it never reaches d.
  @Test func iosRubberBand() {
    #expect(abs(IOSPhysics.rubberBand(100, viewport: 844) - 51.636) < 0.001)
    #expect(abs(IOSPhysics.rubberBand(844, viewport: 844) - 844 * 0.55 / 1.55) < 1e-9)
    #expect(IOSPhysics.rubberBand(1e9, viewport: 844) < 844)
    #expect(abs(IOSPhysics.inverseRubberBand(IOSPhysics.rubberBand(300, viewport: 844), viewport: 844) - 300) < 1e-6)
    // Dragging 100 pt past the end and back returns to the end; the content lags the finger.
    let ios = IOSPhysics(rate: Momentum.normalRate, name: "ios")
    let out = ios.drag(from: 1000, by: 100, bounds: 0...1000, viewport: 844)
    #expect(abs(out - 1051.636) < 0.001)
    #expect(abs(ios.drag(from: out, by: -100, bounds: 0...1000, viewport: 844) - 1000) < 1e-6)
    #expect(ios.drag(from: 500, by: 100, bounds: 0...1000, viewport: 844) == 600)
  }

  /// The edge spring is critically damped: from the edge at v₀ it peaks at v₀/(ω·e) after
  /// 1/ω s (ω = 12.5 s⁻¹) and comes back without oscillating.
  @Test func iosEdgeSpring() {
    let spring = CriticallyDampedSpring(displacement: 0, velocity: 3000, rate: IOSPhysics.springRate)
    #expect(abs(spring.offset(at: 1 / 12.5) - 3000 / (12.5 * M_E)) < 1e-9)
    let samples = stride(from: 0.0, to: spring.duration, by: 0.001).map { spring.offset(at: $0) }
    #expect(samples.allSatisfy { $0 >= 0 })
    #expect(spring.duration < 1.5)
    #expect(spring.offset(at: spring.duration) == 0)
  }

  /// Flutter's bounce spring (mass 0.5, stiffness 100, ratio 1.1) is overdamped: it starts
  /// with the handed-over velocity (capped at 5000) and settles without crossing back.
  @Test func flutterEdgeSpring() throws {
    let physics = FlutterIOSPhysics(devicePixelRatio: 3)
    let spring = try #require(physics.edgeSpring(overshoot: 0, velocity: 8000))
    #expect(abs(spring.velocity(at: 0) - 5000) < 1e-6)
    let samples = stride(from: 0.0, to: spring.duration, by: 0.001).map { spring.offset(at: $0) }
    #expect(samples.allSatisfy { $0 >= -1e-9 })
    let back = try #require(physics.edgeSpring(overshoot: 50, velocity: 0))
    #expect(abs(back.offset(at: 0) - 50) < 1e-9)
    #expect(abs(back.velocity(at: 0)) < 1e-9)
  }

  /// Flutter's overscroll friction: γ = 0.52·(1 − overscroll/viewport)², applied by
  /// `_applyFriction`. 50 px past the end of an 800 px viewport, a 10 px pull moves the content
  /// 10·0.52·(1 − 50/800)² ≈ 4.57 px; easing back uses the overscroll after the move, so it
  /// meets less resistance. In range (or crossing the edge in one move) there is none.
  @Test func flutterOverscrollFriction() {
    let physics = FlutterIOSPhysics(devicePixelRatio: 3)
    #expect(abs(FlutterIOSPhysics.frictionFactor(0) - 0.52) < 1e-12)
    let pulled = physics.drag(from: 1050, by: 10, bounds: 0...1000, viewport: 800)
    #expect(abs(pulled - (1050 + 10 * 0.52 * pow(1 - 50.0 / 800, 2))) < 1e-9)
    let eased = physics.drag(from: 1100, by: -10, bounds: 0...1000, viewport: 800)
    #expect(abs(eased - (1100 - 10 * 0.52 * pow(1 - 90.0 / 800, 2))) < 1e-9)
    let held = physics.drag(from: 1100, by: 10, bounds: 0...1000, viewport: 800)
    #expect(1100 - eased > held - 1100)
    #expect(physics.drag(from: 995, by: 10, bounds: 0...1000, viewport: 800) == 1005)
  }

  /// Chromium's FlingCurve (`chromium-chromeos`): 1000 px/s starts at
  /// t₀ = −ln(1172/21118.194)/3.7 and ends at t₁ = −ln(172/21118.194)/3.7; the distance
  /// P(t₁) − P(t₀) ≈ 181.06 px in ≈ 0.5186 s.
  @Test func chromiumFlingCurve() {
    let fling = ChromiumChromeOSPhysics().fling(velocity: 1000)
    #expect(abs(fling.distance - 181.06) < 0.01)
    #expect(abs(fling.duration - 0.5186) < 0.0001)
    #expect(abs(fling.velocity(at: 0) - 1000) < 1e-6)
    // Above V(0) = 5707.62·3.7 − 172 ≈ 20 946 px/s the whole curve is scaled.
    let top = FlingCurve.velocity(0)
    #expect(abs(top - 20_946.194) < 1e-6)
    let capped = ChromiumChromeOSPhysics().fling(velocity: 2 * top)
    let full = ChromiumChromeOSPhysics().fling(velocity: top)
    #expect(abs(capped.distance - 2 * full.distance) < 1e-6)
  }

  /// Chromium's PhysicsBasedFlingCurve against its own unit test
  /// (`ui/events/gestures/physics_based_fling_curve_unittest.cc`, 96 px/in): 5000 px/s along
  /// a 1920 px bound goes v²/2a = 25 / (2 · 0.0026457) ≈ 4724.8 px, 99 px of it in the first
  /// 20 ms and 1153 px by 250 ms; along a 1080 px bound it stops at 3 · 1080 = 3240 px (98 px
  /// at 20 ms, 1021 px at 250 ms). The duration is min(2 s, 5000/2300 s) = 2 s. Control
  /// points: p1 = (0.2, 0.2 · 5000 · 2 / 4724.8 ≈ 0.423) at 5000 px/s; at 15 000 px/s the slope
  /// 15000 · 2 / 5760 ≈ 5.21 puts p1 at (1/5.21 ≈ 0.192, 1).
  @Test func chromiumPhysicsBasedFlingCurve() {
    let wide = PhysicsBasedFlingCurve(velocity: 5000, viewport: 1920)
    #expect(abs(wide.distance - 25 / (2 * 96 * 2.7559e-5)) < 0.01)
    #expect(abs(wide.duration - 2) < 1e-12)
    #expect(abs(wide.offset(at: 0.02) - 99) <= 1)
    #expect(abs(wide.offset(at: 0.25) - 1153) <= 1)
    #expect(abs(wide.p1.x - 0.2) < 1e-12 && abs(wide.p1.y - 0.423) < 0.001)
    let bounded = PhysicsBasedFlingCurve(velocity: 5000, viewport: 1080)
    #expect(bounded.distance == 3240)
    #expect(abs(bounded.offset(at: 0.02) - 98) <= 1)
    #expect(abs(bounded.offset(at: 0.25) - 1021) <= 1)
    let fast = PhysicsBasedFlingCurve(velocity: 15000, viewport: 1920)
    #expect(abs(fast.p1.x - 0.192) < 0.001 && fast.p1.y == 1)
    // It starts at the release velocity, and goes the other way for a negative one.
    #expect(abs(wide.velocity(at: 0) - 5000) < 1)
    #expect(PhysicsBasedFlingCurve(velocity: -5000, viewport: 1920).distance == -wide.distance)
  }

  /// `chromium`'s gesture detector and resampling: no fling at 30 px/s or less, none faster
  /// than 17 000; the content leads the finger by a step's motion over min(8 ms, half its
  /// interval), and not at all over a gap of more than 20 ms.
  @Test func chromiumGesturesAndResampling() {
    let physics = ChromiumPhysics(viewport: 844)
    #expect(physics.touchSlop == 15)
    #expect(physics.flingVelocity(forRelease: 30) == 0)
    #expect(physics.flingVelocity(forRelease: -31) == -31)
    #expect(physics.flingVelocity(forRelease: 40_000) == 17_000)
    #expect(abs(physics.dragLead(step: 100, interval: 1.0 / 60) - 48) < 1e-9)
    #expect(abs(physics.dragLead(step: 100, interval: 0.01) - 50) < 1e-9)
    #expect(physics.dragLead(step: 100, interval: 0.025) == 0)
    #expect(IOSPhysics(rate: Momentum.normalRate, name: "ios").dragLead(step: 100, interval: 0.01) == 0)
  }

  /// Chromium's `FlingBooster` chain: a caught fling boosts the next only if the drag begins
  /// within 50 ms of the touch, each step comes within 50 ms of the last at 150 px/s or more,
  /// the same way, and the new fling starts within 50 ms, both flings at 350 px/s or more.
  @Test func chromiumFlingBoosterChain() {
    func boosted(
      caught: Double? = 3000, began: Double = 0.01, step: Double = 20, stepAt: Double = 0.02, flingAt: Double = 0.03,
      velocity: Double = 3000
    ) -> Double {
      var booster = FlingBooster()
      _ = booster.flingStarts(at: -1, velocity: 3000)  // the fling the touch will catch
      booster.touchDown(at: 0, catching: caught)
      booster.scrollBegan(at: began)
      booster.scrolled(by: step, at: began)
      booster.scrolled(by: step, at: stepAt)
      return booster.flingStarts(at: flingAt, velocity: velocity).velocity
    }
    #expect(boosted() == 6000)
    #expect(boosted(caught: nil) == 3000)  // nothing was moving
    #expect(boosted(caught: 300) == 3000)  // the caught fling was too slow
    #expect(boosted(began: 0.06) == 3000)  // the drag began too late
    #expect(boosted(step: -20) == 3000)  // the other way
    #expect(boosted(stepAt: 0.2) == 3000)  // a pause in the drag
    #expect(boosted(step: 1, stepAt: 0.02) == 3000)  // 100 px/s is too slow to keep it
    #expect(boosted(flingAt: 0.08) == 3000)  // released too late
    #expect(boosted(velocity: 300) == 300)  // the new fling is too slow
  }

  /// Chromium's LSQ2_RESTRICTED: a drag that slows to a stop (a skimmer's, from a generated
  /// trace) fits a velocity backwards under LSQ2; the restricted tracker gives 0 instead. A
  /// lift 60 ms after the last move still flings (Chromium waits 80 ms), where LSQ2 gives 0.
  @Test func chromiumRestrictedTracker() {
    let drag: [(Double, Double)] = [
      (0.5, 675.2), (0.508, 669.78), (0.517, 655.97), (0.525, 637.48), (0.533, 618), (0.542, 601.22),
      (0.55, 590.84), (0.558, 588.98), (0.567, 588.54), (0.575, 588.09), (0.583, 587.65), (0.592, 587.21),
      (0.6, 586.76), (0.608, 586.32),
    ]
    var plain = VelocityTracker(kind: .lsq2)
    var restricted = VelocityTracker(kind: .lsq2Restricted)
    for (t, y) in drag {
      plain.add(t: t, position: -y)
      restricted.add(t: t, position: -y)
    }
    #expect(plain.velocity() < -500)  // backwards: the finger moved up (position increasing) all along
    #expect(restricted.velocity() == 0)
    var late = VelocityTracker(kind: .lsq2Restricted)
    var lateLSQ2 = VelocityTracker(kind: .lsq2)
    for k in 0...5 {
      late.add(t: Double(k) / 60, position: 20 * Double(k))
      lateLSQ2.add(t: Double(k) / 60, position: 20 * Double(k))
    }
    late.add(t: 5.0 / 60 + 0.06, position: 100)
    lateLSQ2.add(t: 5.0 / 60 + 0.06, position: 100)
    #expect(abs(late.velocity() - 1200) < 1e-6)
    #expect(lateLSQ2.velocity() == 0)
  }

  @Test func presetsAreRegistered() throws {
    for name in PhysicsPresets.names {
      let physics = try PhysicsPresets.lookup(name)
      #expect(physics.name == name)
    }
    #expect(throws: SimError.self) { try PhysicsPresets.lookup("windows-phone") }
  }
}
