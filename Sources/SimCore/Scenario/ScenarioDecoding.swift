/// Reads a scenario from JSON layered over the defaults: the default scenario as JSON, then a
/// scenario file, then `--set path=value` flags, decoded once so that every error names the
/// field (`docs/scenario.md`).
extension Scenario {
  package static let formatName = "scrollsim-scenario"
  /// The version `scrollsim scenario` writes; a file may leave it out (scenarios before 0.2
  /// had none), and any other is refused.
  package static let formatVersion = 1

  /// Layers `overlay` over `tree`; a distribution of another kind, or one naming a field the
  /// old one lacks, replaces the old one whole (a lognormal's `median` must not survive into a
  /// uniform, nor the default's p95 into a lognormal given by median and p90).
  static func layer(_ overlay: JSONValue, over tree: JSONValue) -> JSONValue {
    tree.merging(overlay) { base, top in
      guard case .string(let kind)? = top.first(where: { $0.0 == "kind" })?.1, Distribution.kinds.contains(kind) else {
        return false
      }
      let baseKeys = Set(base.map(\.0))
      return base.first(where: { $0.0 == "kind" })?.1 != .string(kind) || top.contains { !baseKeys.contains($0.0) }
    }
  }

  /// This scenario over network profile `name` (`NetworkProfiles.overlay`), as a sweep crosses
  /// its `--networks`.
  /// Every session runs on that network, whichever it names (`SessionLayering`).
  package func onNetwork(_ name: String) throws(SimError) -> Scenario {
    var scenario = try Self.decode(Self.layer(NetworkProfiles.overlay(name), over: json))
    scenario.sessions = sessions
    scenario.sessions.fixesNetwork = true
    return scenario
  }

  /// The scenario in the JSON file at `path` (`docs/scenario.md`) over the defaults, then each
  /// `key.path=value` of `overrides` (`feed.pageSize=15`, `network.page.latency=350ms`).
  public static func load(path: String, overrides: [String] = []) throws(SimError) -> Scenario {
    try load(file: path, overrides: overrides)
  }

  /// Builds a scenario: the defaults, then `file` (if any), then the `profiles` (network, then
  /// device), then `overlays` (the cache's start, touch options, HAR-derived distributions),
  /// then each `key.path=value` override. A profile given here is every session's; one not
  /// given is each session's own (`forSession`), unless `fixesNetwork` (a HAR's timings are
  /// the network).
  package static func load(
    file: String?, profiles: SessionClass = SessionClass(), overlays: [JSONValue] = [], overrides: [String] = [],
    fixesNetwork: Bool = false, runsOver: [NetworkShare]? = nil, note: ((String) -> Void)? = nil
  ) throws(SimError) -> Scenario {
    var bytes: [UInt8]?
    if let file {
      do throws(SimError) { bytes = try AtomicFile.read(file) } catch { throw error.inFile(file) }
    }
    return try load(
      bytes: bytes, file: file, profiles: profiles, overlays: overlays, overrides: overrides,
      fixesNetwork: fixesNetwork, runsOver: runsOver, note: note)
  }

  /// `load` on a scenario file's bytes already read; `file` names it in messages and resolves
  /// relative paths inside it.
  /// `note` hears what was read differently from how it was written (an end-to-end latency
  /// turned into server time). `runsOver`: the networks the runs use, which a latency given as
  /// measured with no mix of its own is fitted over (nil: the scenario's link; a `--network`
  /// fixes it whatever is given here).
  package static func load(
    bytes: [UInt8]?, file: String?, profiles: SessionClass = SessionClass(), overlays: [JSONValue] = [],
    overrides: [String] = [], fixesNetwork: Bool = false, runsOver: [NetworkShare]? = nil,
    note: ((String) -> Void)? = nil
  ) throws(SimError) -> Scenario {
    var tree = Scenario.default.json
    var baseDirectory: String?
    // What the file, the profiles and the flags give, without the defaults.
    var given: [JSONValue] = []
    if let bytes, let file {
      let overlay = try fileOverlay(bytes, file: file)
      tree = layer(overlay, over: tree)
      given.append(overlay)
      let slash = file.lastIndex(of: "/")
      baseDirectory = slash.map { String(file[..<$0]) } ?? "."
    }
    var profileLayers: [JSONValue] = []
    if let network = profiles.network { profileLayers.append(try NetworkProfiles.overlay(network)) }
    if let device = profiles.device { profileLayers.append(try DeviceProfiles.lookup(device).json) }
    for overlay in profileLayers + overlays { tree = layer(overlay, over: tree) }
    given.append(contentsOf: profileLayers + overlays)
    var later = overlays
    let beforeOverrides = tree
    for override in overrides {
      guard let patch = overridePatch(override) else {
        throw SimError(.usage, "--set \(override): expected path=value, e.g. feed.pageSize=10")
      }
      given.append(patch)
      later.append(patch)
      tree = layer(patch, over: tree)
    }
    tree = lognormalFiguresSetReplacingTheirPair(tree, overrides: overrides)
    tree = initialItemsFollowingPageSize(tree, given: given)
    do throws(SimError) {
      let mix = profiles.network != nil || fixesNetwork ? nil : runsOver
      var scenario = try decode(tree, baseDirectory: baseDirectory, runsOver: mix)
      if let note { scenario.endToEndNotes().forEach(note) }
      scenario.sessions = SessionLayering(
        fixesDevice: profiles.device != nil, fixesNetwork: profiles.network != nil || fixesNetwork, later: later,
        baseDirectory: baseDirectory)
      scenario.sessions.fixedPlatform = try profiles.device.map { name throws(SimError) in
        try DeviceProfiles.lookup(name).platform
      }
      return scenario
    } catch {
      throw blame(
        error, overrides: overrides, beforeOverrides: beforeOverrides, baseDirectory: baseDirectory, file: file)
    }
  }

