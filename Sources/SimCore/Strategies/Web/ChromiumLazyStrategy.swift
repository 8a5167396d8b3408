/// Chromium's `<img loading="lazy">`: an image starts loading when it comes within a margin of
/// the viewport that depends on the effective connection type; one-shot, never cancelled.
///
/// Sources (chromium/chromium):
/// - `third_party/blink/renderer/core/frame/settings.json5` @01e80222,
///   `lazyImageLoadingDistanceThresholdPx*`: unknown 3000, offline 8000, slow-2g 8000, 2g 6000,
///   3g 2500, 4g 1250 px (before mid-2020: 5000/8000/8000/6000/4000/3000).
/// - `core/html/lazy_load_image_observer.cc` @f24a8e13 (re-read @0461e890 for the edge): one
///   IntersectionObserver per document
///   with that root margin and the threshold `{std::numeric_limits<float>::min()}` (FLT_MIN):
///   an image loads only when its box *overlaps* the margin, so one whose top is exactly the
///   margin below the viewport (edge-adjacent, zero area) does not (`countsTouchingRows` false);
///   an image is unobserved once it starts loading. Checked in Chromium 156 a quarter pixel
///   either side of the edge and on it (`Validation/edges.py`).
/// - The connection type from the link: `third_party/blink/renderer/platform/network/
///   network_state_notifier.cc` (how DevTools throttling sets it) maps an HTTP RTT to it with
///   `net/nqe/network_quality_estimator_params.cc`'s thresholds: ≥ 2010 ms slow-2g,
///   ≥ 1420 ms 2g, ≥ 272 ms 3g, else 4g; no RTT (0) leaves it unknown. scrollsim reads the
///   link's latency as that RTT (so `4g` → 4g, `slow-4g` and `3g` → 3g, `slow-3g` → 2g).
/// Simplified: the margin is fixed for the run (Chromium fixes it when the observer is made).
package final class ChromiumLazyStrategy: MarginContentRule {
  package static let info = StrategyInfo(
    name: "chromium-lazy", aliases: ["lazy-img", "chrome-lazy"],
    summary: "loading=\"lazy\": images within 1250-8000 px (by connection type) load, never cancelled.",
    origin: "chromium settings.json5, lazy_load_image_observer.cc, network_state_notifier.cc",
    parameters: [
      ParameterInfo(
        "connection", .choice(["auto"] + EffectiveConnectionType.allCases.map(\.rawValue)), default: "auto",
        "effective connection type; auto: from the link's latency")
    ],
    platform: .web, role: .content, partner: "sentinel")

  private let connection: EffectiveConnectionType?
  var band = ListBand()

  package init(parameters: StrategyParameters) {
    connection = EffectiveConnectionType(rawValue: parameters.string("connection"))
  }

  /// FLT_MIN threshold: a zero-area (touching) intersection is below it.
  var countsTouchingRows: Bool { false }

  func margin(_ list: any ListContext) -> Double {
    (connection ?? EffectiveConnectionType(httpRTT: list.networkLatency)).lazyImageMargin
  }
}

/// The Network Information API's `effectiveType`, as Chromium estimates it.
package enum EffectiveConnectionType: String, Sendable, CaseIterable {
  case unknown, offline
  case slow2G = "slow-2g"
  case twoG = "2g"
  case threeG = "3g"
  case fourG = "4g"

  /// From an HTTP round-trip time in seconds (`network_state_notifier.cc`); 0 = not known.
  package init(httpRTT: Double) {
    if !(httpRTT > 0) {
      self = .unknown
    } else if httpRTT >= 2.010 {
      self = .slow2G
    } else if httpRTT >= 1.420 {
      self = .twoG
    } else if httpRTT >= 0.272 {
      self = .threeG
    } else {
      self = .fourG
    }
  }

  /// `lazyImageLoadingDistanceThresholdPx*` in `settings.json5`.
  package var lazyImageMargin: Double {
    switch self {
    case .unknown: 3000
    case .offline, .slow2G: 8000
    case .twoG: 6000
    case .threeG: 2500
    case .fourG: 1250
    }
  }
}
