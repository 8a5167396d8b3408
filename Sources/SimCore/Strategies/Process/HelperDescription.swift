/// What a helper process says about its strategy in the handshake (`docs/protocol.md`,
/// `schemas/protocol/strategy.schema.json`): name, role, parameters, the callbacks it wants and
/// the platform its rows live on. Read once per command; every helper started later for the
/// same command must say the same.
struct HelperDescription: Equatable {
  /// The protocol version this scrollsim speaks; a helper answers with the one it speaks.
  static let protocolVersion = 2

  var info: StrategyInfo
  /// Callbacks the helper decides on; the others are not sent (their changes go with the next).
  var events: Set<HelperEvent>
  var keepsOffscreenCells: Bool
  var prioritiesFromLayouts: Bool
  var threading: RowThreading
  /// What its rows are laid out in (`platform.layout`).
  var layoutUnits: LayoutUnits
  var memoryPolicyName: String
  /// Where its images wait for a connection (`platform.queue`).
  var contentQueue: ContentQueue
  /// The handshake as received, to compare with a later helper's.
  var raw: JSONValue

  static func == (lhs: HelperDescription, rhs: HelperDescription) -> Bool { lhs.raw == rhs.raw }

  var memoryPolicy: MemoryPolicy { Self.memoryPolicies.first { $0.name == memoryPolicyName }!.policy }

  /// The image libraries a helper can say its rows live with (`platform.memory`).
  static let memoryPolicies: [(name: String, policy: MemoryPolicy)] = [
    ("sdwebimage", .sdWebImage), ("glide", .glide), ("fresco", .fresco), ("flutter", .flutter),
    ("flashlist", .flashList), ("coil", .coil), ("chromium", .chromium), ("browser", .otherBrowsers),
  ]

  /// Reads a handshake reply; errors name the field (`$.parameters[1].max`).
  init(reply: JSONValue, reservedNames: Set<String>) throws(SimError) {
    let root = JSONCursor(reply)
    try root.rejectUnknownKeys([
      "type", "protocol", "name", "summary", "origin", "role", "partner", "parameters", "events", "platform",
    ])
    guard try root["type"].string() == "strategy" else {
      throw root["type"].fail("expected \"strategy\" (the handshake's answer)")
    }
    let version = try root["protocol"].int()
    guard version == Self.protocolVersion else {
      throw root["protocol"].fail(
        "the helper speaks protocol \(version); this scrollsim speaks \(Self.protocolVersion) (docs/protocol.md)")
    }
    let name = try Self.name(root["name"], reservedNames: reservedNames)
    let (role, partner) = try Self.role(root, reservedNames: reservedNames)
    let parameters = try Self.parameters(root["parameters"])
    events = try Self.events(root["events"])
    let platform = try Self.platform(root["platform"])
    info = StrategyInfo(
      name: name, summary: root["summary"].exists ? try root["summary"].string() : "a helper process's strategy",
      origin: root["origin"].exists ? try root["origin"].string() : "a helper process", parameters: parameters,
      platform: .custom, role: role, partner: partner)
    keepsOffscreenCells = platform.keepsOffscreenCells
    prioritiesFromLayouts = platform.prioritiesFromLayouts
    threading = platform.threading
    layoutUnits = platform.layout
    memoryPolicyName = platform.memory
    contentQueue = platform.queue
    raw = reply
  }