  /// A scenario file's JSON, its `format` and `version` checked where given; errors name `file`.
  private static func fileOverlay(_ bytes: [UInt8], file: String) throws(SimError) -> JSONValue {
    do throws(SimError) {
      let overlay = try JSONParser.parse(bytes)
      let cursor = JSONCursor(overlay)
      _ = try cursor.object()
      if cursor["format"].exists {
        let format = try cursor["format"].string()
        guard format == formatName else {
          throw cursor["format"].fail("expected \"\(formatName)\", found \"\(format)\"")
        }
      }
      if cursor["version"].exists {
        let version = try cursor["version"].int()
        guard version == formatVersion else {
          throw cursor["version"].fail(
            "unsupported version \(version); this scrollsim reads scenario version \(formatVersion)")
        }
      }
      return overlay
    } catch {
      throw error.inFile(file)
    }
  }

  /// Who a refused scenario's `error` is put to: the `--set` that gave the value, the flags when
  /// the scenario without them decodes, else the file (or none: the defaults and profiles).
  private static func blame(
    _ error: SimError, overrides: [String], beforeOverrides: JSONValue, baseDirectory: String?, file: String?
  ) -> SimError {
    if let override = overrideSetting(error.path, among: overrides) {
      // The value came from the command line: name the option, not a file it never was in.
      var usage = error
      usage.kind = .usage
      usage.file = "--set \(override)"
      return usage
    }
    if !overrides.isEmpty, (try? decode(beforeOverrides, baseDirectory: baseDirectory)) != nil {
      // A field the flags did not touch, refused only with them: they are what to change.
      var usage = error
      usage.kind = .usage
      usage.file = overrides.map { "--set \($0)" }.joined(separator: " ")
      return usage
    }
    return file.map { error.inFile($0) } ?? error
  }

  /// A lognormal's figures set by `--set` (`…latency.median=0.35`, `…latency.p90=1.2`) replace
  /// the pair below them rather than join it: two set are the whole distribution; one set keeps
  /// the median below (or, a median set, the other figure below), so `--set …p90=1.2` over the
  /// default's median and p95 is median and p90.
  static func lognormalFiguresSetReplacingTheirPair(_ tree: JSONValue, overrides: [String]) -> JSONValue {
    var setFigures: [(path: [String], figures: [String])] = []
    for override in overrides {
      guard let (key, _) = splitKeyValue(override) else { continue }
      var parts = key.split(separator: ".").map(String.init)
      guard let last = parts.last, LognormalFit.fields.contains(last) else { continue }
      parts.removeLast()
      if let index = setFigures.firstIndex(where: { $0.path == parts }) {
        if !setFigures[index].figures.contains(last) { setFigures[index].figures.append(last) }
      } else {
        setFigures.append((parts, [last]))
      }
    }
    var tree = tree
    for (path, set) in setFigures {
      tree = tree.editing(path) { distribution in
        guard case .object(let members) = distribution,
          members.contains(where: { $0 == ("kind", .string("lognormal")) })
        else { return distribution }
        let present = LognormalFit.fields.filter { name in members.contains { $0.0 == name } }
        guard present.count > 2 else { return distribution }
        var kept = set
        if kept.count == 1 {
          let other = kept[0] == "median" ? present.first { $0 != "median" } : present.first { $0 == "median" }
          if let other { kept.append(other) }
        }
        return .object(members.filter { !LognormalFit.fields.contains($0.0) || kept.contains($0.0) })
      }
    }
    return tree
  }

