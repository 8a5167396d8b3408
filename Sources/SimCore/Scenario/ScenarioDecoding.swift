/// Reads a scenario from JSON layered over the defaults: the default scenario as JSON, then a
/// scenario file, then `--set path=value` flags, decoded once so that every error names the
/// field (`docs/scenario.md`).
extension Scenario {
  public static let formatName = "scrollsim-scenario"
  /// The version `scrollsim scenario` writes; a file may leave it out (scenarios before 0.2
  /// had none), and any other is refused.
  public static let formatVersion = 1

  /// Layers `overlay` over `tree`; a distribution of another kind replaces the old one whole (a
  /// lognormal's `median` must not survive into a uniform).
  static func layer(_ overlay: JSONValue, over tree: JSONValue) -> JSONValue {
    tree.merging(overlay) { base, top in
      guard case .string(let kind)? = top.first(where: { $0.0 == "kind" })?.1, Distribution.kinds.contains(kind) else {
        return false
      }
      return base.first(where: { $0.0 == "kind" })?.1 != .string(kind)
    }
  }

  /// This scenario over network profile `name` (`NetworkProfiles.overlay`), as a sweep crosses
  /// its `--networks`.
  public func onNetwork(_ name: String) throws(SimError) -> Scenario {
    try Self.decode(Self.layer(NetworkProfiles.overlay(name), over: json))
  }

  /// Builds a scenario: the defaults, then `file` (if any), then `overlays` (network and device
  /// profiles, HAR-derived distributions), then each `key.path=value` override.
  public static func load(file: String?, overlays: [JSONValue] = [], overrides: [String] = []) throws(SimError)
    -> Scenario
  {
    var bytes: [UInt8]?
    if let file {
      do throws(SimError) { bytes = try AtomicFile.read(file) } catch { throw error.inFile(file) }
    }
    return try load(bytes: bytes, file: file, overlays: overlays, overrides: overrides)
  }

