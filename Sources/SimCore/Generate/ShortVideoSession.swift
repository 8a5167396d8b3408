import Foundation

/// A short-video session as content offsets (`generate --profile short-video`): one video per
/// screen; the user watches (lognormal, at most the video's length), then swipes; the finger
/// drags `swipeDrag` of a screen and the pager snaps to the next video (`PagerSnap`). With chance
/// `back` a swipe returns to the previous video. The numbers are `SessionProfiles.shortVideo`.
///
/// Offsets, not touches: a pager's snap is not a free fling, and scrollsim's physics presets
/// are free flings; the offsets are replayed as recorded, with phases (`dragging`, then
/// `decelerating`) so the strategies see the release and its resting offset. Each video is one
/// viewport high: give the scenario rows of that height (`docs/generator.md`).
package enum ShortVideoSession {
  package static func generate(
    profile: SessionProfile = SessionProfiles.shortVideo, user: SessionUser, seed: UInt64,
    device: Device = Device(), fit: Calibration.Fit = CalibratedProfiles.fit
  ) -> Trace {
    var random = SeededRandom(seed: seed, stream: "generate-short-video")
    let height = device.viewportHeight
    let frame = 1 / Double(device.refreshRate)
    var samples = [OffsetSample(t: 0, offset: 0)]
    var t = 0.5
    var item = 0
    while true {
      let video = profile["videoMedian"] * Foundation.exp(profile["videoSigma"] * random.standardNormal())
      let watch = profile["watchMedian"] * user.dwell * Foundation.exp(profile["watchSigma"] * random.standardNormal())
      t += min(watch, video)
      // Every session swipes at least once.
      guard t < user.seconds || samples.count == 1 else { break }
      let back = item > 0 && random.unit() < profile["back"]
      let sign = back ? -1.0 : 1.0
      let from = Double(item) * height
      let drag = profile["swipeDrag"] * height
      let dragTime = min(0.5, max(0.08, fit.flinger.duration.sample(&random)))
      // The finger: along s², so it lifts moving.
      samples.append(OffsetSample(t: t, offset: from, phase: .dragging))
      let dragSteps = max(2, Int((dragTime / frame).rounded()))
      for k in 1...dragSteps {
        let s = Double(k) / Double(dragSteps)
        samples.append(OffsetSample(t: t + Double(k) * frame, offset: from + sign * drag * s * s, phase: .dragging))
      }
      t += Double(dragSteps) * frame
      // The pager: the rest of the screen, decelerating.
      let snap = PagerSnap.duration(distance: height - drag, density: device.density)
      let snapSteps = max(1, Int((snap / frame).rounded(.up)))
      for k in 1...snapSteps {
        let share = PagerSnap.progress(min(1, Double(k) * frame / snap))
        let offset = from + sign * (drag + (height - drag) * share)
        samples.append(OffsetSample(t: t + Double(k) * frame, offset: offset, phase: .decelerating))
      }
      t += Double(snapSteps) * frame
      item += back ? -1 : 1
    }
    if let last = samples.last, last.t < user.seconds {
      samples.append(OffsetSample(t: user.seconds, offset: last.offset))
    }
    return Trace(name: "short-video-\(Int(user.seconds))s-seed\(seed)", device: device, input: .offsets(samples))
  }
}