  /// A feed whose page size a layer sets, and whose first items none does, starts with as many
  /// pages as the default (one): `--set feed.pageSize=15` alone loads 15 rows first, not the
  /// default's 20, which would not be a whole number of pages.
  static func initialItemsFollowingPageSize(_ tree: JSONValue, given: [JSONValue]) -> JSONValue {
    let sets = { (key: String) in given.contains { JSONCursor($0)["feed"][key].exists } }
    guard sets("pageSize"), !sets("initialItems"),
      let pageSize = JSONCursor(tree)["feed"]["pageSize"].value?.double, pageSize >= 1
    else { return tree }
    let pages = Double(Scenario.default.feed.initialItems / Scenario.default.feed.pageSize)
    return layer(.object([("feed", .object([("initialItems", .number(pageSize * pages))]))]), over: tree)
  }

  /// `--set key.path=value` as the JSON it lays over the scenario (`{"key": {"path": value}}`;
  /// the value parsed as JSON when it can be, else a string), or nil without `=`.
  package static func overridePatch(_ override: String) -> JSONValue? {
    guard let (key, text) = splitKeyValue(override) else { return nil }
    var patch = (try? JSONParser.parse(text)) ?? .string(text)
    for part in key.split(separator: ".").reversed() { patch = .object([(String(part), patch)]) }
    return patch
  }

  /// The last `--set` whose path is `path` or holds it (`$.network.content` holds
  /// `$.network.content.latency.median`), or nil: which override put a refused value there.
  static func overrideSetting(_ path: String?, among overrides: [String]) -> String? {
    guard let path else { return nil }
    return overrides.last { override in
      guard let (key, _) = splitKeyValue(override) else { return false }
      let prefix = "$." + key
      return path == prefix || path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[")
    }
  }

  /// Decodes a scenario; fields missing from `value` keep their defaults. Each section has its
  /// decoder (`ScenarioSections.swift`).
  /// A latency given as measured is fitted over `runsOver` (`NetworkSpec.decode`).
  package static func decode(
    _ value: JSONValue, baseDirectory: String? = nil, runsOver: [NetworkShare]? = nil
  ) throws(SimError) -> Scenario {
    let root = JSONCursor(layer(value, over: Scenario.default.json))
    try root.rejectUnknownKeys([
      "format", "version", "list", "feed", "network", "cell", "cache", "display", "touch", "mainThread", "stall",
      "memory", "image",
    ])
    return Scenario(
      list: try ListSpec.decode(root["list"], baseDirectory: baseDirectory),
      feed: try FeedSpec.decode(root["feed"]),
      network: try NetworkSpec.decode(root["network"], baseDirectory: baseDirectory, runsOver: runsOver),
      cell: try CellSpec.decode(root["cell"], baseDirectory: baseDirectory),
      cache: try CacheSpec.decode(root["cache"]),
      display: try DisplaySpec.decode(root["display"]), touch: try TouchSpec.decode(root["touch"]),
      mainThread: try MainThreadSpec.decode(root["mainThread"], baseDirectory: baseDirectory),
      stall: try StallSpec.decode(root["stall"]), memory: try MemorySpec.decode(root["memory"]),
      image: try ImageSpec.decode(root["image"], baseDirectory: baseDirectory))
  }

  /// The scenario as JSON, every field present (what `scrollsim scenario` prints).
  package var json: JSONValue {
    let height: JSONValue =
      switch list.heights {
      case .uniform(let h): .number(h)
      case .explicit(let hs): .array(hs.map { .number($0) })
      case .distribution(let d): d.json
      }
    func endpoint(_ e: EndpointSpec) -> JSONValue {
      .object([
        ("latency", e.latency.json), ("bytes", e.bytes.json), ("maxInFlight", .int(e.maxInFlight)),
        ("timeout", .number(e.timeout)), ("retries", .int(e.retries)), ("backoff", .number(e.backoff)),
        ("failureRate", .number(e.failureRate)),
      ])
    }
    return .object([
      ("format", .string(Self.formatName)), ("version", .int(Self.formatVersion)),
      (
        "list",
        .object([
          ("itemHeight", height), ("columns", .int(list.columns)),
          ("layout", .string(list.arrangementIsTheColumnsDefault ? "auto" : list.arrangement.rawValue)),
          ("rowGap", .number(list.rowGap)), ("columnGap", .number(list.columnGap)), ("padding", list.padding.json),
          ("itemWidth", list.itemWidth.map { .number($0) } ?? .string("column")),
          ("imageBox", list.imageBox?.json ?? .string("item")),
        ])
      ),
      (
        "feed",
        .object([
          ("kind", .string(feed.kind.rawValue)), ("pageSize", .int(feed.pageSize)),
          ("initialItems", .int(feed.initialItems)), ("totalItems", feed.totalItems.map { .int($0) } ?? .null),
        ])
      ),
      (
        "network",
        .object([
          ("link", network.link.json), ("page", endpoint(network.page)), ("content", endpoint(network.content)),
        ])
      ),
      (
        "cell",
        .object([
          ("content", .bool(cell.hasContent)), ("renderTime", cell.renderTime.json),
          ("renderWorkers", .int(cell.renderWorkers)),
        ])
      ),
      (
        "cache",
        .object([
          ("memory", cache.memory.map { .number($0) } ?? .string("platform")),
          ("disk", cache.disk.map { .number($0) } ?? .string("platform")), ("diskReadTime", cache.diskReadTime.json),
          ("start", .string(cache.start.rawValue)), ("warmRows", .int(cache.warmRows)),
        ])
      ),
      ("display", .object([("refreshRate", display.refreshRate.map { .int($0) } ?? .null)])),
      ("touch", .object([("iosMaxFlingVelocity", .number(touch.iosMaxFlingVelocity))])),
      (
        "mainThread",
        .object(
          mainThread.costFields + [
            ("bind", .string(mainThread.bind?.rawValue ?? "platform")),
            ("decode", .string(mainThread.decode?.rawValue ?? "platform")),
          ])
      ),
      ("stall", .object([("policy", .string(stall.policy.rawValue)), ("giveUpAfter", .number(stall.giveUpAfter))])),
      ("memory", memory.json),
      ("image", image.json),
    ])
  }
}

extension ImageSpec {
  /// The image section as JSON, every field present.
  var json: JSONValue {
    let decodeBand: JSONValue = decodeBand.map { .number($0) } ?? .string("platform")
    let aspect: JSONValue = aspect.map { .number($0) } ?? .string("row")
    let decodeWidth: JSONValue = decodeWidth.map { .number($0) } ?? .string("platform")
    return .object([
      ("sourceWidth", sourceWidth.json), ("bytesPerPixel", .number(bytesPerPixel)),
      ("decodeSize", .string(decodeSize?.rawValue ?? "platform")), ("decodeBand", decodeBand),
      ("aspect", aspect), ("decodeWidth", decodeWidth),
    ])
  }
}

extension Scenario {
  /// Whether a latency is given as measured with no mix of its own, so that it is fitted over
  /// the networks the runs use (`load(runsOver:)`).
  package var fitsToRuns: Bool {
    [network.page, network.content].contains { $0.measured.map { $0.over == nil } ?? false }
  }