  /// `name`: it names rows and `--param` scopes, so no built-in's name and nothing a shell or a
  /// CSV column would trip on.
  private static func name(_ cursor: JSONCursor, reservedNames: Set<String>) throws(SimError) -> String {
    let name = try cursor.string()
    guard !name.isEmpty, name.count <= 64,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw cursor.fail("\"\(name)\": a name is 1 to 64 letters, digits, - and _ (it names rows and --param scopes)")
    }
    guard !reservedNames.contains(name) else {
      throw cursor.fail("\"\(name)\" is a built-in strategy's name; the helper must call itself something else")
    }
    return name
  }

  /// `role` and `partner`: a helper deciding only pages or only content names the built-in that
  /// decides the rest.
  private static func role(_ root: JSONCursor, reservedNames: Set<String>) throws(SimError) -> (
    StrategyRole, String?
  ) {
    let roleText = root["role"].exists ? try root["role"].string() : "both"
    guard let role = StrategyRole(rawValue: roleText) else {
      throw root["role"].fail("\"\(roleText)\": expected pages, content or both")
    }
    let partner = root["partner"].exists ? try root["partner"].string() : nil
    if role != .both && partner == nil {
      throw root["partner"].fail(
        "a strategy that decides only \(role.rawValue) names the built-in that decides the rest (e.g. \(role == .pages ? "gapworker" : "paging3"))"
      )
    }
    if let partner, !reservedNames.isEmpty, !reservedNames.contains(partner) {
      throw root["partner"].fail("\"\(partner)\" is not a built-in strategy (scrollsim strategies lists them)")
    }
    if role == .both && partner != nil {
      throw root["partner"].fail("a strategy that decides pages and content has no partner")
    }
    return (role, partner)
  }

  /// `parameters`: each declared once.
  private static func parameters(_ cursor: JSONCursor) throws(SimError) -> [ParameterInfo] {
    var parameters: [ParameterInfo] = []
    guard cursor.exists else { return parameters }
    for element in try cursor.elements() {
      let parameter = try Self.parameter(element)
      guard !parameters.contains(where: { $0.name == parameter.name }) else {
        throw element["name"].fail("\"\(parameter.name)\" is declared twice")
      }
      parameters.append(parameter)
    }
    return parameters
  }

  /// `events`: the callbacks the helper decides on (all of them when absent).
  private static func events(_ cursor: JSONCursor) throws(SimError) -> Set<HelperEvent> {
    guard cursor.exists else { return Set(HelperEvent.allCases) }
    var events: Set<HelperEvent> = []
    for element in try cursor.elements() {
      let text = try element.string()
      guard let event = HelperEvent(rawValue: text) else {
        throw element.fail(
          "\"\(text)\" is not a callback; expected one of \(HelperEvent.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      events.insert(event)
    }
    return events
  }

  /// `platform`: where the helper's rows live — the image library's memory, where a row binds
  /// and decodes, and the list's habits (each with the default of a UIKit list and SDWebImage).
  private static func platform(_ platform: JSONCursor) throws(SimError) -> (
    memory: String, threading: RowThreading, keepsOffscreenCells: Bool, prioritiesFromLayouts: Bool,
    queue: ContentQueue, layout: LayoutUnits
  ) {
    if platform.exists {
      try platform.rejectUnknownKeys([
        "memory", "bind", "decode", "keepsOffscreenCells", "prioritiesFromLayouts", "queue", "poolThreads",
        "lowPreloads", "layout",
      ])
    }
    let memory = platform["memory"].exists ? try platform["memory"].string() : "sdwebimage"
    guard Self.memoryPolicies.contains(where: { $0.name == memory }) else {
      throw platform["memory"].fail(
        "\"\(memory)\": expected one of \(Self.memoryPolicies.map(\.name).joined(separator: ", "))")
    }
    let bindText = platform["bind"].exists ? try platform["bind"].string() : "synchronous"
    guard let bind = RowThreading.Bind(rawValue: bindText) else {
      throw platform["bind"].fail("\"\(bindText)\": expected synchronous or asynchronous")
    }
    let decodeText = platform["decode"].exists ? try platform["decode"].string() : "background"
    guard let decode = RowThreading.Decode(rawValue: decodeText) else {
      throw platform["decode"].fail("\"\(decodeText)\": expected main or background")
    }
    return (
      memory, RowThreading(bind: bind, decode: decode),
      platform["keepsOffscreenCells"].exists ? try platform["keepsOffscreenCells"].bool() : false,
      platform["prioritiesFromLayouts"].exists ? try platform["prioritiesFromLayouts"].bool() : false,
      try queue(platform), try layout(platform["layout"])
    )
  }

  /// `platform.layout`: `points` (the default) or `whole-pixels`, as Android lays rows out.
  private static func layout(_ cursor: JSONCursor) throws(SimError) -> LayoutUnits {
    guard cursor.exists else { return .points }
    let text = try cursor.string()
    guard let units = LayoutUnits(rawValue: text) else {
      throw cursor.fail(
        "\"\(text)\": expected \(LayoutUnits.allCases.map(\.rawValue).joined(separator: " or "))")
    }
    return units
  }

  /// `platform.queue`: where its images wait — `network` (the default: the network's queue,
  /// rows on screen moved ahead), `in-order` (the order asked, never reordered: Firefox,
  /// WebKit) or `loader-pool` (an image loader's own pool of `poolThreads`, Glide's source
  /// executor; `lowPreloads`: preloads behind bound rows).
  private static func queue(_ platform: JSONCursor) throws(SimError) -> ContentQueue {
    let name = platform["queue"].exists ? try platform["queue"].string() : "network"
    let pooled = name == "loader-pool"
    for key in ["poolThreads", "lowPreloads"] where platform[key].exists && !pooled {
      throw platform[key].fail("only a \"loader-pool\" queue takes it")
    }
    switch name {
    case "network": return .network
    case "in-order": return .inOrder
    case "loader-pool":
      guard platform["poolThreads"].exists else {
        throw platform["queue"].fail("a \"loader-pool\" queue needs \"poolThreads\" (1 to 64)")
      }
      let threads = try platform["poolThreads"].int()
      guard (1...64).contains(threads) else { throw platform["poolThreads"].fail("\(threads) is outside 1...64") }
      let low = platform["lowPreloads"].exists ? try platform["lowPreloads"].bool() : false
      return .loaderPool(threads: threads, lowPreloads: low)
    default:
      throw platform["queue"].fail("\"\(name)\": expected network, in-order or loader-pool")
    }
  }

  private static func parameter(_ cursor: JSONCursor) throws(SimError) -> ParameterInfo {
    try cursor.rejectUnknownKeys(["name", "kind", "min", "max", "values", "default", "help"])
    let name = try cursor["name"].string()
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      throw cursor["name"].fail("\"\(name)\": a parameter's name is letters and digits (camelCase)")
    }
    let help = cursor["help"].exists ? try cursor["help"].string() : ""
    let kind = try cursor["kind"].string()
    switch kind {
    case "number":
      let low = try cursor["min"].double()
      let high = try cursor["max"].double()
      guard low <= high else { throw cursor["max"].fail("max \(high) is below min \(low)") }
      let value = try cursor["default"].double()
      guard (low...high).contains(value) else {
        throw cursor["default"].fail(
          "\(JSONWriter.number(value)) is outside \(JSONWriter.number(low))...\(JSONWriter.number(high))")
      }
      return ParameterInfo(name, .number(low...high), default: JSONWriter.number(value), help)
    case "choice":
      let values = try cursor["values"].elements().map { (element) throws(SimError) in try element.string() }
      guard !values.isEmpty else { throw cursor["values"].fail("a choice lists at least one value") }
      let value = try cursor["default"].string()
      guard values.contains(value) else { throw cursor["default"].fail("\"\(value)\" is not one of its values") }
      return ParameterInfo(name, .choice(values), default: value, help)
    case "flag":
      return ParameterInfo(name, .flag, default: try cursor["default"].bool() ? "true" : "false", help)
    default:
      throw cursor["kind"].fail("\"\(kind)\": expected number, choice or flag")
    }
  }
}

/// The callbacks of `ListCallbacks`, as the protocol names them.
enum HelperEvent: String, CaseIterable, Sendable {
  case listDidLoad, didScroll, willBeginDragging, willEndDragging, didEndDragging, didEndDecelerating
  case willDisplay, didEndDisplaying, requestDidComplete, requestDidFail, timerDidFire, frameDidFinish

  /// Its place in `allCases`, for a set of callbacks held as bits.
  var bit: UInt16 {
    switch self {
    case .listDidLoad: 0
    case .didScroll: 1
    case .willBeginDragging: 2
    case .willEndDragging: 3
    case .didEndDragging: 4
    case .didEndDecelerating: 5
    case .willDisplay: 6
    case .didEndDisplaying: 7
    case .requestDidComplete: 8
    case .requestDidFail: 9
    case .timerDidFire: 10
    case .frameDidFinish: 11
    }
  }
}