  /// `load` on a scenario file's bytes already read; `file` names it in messages and resolves
  /// relative paths inside it.
  public static func load(
    bytes: [UInt8]?, file: String?, overlays: [JSONValue] = [], overrides: [String] = []
  ) throws(SimError) -> Scenario {
    var tree = Scenario.default.json
    var baseDirectory: String?
    if let bytes, let file {
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
        tree = layer(overlay, over: tree)
      } catch {
        throw error.inFile(file)
      }
      let slash = file.lastIndex(of: "/")
      baseDirectory = slash.map { String(file[..<$0]) } ?? "."
    }
    for overlay in overlays { tree = layer(overlay, over: tree) }
    for override in overrides {
      guard let (key, text) = splitKeyValue(override) else {
        throw SimError(.usage, "--set \(override): expected path=value, e.g. feed.pageSize=10")
      }
      let path = key.split(separator: ".").map(String.init)
      let value = (try? JSONParser.parse(text)) ?? .string(text)
      var patch = value
      for key in path.reversed() { patch = .object([(key, patch)]) }
      tree = layer(patch, over: tree)
    }
    do throws(SimError) {
      return try decode(tree, baseDirectory: baseDirectory)
    } catch {
      throw file.map { error.inFile($0) } ?? error
    }
  }

  /// Decodes a scenario; fields missing from `value` keep their defaults.
  public static func decode(_ value: JSONValue, baseDirectory: String? = nil) throws(SimError) -> Scenario {
    let root = JSONCursor(layer(value, over: Scenario.default.json))
    try root.rejectUnknownKeys([
      "format", "version", "list", "feed", "network", "cell", "cache", "display", "mainThread", "stall",
    ])
    var scenario = Scenario()

    let list = root["list"]
    try list.rejectUnknownKeys(["itemHeight", "columns"])
    let height = list["itemHeight"]
    switch height.value {
    case .number?, .unsigned?: scenario.list.heights = .uniform(try height.double(atLeast: 0, exclusive: true))
    case .array?:
      let items = try height.elements()
      guard !items.isEmpty else { throw height.fail("is empty; give at least one height") }
      var heights: [Double] = []
      for item in items { heights.append(try item.double(atLeast: 0, exclusive: true)) }
      scenario.list.heights = .explicit(heights)
    default:
      let distribution = try Distribution.decode(height, baseDirectory: baseDirectory)
      if case .fixed(let h) = distribution {
        guard h > 0 else { throw height.fail("item height must be greater than 0") }
      }
      scenario.list.heights = .distribution(distribution)
    }
    scenario.list.columns = try list["columns"].int(in: 1...64)

    let feed = root["feed"]
    try feed.rejectUnknownKeys(["kind", "pageSize", "initialItems", "totalItems"])
    scenario.feed.kind = FeedKind(rawValue: try feed["kind"].choice(FeedKind.allCases.map(\.rawValue)))!
    scenario.feed.pageSize = try feed["pageSize"].int(in: 1...100_000)
    scenario.feed.initialItems = try feed["initialItems"].int(in: 0...10_000_000)
    guard scenario.feed.initialItems % scenario.feed.pageSize == 0 else {
      throw feed["initialItems"].fail(
        "must be a multiple of pageSize (\(scenario.feed.pageSize)), found \(scenario.feed.initialItems)")
    }
    scenario.feed.totalItems = feed["totalItems"].exists ? try feed["totalItems"].int(in: 1...10_000_000) : nil
    if let total = scenario.feed.totalItems, total < scenario.feed.initialItems {
      throw feed["totalItems"].fail("must be at least initialItems (\(scenario.feed.initialItems)), found \(total)")
    }
    if scenario.feed.kind == .placeholder && scenario.feed.totalItems == nil {
      throw feed["totalItems"].fail("is required for a placeholder feed (its rows exist up front)")
    }

    let network = root["network"]
    try network.rejectUnknownKeys(["link", "page", "content"])
    let link = network["link"]
    try link.rejectUnknownKeys(["name", "latency", "downlinkMbps", "loss"])
    scenario.network.link = LinkSpec(
      name: try link["name"].string(), latency: try link["latency"].double(in: 0...ScenarioLimits.seconds),
      downlinkMbps: link["downlinkMbps"].exists
        ? try link["downlinkMbps"].double(in: ScenarioLimits.downlinkMbps) : nil,
      loss: try probability(link["loss"]))
    scenario.network.page = try decodeEndpoint(network["page"], baseDirectory: baseDirectory)
    scenario.network.content = try decodeEndpoint(network["content"], baseDirectory: baseDirectory)

    let cell = root["cell"]
    try cell.rejectUnknownKeys(["content", "renderTime", "renderWorkers"])
    scenario.cell.hasContent = try cell["content"].bool()
    scenario.cell.renderTime = try Distribution.decode(
      cell["renderTime"], baseDirectory: baseDirectory, maximum: ScenarioLimits.seconds)
    scenario.cell.renderWorkers = try cell["renderWorkers"].int(in: 1...64)

    let cache = root["cache"]
    try cache.rejectUnknownKeys(["capacity"])
    scenario.cache.capacity = try cache["capacity"].double(in: 0...ScenarioLimits.bytes)

    let display = root["display"]
    try display.rejectUnknownKeys(["refreshRate"])
    scenario.display.refreshRate = display["refreshRate"].exists ? try display["refreshRate"].int(in: 1...480) : nil

    let main = root["mainThread"]
    try main.rejectUnknownKeys([
      "frameTime", "inputTime", "bindTime", "layoutPageTime", "layoutRowTime", "bind", "decode",
    ])
    scenario.mainThread.frameTime = try main["frameTime"].double(in: 0...ScenarioLimits.seconds)
    scenario.mainThread.inputTime = try main["inputTime"].double(in: 0...ScenarioLimits.seconds)
    scenario.mainThread.bindTime = try Distribution.decode(
      main["bindTime"], baseDirectory: baseDirectory, maximum: ScenarioLimits.seconds)
    scenario.mainThread.layoutPageTime = try main["layoutPageTime"].double(in: 0...ScenarioLimits.seconds)
    scenario.mainThread.layoutRowTime = try main["layoutRowTime"].double(in: 0...ScenarioLimits.seconds)
    scenario.mainThread.bind = try placement(main["bind"], RowThreading.Bind.self)
    scenario.mainThread.decode = try placement(main["decode"], RowThreading.Decode.self)

    let stall = root["stall"]
    try stall.rejectUnknownKeys(["policy", "giveUpAfter"])
    scenario.stall.policy = StallPolicy(rawValue: try stall["policy"].choice(StallPolicy.allCases.map(\.rawValue)))!
    scenario.stall.giveUpAfter = try stall["giveUpAfter"].double(in: ScenarioLimits.giveUpAfter)
    return scenario
  }

  private static func decodeEndpoint(_ cursor: JSONCursor, baseDirectory: String?) throws(SimError) -> EndpointSpec {
    try cursor.rejectUnknownKeys(["latency", "bytes", "maxInFlight", "timeout", "retries", "backoff", "failureRate"])
    return EndpointSpec(
      latency: try Distribution.decode(
        cursor["latency"], baseDirectory: baseDirectory, maximum: ScenarioLimits.seconds),
      bytes: try Distribution.decode(cursor["bytes"], baseDirectory: baseDirectory, maximum: ScenarioLimits.bytes),
      maxInFlight: try cursor["maxInFlight"].int(in: 1...1000),
      timeout: try cursor["timeout"].double(in: ScenarioLimits.timeout),
      retries: try cursor["retries"].int(in: 0...20),
      backoff: try cursor["backoff"].double(in: 0...ScenarioLimits.seconds),
      failureRate: try probability(cursor["failureRate"]))
  }

  /// A placement: absent, null or "platform" keep the strategy's.
  private static func placement<Choice: RawRepresentable & CaseIterable>(
    _ cursor: JSONCursor, _ type: Choice.Type
  ) throws(SimError) -> Choice? where Choice.RawValue == String {
    guard cursor.exists else { return nil }
    let name = try cursor.choice(["platform"] + Choice.allCases.map(\.rawValue))
    return Choice(rawValue: name)
  }

  private static func probability(_ cursor: JSONCursor) throws(SimError) -> Double {
    let value = try cursor.double(atLeast: 0)
    guard value <= 1 else { throw cursor.fail("must be a probability in 0...1, found \(JSONWriter.number(value))") }
    return value
  }

  /// The scenario as JSON, every field present (what `scrollsim scenario` prints).
  public var json: JSONValue {
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
      ("list", .object([("itemHeight", height), ("columns", .int(list.columns))])),
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
      ("cache", .object([("capacity", .number(cache.capacity))])),
      ("display", .object([("refreshRate", display.refreshRate.map { .int($0) } ?? .null)])),
      (
        "mainThread",
        .object(
          mainThread.costFields + [
            ("bind", .string(mainThread.bind?.rawValue ?? "platform")),
            ("decode", .string(mainThread.decode?.rawValue ?? "platform")),
          ])
      ),
      ("stall", .object([("policy", .string(stall.policy.rawValue)), ("giveUpAfter", .number(stall.giveUpAfter))])),
    ])
  }
}

/// The ranges of a scenario's numbers (`docs/scenario.md`): every time fits the engine's integer
/// nanoseconds with room to add, and no transfer is so fast or slow that time cannot advance.
public enum ScenarioLimits {
  /// Latencies, render costs, backoffs, a link's latency: at most an hour (s).
  public static let seconds = 3600.0
  /// A request's timeout: above 0, at most an hour (s).
  public static let timeout: ClosedRange<Double> = 1e-6...3600
  /// Giving up at the end of the list: above 0, at most a day (s).
  public static let giveUpAfter: ClosedRange<Double> = 1e-6...86_400
  /// Sizes and the cache's capacity: at most 10 GB.
  public static let bytes = 1e10
  /// A link's downlink: 1 kbit/s to 1 Tbit/s.
  public static let downlinkMbps: ClosedRange<Double> = 1e-3...1e6
}