  /// The mix runs make: each of `networks` alike when the command lists them (a sweep's or
  /// tune's `--networks`), else one share per session of each session's own (`sessionNetworks`:
  /// a trace's `networkProfile`, "scenario" for one that names none).
  package static func runsOver(networks: [String]?, sessionNetworks: [String]) -> [NetworkShare] {
    if let networks, !networks.isEmpty { return NetworkShare.counting(networks) }
    return NetworkShare.counting(sessionNetworks)
  }

  /// What a latency given as measured became: the links' share taken out, on the scenario's
  /// link or over the mix it was fitted over, and the server time left.
  func endToEndNotes() -> [String] {
    [("page", network.page), ("content", network.content)].compactMap { name, endpoint in
      guard let measured = endpoint.measured else { return nil }
      let what = measured.kind == .ttfb ? "time to first byte" : "end to end"
      let mix = measured.fittedOver
      if mix.count > 1 || mix.first.map({ $0.name != network.link.name }) == true {
        let source = measured.over == nil ? "the runs' networks" : "measuredOver"
        return
          "$.network.\(name).latency: \(what) over \(source) (\(MeasuredLatency.describe(mix.map { ($0.name, $0.share) }))), each network's share taken out so that the mix gives the figures: server time \(ScenarioExplanation.latency(endpoint.latency))"
      }
      let link = network.link
      let transfer = measured.kind == .ttfb ? 0 : EndToEndLatency.linkShare(link, bytes: endpoint.bytes) - link.latency
      return
        "$.network.\(name).latency: \(what) on \(link.name); the link's share taken out (\(NumberText.fixed(link.latency * 1000, 0)) ms of round trips + \(NumberText.fixed(transfer * 1000, 0)) ms for the median response): server time \(ScenarioExplanation.latency(endpoint.latency))"
    }
  }
}
