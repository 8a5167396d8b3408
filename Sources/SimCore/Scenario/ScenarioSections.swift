/// One decoder per section of a scenario file (`Scenario.decode` calls them in order): each
/// refuses unknown keys and out-of-range values by JSON path (`docs/scenario.md` has the fields).

extension ListSpec {
  static func decode(_ list: JSONCursor, baseDirectory: String?) throws(SimError) -> ListSpec {
    try list.rejectUnknownKeys([
      "itemHeight", "columns", "layout", "rowGap", "columnGap", "padding", "itemWidth", "imageBox",
    ])
    let columns = try list["columns"].int(in: 1...64)
    var arrangement: ListArrangement?
    if list["layout"].exists && list["layout"].value != .string("auto") {
      arrangement = ListArrangement(
        rawValue: try list["layout"].choice(["auto"] + ListArrangement.allCases.map(\.rawValue)))
      if arrangement == .list && columns > 1 {
        throw list["layout"].fail(
          "is one column, but columns is \(columns): give \"grid\" or \"waterfall\", or 1 column")
      }
    }
    var spec = ListSpec(
      heights: try heights(list["itemHeight"], baseDirectory: baseDirectory), columns: columns,
      arrangement: arrangement)
    func points(_ key: String) throws(SimError) -> Double {
      list[key].exists ? try list[key].measured(in: .points).double(in: 0...100_000) : 0
    }
    spec.rowGap = try points("rowGap")
    spec.columnGap = try points("columnGap")
    spec.padding = try Self.padding(list["padding"])
    if list["itemWidth"].exists && list["itemWidth"].value != .string("column") {
      spec.itemWidth = try list["itemWidth"].measured(in: .points).double(atLeast: 0, exclusive: true)
    }
    spec.imageBox = try Self.imageBox(list["imageBox"])
    return spec
  }

  /// One height for every row, a list of heights, or a distribution.
  private static func heights(_ height: JSONCursor, baseDirectory: String?) throws(SimError) -> ItemHeights {
    switch height.value {
    case .number?, .unsigned?: return .uniform(try height.double(atLeast: 0, exclusive: true))
    case .string?: return .uniform(try height.measured(in: .points).double(atLeast: 0, exclusive: true))
    case .array?:
      let items = try height.elements()
      guard !items.isEmpty else { throw height.fail("is empty; give at least one height") }
      var heights: [Double] = []
      for item in items { heights.append(try item.measured(in: .points).double(atLeast: 0, exclusive: true)) }
      return .explicit(heights)
    default:
      let distribution = try Distribution.decode(height, baseDirectory: baseDirectory, unit: .points)
      if case .fixed(let h) = distribution {
        guard h > 0 else { throw height.fail("item height must be greater than 0") }
      }
      return .distribution(distribution)
    }
  }
}

extension FeedSpec {
  static func decode(_ feed: JSONCursor) throws(SimError) -> FeedSpec {
    try feed.rejectUnknownKeys(["kind", "pageSize", "initialItems", "totalItems"])
    var spec = FeedSpec()
    spec.kind = FeedKind(rawValue: try feed["kind"].choice(FeedKind.allCases.map(\.rawValue)))!
    spec.pageSize = try feed["pageSize"].int(in: 1...100_000)
    spec.initialItems = try feed["initialItems"].int(in: 0...10_000_000)
    guard spec.initialItems % spec.pageSize == 0 else {
      throw feed["initialItems"].fail(
        "must be a multiple of pageSize (\(spec.pageSize)), found \(spec.initialItems)")
    }
    spec.totalItems = feed["totalItems"].exists ? try feed["totalItems"].int(in: 1...10_000_000) : nil
    if let total = spec.totalItems, total < spec.initialItems {
      throw feed["totalItems"].fail("must be at least initialItems (\(spec.initialItems)), found \(total)")
    }
    if spec.kind == .placeholder && spec.totalItems == nil {
      throw feed["totalItems"].fail("is required for a placeholder feed (its rows exist up front)")
    }
    return spec
  }
}

