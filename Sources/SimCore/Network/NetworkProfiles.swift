/// Named links (`--network NAME`, `scrollsim networks`), each with where its numbers come from.
///
/// Chrome DevTools' presets (`front_end/core/sdk/NetworkManager.ts`) and Lighthouse's throttling
/// constants (`core/config/constants.js`) apply a request latency of RTT × 3.75 and a throughput
/// of 0.8–0.9 × the nominal rate "to make DevTools' emulation more accurate"; the numbers below
/// are those adjusted values, as the tools apply them.
package enum NetworkProfiles {
  package struct Profile: Sendable {
    package var link: LinkSpec
    package var source: String
  }

  package static let all: [Profile] = [
    Profile(
      link: LinkSpec(name: "wifi", latency: 0.040, downlinkMbps: 10 * 1.024),
      source: "Lighthouse desktopDense4G (broadband): RTT 40 ms, 10 × 1024 kbit/s"),
    Profile(
      link: LinkSpec(name: "4g", latency: 0.165, downlinkMbps: 9 * 0.9),
      source: "Chrome DevTools Fast 4G: latency 60 ms × 2.75, 9 Mbit/s × 0.9"),
    Profile(
      link: LinkSpec(name: "slow-4g", latency: 0.5625, downlinkMbps: 1.6 * 0.9),
      source: "Chrome DevTools Slow 4G (formerly Fast 3G): latency 150 ms × 3.75, 1.6 Mbit/s × 0.9"),
    Profile(
      link: LinkSpec(name: "3g", latency: 1.125, downlinkMbps: 0.7 * 0.9),
      source: "Lighthouse mobileRegular3G: latency 300 ms × 3.75, 700 kbit/s × 0.9"),
    Profile(
      link: LinkSpec(name: "slow-3g", latency: 2.0, downlinkMbps: 0.5 * 0.8),
      source: "Chrome DevTools 3G (Slow 3G): latency 400 ms × 5, 500 kbit/s × 0.8"),
    Profile(
      link: LinkSpec(name: "lossy", latency: 0.5625, downlinkMbps: 1.6 * 0.9, loss: 0.05),
      source:
        "slow-4g with 5% of request attempts failing: scrollsim's own stand-in for a weak signal, not a published preset"
    ),
    Profile(
      link: LinkSpec(name: "none", latency: 0, downlinkMbps: nil),
      source: "no link: latencies and sizes already measured end to end (e.g. from a HAR file)"),
  ]

  package static var names: [String] { all.map(\.link.name) }

  package static func named(_ name: String) -> LinkSpec? {
    all.first { $0.link.name == name }?.link
  }

  /// Profile `name` as a layer over a scenario (`Scenario.load`'s overlays): its link replaces
  /// the scenario's whole. The one way a profile is applied, by `--network` and by a sweep's
  /// `--networks` (`Scenario.onNetwork`).
  package static func overlay(_ name: String) throws(SimError) -> JSONValue {
    .object([("network", .object([("link", try lookup(name).json)]))])
  }

  package static func lookup(_ name: String) throws(SimError) -> LinkSpec {
    guard let link = named(name) else {
      throw SimError(
        .usage,
        "unknown network profile \"\(name)\"\(NameSuggestion.hint(for: name, among: names)); known: \(names.joined(separator: ", "))"
      )
    }
    return link
  }
}
