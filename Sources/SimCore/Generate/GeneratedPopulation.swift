/// A population of users, each with one session (`generate --population N`): user `i` is drawn
/// from the profile's spreads (`SessionUser.draw`) and their session generated with a seed of
/// its own, both derived from the population's seed and `i` alone, so session 7 is the same
/// whether 10 or 100,000 are written, and in whatever order.
package struct GeneratedPopulation: Sendable {
  package var kind: GestureGenerator.Profile
  package var profile: SessionProfile
  package var count: Int
  package var seed: UInt64
  package var device: Device
  /// Every session this long (s); nil: each user's drawn length.
  package var seconds: Double?
  /// The device and network profiles users are drawn from; nil: sessions name none (they run
  /// on the scenario's, or `--device`/`--network`'s).
  package var deviceMix: ProfileMix?
  package var networkMix: ProfileMix?

  package init(
    kind: GestureGenerator.Profile, profile: SessionProfile, count: Int, seed: UInt64, device: Device,
    seconds: Double? = nil
  ) {
    self.kind = kind
    self.profile = profile
    self.count = count
    self.seed = seed
    self.device = device
    self.seconds = seconds
  }

  /// Session `index`'s file name: `feed-0007.json` (at least four digits, as many as the count needs).
  package func fileName(_ index: Int) -> String {
    let digits = max(4, String(max(count, 1)).count)
    let number = String(index + 1)
    return "\(kind.rawValue)-\(String(repeating: "0", count: max(0, digits - number.count)) + number).json"
  }

  package func user(_ index: Int) -> SessionUser {
    SessionUser.draw(profile, seed: seed, index: index, seconds: seconds)
  }

  /// The phone each platform's sessions are recorded on (physics, viewport, density), where it
  /// differs from `device`: a session whose drawn device profile implies a platform in here
  /// takes that one (then its profile's refresh rate). Empty: every session on `device`.
  package var platformDevices: [DevicePlatform: Device] = [:]

  /// User `index`'s device and network profiles (nil where no mix is given).
  package func sessionClass(_ index: Int) -> SessionClass {
    SessionClass(
      device: deviceMix?.draw(seed: seed, index: index), network: networkMix?.draw(seed: seed, index: index))
  }

  /// Session `index`, named after its file.
  package func session(_ index: Int) -> Trace {
    var random = SeededRandom(seed: seed, stream: "population-session", index: index)
    let sessionSeed = random.next()
    let user = user(index)
    let drawn = sessionClass(index)
    // The session is recorded at its phone's refresh rate, as the profile's display draws it.
    var device = device
    if let name = drawn.device, let profile = DeviceProfiles.all.first(where: { $0.name == name }) {
      device = platformDevices[profile.platform] ?? device
      device.refreshRate = profile.refreshRate
    }
    var trace =
      kind == .shortVideo
      ? ShortVideoSession.generate(profile: profile, user: user, seed: sessionSeed, device: device)
      : FeedSession.generate(profile: profile, user: user, seed: sessionSeed, device: device)
    trace.name = String(fileName(index).dropLast(".json".count))
    trace.deviceProfile = drawn.device
    trace.networkProfile = drawn.network
    return trace
  }

  /// `population.csv`: one line per session with who its user is (the population's manifest),
  /// and its device and network where the population draws them.
  package var manifestHeader: String {
    "file,seconds,speed,dwell,skim_share" + (deviceMix == nil ? "" : ",device") + (networkMix == nil ? "" : ",network")
  }

  package func manifestLine(_ index: Int) -> String {
    let user = user(index)
    let drawn = sessionClass(index)
    return
      ([
        fileName(index), NumberText.fixed(user.seconds, 1), NumberText.fixed(user.speed, 3),
        NumberText.fixed(user.dwell, 3), NumberText.fixed(user.skimShare, 3),
      ] + [drawn.device, drawn.network].compactMap { $0 }).joined(separator: ",")
  }
}

extension GeneratedPopulation {
  /// The population `scrollsim compare` runs when given no trace: 12 feed users of the default
  /// device (iOS physics), seed 1, two minutes each — the files of `Traces/population/`.
  package static var embeddedDefault: GeneratedPopulation {
    GeneratedPopulation(kind: .feed, profile: SessionProfiles.feed, count: 12, seed: 1, device: Device(), seconds: 120)
  }

  /// Session `index` as a trace file would give it (named after its file, through the file
  /// format), so a run over the generated population is the run over its files.
  package func namedSession(_ index: Int) -> NamedTrace {
    let generated = session(index)
    let trace = (try? Trace.decode(JSONParser.parse(generated.encoded()))) ?? generated
    return NamedTrace(name: fileName(index), trace: trace)
  }
}