extension NetworkSpec {
  /// The network section; a latency given as measured (`latencyIs`) with no mix of its own is
  /// fitted over `runsOver` (the networks the runs use; "scenario" is this section's link),
  /// else over this link alone.
  static func decode(
    _ network: JSONCursor, baseDirectory: String?, runsOver: [NetworkShare]? = nil
  ) throws(SimError) -> NetworkSpec {
    try network.rejectUnknownKeys(["link", "page", "content"])
    let link = network["link"]
    try link.rejectUnknownKeys(["name", "latency", "downlinkMbps", "loss"])
    var spec = NetworkSpec()
    spec.link = LinkSpec(
      name: try link["name"].string(),
      latency: try link["latency"].measured(in: .seconds).double(in: 0...ScenarioLimits.seconds),
      downlinkMbps: link["downlinkMbps"].exists
        ? try link["downlinkMbps"].double(in: ScenarioLimits.downlinkMbps) : nil,
      loss: try Scenario.probability(link["loss"]))
    let mix = try runsOver.map { shares throws(SimError) in try EndpointSpec.links(shares, own: spec.link) }
    spec.page = try EndpointSpec.decode(network["page"], link: spec.link, runsOver: mix, baseDirectory: baseDirectory)
    spec.content = try EndpointSpec.decode(
      network["content"], link: spec.link, runsOver: mix, baseDirectory: baseDirectory)
    return spec
  }
}

extension EndpointSpec {
  /// Each network of a mix with its link: a named profile's, "scenario" the scenario's own.
  static func links(_ shares: [NetworkShare], own: LinkSpec) throws(SimError) -> [(link: LinkSpec, share: Double)] {
    var links: [(link: LinkSpec, share: Double)] = []
    for share in shares {
      links.append((share.name == Trace.ownProfile ? own : try NetworkProfiles.lookup(share.name), share.share))
    }
    return links
  }

  /// An endpoint over `link`: a latency given as measured (`latencyIs` `end-to-end` or `ttfb`)
  /// becomes server time, over the mix the file names (`measuredOver`), else `runsOver`, else
  /// `link` alone (`MeasuredLatency`).
  static func decode(
    _ cursor: JSONCursor, link: LinkSpec, runsOver: [(link: LinkSpec, share: Double)]? = nil,
    baseDirectory: String?
  ) throws(SimError) -> EndpointSpec {
    try cursor.rejectUnknownKeys([
      "latency", "latencyIs", "measuredOver", "bytes", "maxInFlight", "timeout", "retries", "backoff", "failureRate",
    ])
    let bytes = try Distribution.decode(
      cursor["bytes"], baseDirectory: baseDirectory, maximum: ScenarioLimits.bytes, unit: .bytes)
    var kind: MeasuredLatency.Kind?
    if cursor["latencyIs"].exists {
      let choice = try cursor["latencyIs"].choice(EndToEndLatency.choices)
      kind = MeasuredLatency.Kind(rawValue: choice)
    }
    let latencyCursor = cursor["latency"]
    var latency = try Distribution.decode(
      latencyCursor, baseDirectory: baseDirectory, maximum: ScenarioLimits.seconds, unit: .seconds)
    var measured: MeasuredLatency?
    if let kind {
      var figures: [MeasuredLatency.Figure] = []
      if case .lognormal = latency {
        for name in LognormalFit.fields where latencyCursor[name].exists {
          figures.append(.init(name: name, value: try latencyCursor[name].measured(in: .seconds).double()))
        }
      }
      let over = try Self.measuredOver(cursor["measuredOver"])
      let mix = try over.map { shares throws(SimError) in try Self.links(shares, own: link) } ?? runsOver ?? [(link, 1)]
      measured = MeasuredLatency(
        kind: kind, given: latency, figures: figures, over: over,
        fittedOver: mix.map { NetworkShare(name: $0.link.name, share: $0.share) })
      latency = try measured!.serverTime(over: mix, bytes: bytes, at: latencyCursor)
    } else if cursor["measuredOver"].exists {
      throw cursor["measuredOver"].fail("says what a measured latency's figures cover: give latencyIs too")
    }
    return EndpointSpec(
      latency: latency,
      bytes: bytes,
      maxInFlight: try cursor["maxInFlight"].int(in: 1...1000),
      timeout: try cursor["timeout"].measured(in: .seconds).double(in: ScenarioLimits.timeout),
      retries: try cursor["retries"].int(in: 0...20),
      backoff: try cursor["backoff"].measured(in: .seconds).double(in: 0...ScenarioLimits.seconds),
      failureRate: try Scenario.probability(cursor["failureRate"]), measured: measured)
  }

