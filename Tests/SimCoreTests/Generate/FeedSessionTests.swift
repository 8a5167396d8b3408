import Foundation
import Testing

@testable import SimCore

@Suite struct FeedSessionTests {
  /// The issue's bar: five minutes of the median feed user, on any platform, go well past the
  /// third page of the default scenario (row 60).
  @Test(arguments: ["ios", "android", "chromium", "flutter-android"])
  func fiveMinutesOfFeedGoPastRowSixty(physics: String) throws {
    let trace = GestureGenerator.generate(profile: .feed, duration: 300, seed: 1, device: Device(physics: physics))
    let reach = try TraceReach.of(trace, scenario: Scenario())
    #expect(reach.lastRow > 100, "\(physics): furthest row \(reach.lastRow)")
    #expect(trace.device.physics == physics)
  }

  /// The calibration shows through: flicks release around the table's 2000 pt/s (S15-derived
  /// median), the list moves about a screen per gesture, and pauses between gestures are the
  /// dwell of 1.5 items at S1's 1.7 s mean (a few seconds).
  @Test func aLongSessionLooksLikeItsCalibration() throws {
    let trace = GestureGenerator.generate(profile: .feed, duration: 3600, seed: 2, device: Device(physics: "android"))
    let stats = TraceStats(trace)
    #expect((1200...3200).contains(stats.releaseVelocity.p50), "release p50 \(stats.releaseVelocity.p50)")
    #expect((1.5...5).contains(stats.pause.p50), "pause p50 \(stats.pause.p50)")
    #expect(stats.downward > 0.85 && stats.downward < 0.99, "downward \(stats.downward)")
    let perMinute = Double(stats.gestures) / 60
    #expect((8...30).contains(perMinute), "gestures a minute \(perMinute)")
    // About 23 screens a minute (DERIVED from S1 and S3): where the list is after the hour.
    let offsets = try TrajectoryRecorder.offsets(of: trace, physics: "android")
    guard case .offsets(let samples) = offsets.input else {
      Issue.record("no offsets")
      return
    }
    let screensPerMinute = samples.last!.offset / 844 / 60
    #expect((18...28).contains(screensPerMinute), "screens a minute \(screensPerMinute)")
  }

  /// The release velocity solved for a move gives that move under the platform's own tracker
  /// and physics (finger travel plus fling), on every preset that flings.
  @Test(arguments: PhysicsPresets.names)
  func aThrowGoesAsFarAsPlanned(physics name: String) throws {
    let physics = try PhysicsPresets.lookup(name)
    let throwing = FeedSession.Throw(time: 0.15, longest: 500, physics: physics)
    // iOS's fast deceleration cannot throw 844 pt with a 500 pt flick at 8000 pt/s at most.
    let moves = name == "ios-fast" ? [300.0, 600] : [600.0, 844, 1500]
    for move in moves {
      let velocity = throwing.releaseVelocity(forMove: move)
      #expect(velocity < FeedSession.fastestRelease, "\(name) cannot throw \(move)")
      #expect(abs(throwing.reach(velocity) - move) < 0.01 * move, "\(name) \(move): \(throwing.reach(velocity))")
    }
  }

  /// Skimming at `skimDwell` and reading at the factor `readingFactor` gives keep the mean
  /// dwell S1's, whatever the user's skim share.
  @Test func readingMakesUpTheMeanDwell() {
    let profile = SessionProfiles.feed
    for share in [0.0, 0.3, 0.5, 0.9] {
      let mean = share * profile["skimDwell"] + (1 - share) * FeedSession.readingFactor(profile, skimShare: share)
      #expect(abs(mean - 1) < 1e-12, "share \(share): \(mean)")
    }
  }

  /// Even a session shorter than the first dwell scrolls once (a trace needs a gesture).
  @Test func theShortestSessionStillScrolls() throws {
    let trace = GestureGenerator.generate(profile: .feed, duration: 0.1, seed: 3)
    guard case .touches(let samples) = trace.input else {
      Issue.record("not touches")
      return
    }
    #expect(samples.contains { $0.phase == .ended })
    _ = try Trace.decode(JSONParser.parse(trace.encoded()))
  }

  /// A parameter is set within its range and refused outside it, by name.
  @Test func parametersAreCheckedAgainstTheirRanges() throws {
    var profile = SessionProfiles.feed
    try profile.apply("itemsPerScreen=3")
    #expect(profile["itemsPerScreen"] == 3)
    #expect(throws: SimError.self) { try profile.apply("itemsPerScreen=0") }
    #expect(throws: SimError.self) { try profile.apply("reversal=1") }
    #expect(throws: SimError.self) { try profile.apply("dwellMedian=nan") }
    do {
      try profile.apply("dwelMedian=1")
      Issue.record("an unknown key was taken")
    } catch {
      #expect(error.message.contains("did you mean \"dwellMedian\""), "\(error.message)")
    }
    // Every parameter says where its number comes from.
    for parameter in SessionProfiles.feed.parameters + SessionProfiles.shortVideo.parameters {
      #expect(!parameter.basis.isEmpty && parameter.range.contains(parameter.value), "\(parameter.key)")
    }
  }
}

@Suite struct ShortVideoSessionTests {
  /// AndroidX's `PagerSnapHelper` timing at its boundary on a 3× (480 dpi) screen: 100 / 480 ms
  /// per px; the linear time `ceil(px × that)` reaches its 100 ms cap at 476 px, and the snap takes
  /// `ceil(t / 0.3356)` ms.
  @Test func pagerSnapTimesAtTheCap() {
    #expect(PagerSnap.duration(distance: 475.0 / 3, density: 3) == 0.295)  // ceil(98.96) = 99 ms
    #expect(PagerSnap.duration(distance: 476.0 / 3, density: 3) == 0.298)  // ceil(99.17) = 100 ms: the cap
    #expect(PagerSnap.duration(distance: 477.0 / 3, density: 3) == 0.298)
    #expect(PagerSnap.duration(distance: 5000, density: 3) == 0.298)
    #expect(PagerSnap.duration(distance: 1, density: 3) == 0.003)  // ceil(0.625) = 1 ms → ceil(2.98) = 3
    #expect(PagerSnap.progress(0) == 0 && PagerSnap.progress(0.5) == 0.75 && PagerSnap.progress(1) == 1)
  }

  /// Each swipe ends one screen on (or back), at rest, the release then the snap phased so
  /// strategies see the release.
  @Test func eachSwipeLandsOnAVideo() throws {
    let device = Device(viewportHeight: 800)
    let trace = GestureGenerator.generate(profile: .shortVideo, duration: 600, seed: 4, device: device)
    guard case .offsets(let samples) = trace.input else {
      Issue.record("not offsets")
      return
    }
    var swipes = 0
    for (index, sample) in samples.enumerated() where index > 0 {
      let next = index + 1 < samples.count ? samples[index + 1] : nil
      if sample.phase == .decelerating && next?.phase != .decelerating {
        swipes += 1
        let screens = sample.offset / 800
        #expect(abs(screens - screens.rounded()) < 1e-9, "rests at \(sample.offset)")
      }
    }
    #expect(swipes > 20)
    _ = try Trace.decode(JSONParser.parse(trace.encoded()))
  }
}
