/// The shares of named device or network profiles a population's users are drawn from
/// (`generate --device-mix low-end=0.3,mid=0.5,high=0.2`, `--network-mix wifi=0.45,4g=0.4,3g=0.15`).
///
/// Each user draws one profile from its own random stream (the population's seed and the
/// user's index), so user 7 has the same phone and network whether 10 or 100,000 are written.
///
/// The default mixes (`default`) and where their numbers come from:
/// - devices: low-end 0.3, mid 0.5, high 0.2. An ASSUMPTION: no public source gives the share
///   of phones by RAM class across apps. A team reads its own from Play Console's device
///   catalog or Android vitals (by RAM), its analytics' device models, or the web's
///   `navigator.deviceMemory` in its field data.
/// - networks: wifi 0.56, 4g 0.41, 3g 0.03. The Wi-Fi share is Opensignal's time on Wi-Fi of
///   US smartphone users, January 2020 (56.2 %); the rest is split as the Chrome UX Report's
///   effective connection types over all origins, July 2019 (4G 94.2 %, 3G 5.7 %; HTTP Archive
///   discussion "Why is India at the bottom of aggr. performance by geo"). Applying CrUX's split
///   to the cellular share alone is an ASSUMPTION (CrUX measures every connection, Wi-Fi
///   included). A team reads its own from its analytics' connection type or CrUX for its origin.
package struct ProfileMix: Equatable, Sendable {
  /// What the mix draws: devices or networks (its names: `SessionDimension.names`).
  package var kind: SessionDimension
  /// Each profile and its share, in the order given; the shares sum to 1.
  package private(set) var shares: [(name: String, share: Double)]

  /// How far from 1 the given shares may sum (three shares of 0.33 sum to 0.99).
  package static let sumTolerance = 0.01

  package static func == (a: ProfileMix, b: ProfileMix) -> Bool {
    a.kind == b.kind && a.shares.elementsEqual(b.shares) { $0.name == $1.name && $0.share == $1.share }
  }

  package static let defaultDevices = "low-end=0.3,mid=0.5,high=0.2"
  package static let defaultNetworks = "wifi=0.56,4g=0.41,3g=0.03"

  /// `name=share,…`, or `default` for the cited default of its kind. Refused (a usage error
  /// naming `option`) when a name is unknown (with a did-you-mean) or repeated, a share is not
  /// a positive number, or the shares do not sum to 1 within `sumTolerance`.
  package init(_ text: String, kind: SessionDimension, option: String) throws(SimError) {
    self.kind = kind
    let spelled = text == "default" ? (kind == .device ? Self.defaultDevices : Self.defaultNetworks) : text
    func fail(_ problem: String) -> SimError { SimError(.usage, "\(option) \(text): \(problem)") }
    var shares: [(name: String, share: Double)] = []
    for entry in spelled.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty else {
        throw fail(
          "expected name=share entries separated by commas, e.g. \(kind == .device ? Self.defaultDevices : Self.defaultNetworks), or default; found \"\(entry)\""
        )
      }
      let name = String(parts[0])
      if let problem = kind.unknown(name) { throw fail(problem) }
      guard !shares.contains(where: { $0.name == name }) else { throw fail("\(name) is given twice") }
      guard let share = Double(parts[1]), share.isFinite, share > 0 else {
        throw fail("\(name)'s share must be a number above 0, found \"\(parts[1])\"")
      }
      shares.append((name, share))
    }
    let sum = shares.reduce(0) { $0 + $1.share }
    guard abs(sum - 1) <= Self.sumTolerance + 1e-12 else {
      throw fail("the shares sum to \(NumberText.fixed(sum, 3)); they must sum to 1 (within \(Self.sumTolerance))")
    }
    self.shares = shares.map { ($0.name, $0.share / sum) }
  }

  /// The profile user `index` of a population under `seed` is drawn.
  package func draw(seed: UInt64, index: Int) -> String {
    var random = SeededRandom(seed: seed, stream: "population-\(kind.rawValue)", index: index)
    let u = random.unit()
    var cumulative = 0.0
    for (name, share) in shares {
      cumulative += share
      if u < cumulative { return name }
    }
    return shares[shares.count - 1].name
  }

  /// The mix as given back, `name=share,…` with the shares as normalised.
  package var text: String {
    shares.map { "\($0.name)=\(JSONWriter.number(($0.share * 1e6).rounded() / 1e6))" }.joined(separator: ",")
  }
}