  /// `measuredOver`: `{"wifi": 0.58, "4g": 0.37, "3g": 0.05}`, network profiles and their shares
  /// of the users measured (above 0, summing to 1 within 0.01, scaled to 1), or nil if absent.
  static func measuredOver(_ cursor: JSONCursor) throws(SimError) -> [NetworkShare]? {
    guard cursor.exists else { return nil }
    guard case .object(let members)? = cursor.value, !members.isEmpty else {
      throw cursor.fail("expected an object of network profiles and their shares, e.g. {\"wifi\": 0.6, \"4g\": 0.4}")
    }
    var shares: [NetworkShare] = []
    for (name, _) in members {
      guard NetworkProfiles.named(name) != nil else {
        throw cursor[name].fail(
          "unknown network profile \"\(name)\"\(NameSuggestion.hint(for: name, among: NetworkProfiles.names)); known: \(NetworkProfiles.names.joined(separator: ", "))"
        )
      }
      let share = try cursor[name].double(in: 0...1)
      guard share > 0 else { throw cursor[name].fail("must be above 0 (leave the network out instead)") }
      shares.append(NetworkShare(name: name, share: share))
    }
    let total = shares.reduce(0) { $0 + $1.share }
    guard abs(total - 1) <= 0.01 else {
      throw cursor.fail("the shares sum to \(JSONWriter.number(total)), not 1")
    }
    return shares.map { NetworkShare(name: $0.name, share: $0.share / total) }
  }
}

extension CellSpec {
  static func decode(_ cell: JSONCursor, baseDirectory: String?) throws(SimError) -> CellSpec {
    try cell.rejectUnknownKeys(["content", "renderTime", "renderWorkers"])
    return CellSpec(
      hasContent: try cell["content"].bool(),
      renderTime: try Distribution.decode(
        cell["renderTime"], baseDirectory: baseDirectory, maximum: ScenarioLimits.seconds, unit: .seconds),
      renderWorkers: try cell["renderWorkers"].int(in: 1...64))
  }
}

extension CacheSpec {
  static func decode(_ cache: JSONCursor) throws(SimError) -> CacheSpec {
    try cache.rejectUnknownKeys(["capacity", "memory", "disk", "diskReadTime", "start", "warmRows"])
    var memory = try Scenario.bytesOrPlatform(cache["memory"])
    var disk = try Scenario.bytesOrPlatform(cache["disk"])
    // A scenario from before the tiers (issue 45) had one cache, `capacity`: it is the memory
    // tier, with no disk tier unless one is given.
    if cache["capacity"].exists {
      guard memory == nil else {
        throw cache["capacity"].fail("is the old name of cache.memory; give one of them, not both")
      }
      memory = try cache["capacity"].double(in: 0...ScenarioLimits.bytes)
      disk = disk ?? 0
    }
    return CacheSpec(
      memory: memory, disk: disk,
      diskReadTime: try Distribution.decode(
        cache["diskReadTime"], baseDirectory: nil, maximum: ScenarioLimits.seconds, unit: .seconds),
      start: CacheStart(rawValue: try cache["start"].choice(CacheStart.allCases.map(\.rawValue)))!,
      warmRows: try cache["warmRows"].int(in: 0...100_000))
  }
}

extension MemorySpec {
  static func decode(_ memory: JSONCursor) throws(SimError) -> MemorySpec {
    try memory.rejectUnknownKeys(["deviceMB", "limitMB", "warningMB", "memoryClassMB", "baselineMB", "rowKB"])
    let megabytes = 0...ScenarioLimits.bytes / MemoryUnits.mb
    let spec = MemorySpec(
      deviceMB: try memory["deviceMB"].measured(in: .megabytes).double(in: megabytes),
      limitMB: memory["limitMB"].exists ? try memory["limitMB"].measured(in: .megabytes).double(in: megabytes) : nil,
      warningMB: memory["warningMB"].exists
        ? try memory["warningMB"].measured(in: .megabytes).double(in: megabytes) : nil,
      memoryClassMB: try memory["memoryClassMB"].measured(in: .megabytes).double(in: megabytes),
      baselineMB: try memory["baselineMB"].measured(in: .megabytes).double(in: megabytes),
      rowKB: try memory["rowKB"].double(in: 0...ScenarioLimits.bytes / 1024))
    if let limit = spec.limitMB, limit <= spec.baselineMB {
      throw memory["limitMB"].fail(
        "must be above baselineMB (\(JSONWriter.number(spec.baselineMB))), found \(JSONWriter.number(limit)): the app would be killed before its list shows"
      )
    }
    return spec
  }
}

