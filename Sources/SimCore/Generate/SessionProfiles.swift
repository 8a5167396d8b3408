/// The feed-browsing profiles' numbers, calibrated on the published figures collected in
/// `../shared/reference/feed-sessions.md` (S1…S16 there; `docs/generator.md` puts each next to
/// its source). No public dataset of real feed-scrolling touch traces exists; where no figure
/// supports a value it says ASSUMPTION and is a parameter like the rest.
package enum SessionProfiles {
  private typealias P = SessionProfile.Parameter

  /// Who a session's user is: how each user differs (drawn per user in a population).
  private static let people: [P] = [
    P(
      key: "userSpeedSigma", value: 0.25, range: 0...2, meaning: "spread of users' scrolling speed (lognormal σ)",
      basis: "ASSUMPTION (S2: younger users scroll faster; no spread published)"),
    P(
      key: "userDwellSigma", value: 0.3, range: 0...2, meaning: "spread of users' dwell per item (lognormal σ)",
      basis: "ASSUMPTION"),
    P(
      key: "glanceShare", value: 0.3, range: 0...1, meaning: "share of sessions that are glances",
      basis: "S12 (about 40% of launches < 15 s); the split is an ASSUMPTION"),
    P(
      key: "glanceMedian", value: 10, range: 1...3600, meaning: "median glance session (s)", basis: "S12"),
    P(key: "glanceSigma", value: 0.6, range: 0...3, meaning: "glance session length (lognormal σ)", basis: "S12"),
    P(
      key: "browseMedian", value: 90, range: 1...7200, meaning: "median browsing session (s)",
      basis: "S11 (mean app session 71.6 s; the mixture's mean is about 100 s)"),
    P(key: "browseSigma", value: 0.9, range: 0...3, meaning: "browsing session length (lognormal σ)", basis: "S11"),
    P(key: "sessionCap", value: 1200, range: 1...86_400, meaning: "longest session (s)", basis: "ASSUMPTION"),
  ]

  /// A social or image feed: the user dwells on the items a move brought into view, then
  /// throws the list about a screen on; skimming and reading alternate; now and then they go
  /// back up.
  package static var feed: SessionProfile {
    SessionProfile(
      name: "feed",
      parameters: [
        P(
          key: "itemsPerScreen", value: 1.5, range: 0.2...20, meaning: "feed items per screen",
          basis: "ASSUMPTION (table §3)"),
        P(
          key: "dwellMedian", value: 1.1, range: 0.05...60, meaning: "median dwell per item (s)",
          basis: "S1 (1.7 s per item on mobile) with S7 (reading > 5 s)"),
        P(
          key: "dwellSigma", value: 0.9, range: 0...3, meaning: "dwell per item (lognormal σ)",
          basis: "S1, S7: mean 1.7 s, about 5% of items over 5 s"),
        P(
          key: "travelMedian", value: 1.0, range: 0.05...20, meaning: "median move per gesture (screens)",
          basis: "DERIVED from S1 and S3 (about 23 screens a minute while browsing)"),
        P(
          key: "travelSigma", value: 0.5, range: 0...3, meaning: "move per gesture (lognormal σ)",
          basis: "ASSUMPTION (the table's σ of fling velocity)"),
        P(
          key: "skimShare", value: 0.5, range: 0...1, meaning: "share of stops spent skimming (the rest reading)",
          basis: "ASSUMPTION (S9: modes from scanning to reading)"),
        P(
          key: "skimSpeed", value: 1.4, range: 1...5, meaning: "move per gesture while skimming, × the median",
          basis: "S2 (41% faster on mobile)"),
        P(
          key: "skimDwell", value: 0.6, range: 0.05...1, meaning: "dwell while skimming, × (reading makes up the mean)",
          basis: "ASSUMPTION (table §3)"),
        P(
          key: "modeChange", value: 0.2, range: 0...1, meaning: "chance a stop redraws skim or read",
          basis: "ASSUMPTION"),
        P(
          key: "reversal", value: 0.07, range: 0...0.9, meaning: "share of gestures that go back up",
          basis: "ASSUMPTION"),
        P(
          key: "reversalMin", value: 0.3, range: 0.05...5, meaning: "shortest move back (screens)",
          basis: "ASSUMPTION"),
        P(
          key: "reversalMax", value: 1.0, range: 0.05...5, meaning: "longest move back (screens)", basis: "ASSUMPTION"),
        P(
          key: "settleSpeed", value: 50, range: 1...2000,
          meaning: "no new gesture before the fling is slower than this (pt/s)", basis: "ASSUMPTION"),
      ] + people)
  }

  /// Short videos: one item per screen; the user watches, then swipes and the pager snaps to
  /// the next item.
  package static var shortVideo: SessionProfile {
    SessionProfile(
      name: "short-video",
      parameters: [
        P(
          key: "watchMedian", value: 8, range: 0.2...600, meaning: "median time watched per video (s)",
          basis: "S13, S14 (median play 17 s per exposure, 45% watched); the median is an ASSUMPTION"),
        P(key: "watchSigma", value: 1.0, range: 0...3, meaning: "time watched (lognormal σ)", basis: "S14"),
        P(
          key: "videoMedian", value: 81, range: 1...3600, meaning: "median video length (s); watching stops at its end",
          basis: "S14 (median video 1.35 min)"),
        P(key: "videoSigma", value: 0.8, range: 0...3, meaning: "video length (lognormal σ)", basis: "ASSUMPTION"),
        P(
          key: "swipeDrag", value: 0.25, range: 0.02...0.9,
          meaning: "finger travel before the pager takes over (screens)",
          basis: "ASSUMPTION"),
        P(
          key: "back", value: 0.03, range: 0...0.9, meaning: "share of swipes back to the previous video",
          basis: "ASSUMPTION"),
      ] + people)
  }

  /// The profile of `GestureGenerator.Profile`, for those that have one.
  package static func named(_ profile: GestureGenerator.Profile) -> SessionProfile? {
    switch profile {
    case .feed: feed
    case .shortVideo: shortVideo
    default: nil
    }
  }
}