extension ImageSpec {
  static func decode(_ image: JSONCursor, baseDirectory: String?) throws(SimError) -> ImageSpec {
    try image.rejectUnknownKeys(["sourceWidth", "bytesPerPixel", "decodeSize", "decodeBand", "aspect", "decodeWidth"])
    let width = try Distribution.decode(
      image["sourceWidth"], baseDirectory: baseDirectory, maximum: 1_000_000, unit: .pixels)
    if case .fixed(let w) = width, w < 1 {
      throw image["sourceWidth"].fail("must be at least 1 px, found \(JSONWriter.number(w))")
    }
    return ImageSpec(
      sourceWidth: width, bytesPerPixel: try image["bytesPerPixel"].double(in: 0.125...16),
      decodeSize: try Scenario.placement(image["decodeSize"], DecodeSize.self),
      decodeBand: try Scenario.distanceOrPlatform(image["decodeBand"]),
      aspect: image["aspect"].exists && image["aspect"].value != .string("row")
        ? try ImageSpec.aspect(image["aspect"]) : nil,
      decodeWidth: image["decodeWidth"].exists && image["decodeWidth"].value != .string("platform")
        ? try image["decodeWidth"].measured(in: .pixels).double(atLeast: 1) : nil)
  }
}

extension TouchSpec {
  /// The range a release cap may take (pt/s): a finger makes 100–20,000.
  package static let flingVelocityRange = 100.0...100_000.0

  static func decode(_ touch: JSONCursor) throws(SimError) -> TouchSpec {
    try touch.rejectUnknownKeys(["iosMaxFlingVelocity"])
    return TouchSpec(iosMaxFlingVelocity: try touch["iosMaxFlingVelocity"].double(in: flingVelocityRange))
  }
}

extension DisplaySpec {
  static func decode(_ display: JSONCursor) throws(SimError) -> DisplaySpec {
    try display.rejectUnknownKeys(["refreshRate"])
    return DisplaySpec(refreshRate: display["refreshRate"].exists ? try display["refreshRate"].int(in: 1...480) : nil)
  }
}

extension MainThreadSpec {
  static func decode(_ main: JSONCursor, baseDirectory: String?) throws(SimError) -> MainThreadSpec {
    try main.rejectUnknownKeys([
      "frameTime", "inputTime", "bindTime", "layoutPageTime", "layoutRowTime", "bind", "decode",
    ])
    var spec = MainThreadSpec()
    spec.frameTime = try main["frameTime"].measured(in: .seconds).double(in: 0...ScenarioLimits.seconds)
    spec.inputTime = try main["inputTime"].measured(in: .seconds).double(in: 0...ScenarioLimits.seconds)
    spec.bindTime = try Distribution.decode(
      main["bindTime"], baseDirectory: baseDirectory, maximum: ScenarioLimits.seconds, unit: .seconds)
    spec.layoutPageTime = try main["layoutPageTime"].measured(in: .seconds).double(in: 0...ScenarioLimits.seconds)
    spec.layoutRowTime = try main["layoutRowTime"].measured(in: .seconds).double(in: 0...ScenarioLimits.seconds)
    spec.bind = try Scenario.placement(main["bind"], RowThreading.Bind.self)
    spec.decode = try Scenario.placement(main["decode"], RowThreading.Decode.self)
    return spec
  }
}

extension StallSpec {
  static func decode(_ stall: JSONCursor) throws(SimError) -> StallSpec {
    try stall.rejectUnknownKeys(["policy", "giveUpAfter"])
    return StallSpec(
      policy: StallPolicy(rawValue: try stall["policy"].choice(StallPolicy.allCases.map(\.rawValue)))!,
      giveUpAfter: try stall["giveUpAfter"].measured(in: .seconds).double(in: ScenarioLimits.giveUpAfter))
  }
}

extension Scenario {
  /// A placement: absent, null or "platform" keep the strategy's.
  static func placement<Choice: RawRepresentable & CaseIterable>(
    _ cursor: JSONCursor, _ type: Choice.Type
  ) throws(SimError) -> Choice? where Choice.RawValue == String {
    guard cursor.exists else { return nil }
    let name = try cursor.choice(["platform"] + Choice.allCases.map(\.rawValue))
    return Choice(rawValue: name)
  }

  /// A distance in screen px, or absent, null or "platform" for the platform's own.
  static func distanceOrPlatform(_ cursor: JSONCursor) throws(SimError) -> Double? {
    guard cursor.exists, cursor.value != .string("platform") else { return nil }
    return try cursor.double(in: 0...1e9)
  }

  /// A byte count, or absent, null or "platform" for the library's default.
  static func bytesOrPlatform(_ cursor: JSONCursor) throws(SimError) -> Double? {
    guard cursor.exists, cursor.value != .string("platform") else { return nil }
    return try cursor.measured(in: .bytes).double(in: 0...ScenarioLimits.bytes)
  }

  static func probability(_ cursor: JSONCursor) throws(SimError) -> Double {
    let value = try cursor.double(atLeast: 0)
    guard value <= 1 else { throw cursor.fail("must be a probability in 0...1, found \(JSONWriter.number(value))") }
    return value
  }
}
