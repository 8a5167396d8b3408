/// A strategy's declaration as a port copies it (`scrollsim strategies NAME --format json`): the
/// handshake a helper would give for it (`docs/protocol.md`, `strategy.schema.json`) — name,
/// summary, origin, role, partner, parameters with their ranges and defaults, the callbacks it
/// implements (`events`) and its platform block (where rows bind and decode, its image
/// library, its list's habits), read from an instance with the default parameters. A port
/// renames it (a built-in's name is reserved) and sends the rest as it is. What protocol 2
/// cannot carry (an image memory it has no name for, a planned arrival) is listed apart, in
/// `notes`, for the docs and the reader.
package struct StrategyDeclaration: Sendable {
  package var handshake: JSONValue
  package var notes: [String]

  package init(_ kind: StrategyKind) {
    // A helper's declaration is its own handshake, as it gave it.
    if let command = kind.command, let handshake = ProcessStrategies.shared.handshake(command: command) {
      self.handshake = handshake
      notes = []
      return
    }
    let info = kind.info
    let instance = kind.make(StrategyParameters(info: info))
    let events = (kind.swiftType?.callbacks ?? StrategyCallback.allCases).map { JSONValue.string($0.rawValue) }
    var notes: [String] = []
    let memory = HelperDescription.memoryPolicies.first { $0.policy == instance.memoryPolicy }?.name
    if memory == nil {
      notes.append(
        "its image memory is none of protocol 2's libraries (\(HelperDescription.memoryPolicies.map(\.name).joined(separator: ", "))): platform.memory says sdwebimage, the default"
      )
    }
    if instance.arrivalPlan != nil {
      notes.append("it plans when responses arrive (the limit): no port can")
    }
    var members: [(String, JSONValue)] = [
      ("type", .string("strategy")), ("protocol", .number(Double(HelperDescription.protocolVersion))),
      ("name", .string(info.name)), ("summary", .string(info.summary)), ("origin", .string(info.origin)),
      ("role", .string(info.role.rawValue)),
    ]
    if let partner = info.partner { members.append(("partner", .string(partner))) }
    members.append(("parameters", .array(info.parameters.map(Self.parameter))))
    members.append(("events", .array(events)))
    members.append(
      (
        "platform",
        .object(
          [
            ("memory", .string(memory ?? "sdwebimage")), ("bind", .string(instance.threading.bind.rawValue)),
            ("decode", .string(instance.threading.decode.rawValue)),
            ("keepsOffscreenCells", .bool(instance.keepsOffscreenCells)),
            ("prioritiesFromLayouts", .bool(instance.prioritiesFromLayouts)),
          ] + Self.queue(instance.contentQueue)
            + (instance.layoutUnits == .points ? [] : [("layout", .string(instance.layoutUnits.rawValue))]))
      ))
    handshake = .object(members)
    self.notes = notes
  }

  /// `platform.queue` and its fields, left out for the network's own queue (the default).
  private static func queue(_ queue: ContentQueue) -> [(String, JSONValue)] {
    switch queue {
    case .network: []
    case .inOrder: [("queue", .string("in-order"))]
    case .loaderPool(let threads, let lowPreloads):
      [
        ("queue", .string("loader-pool")), ("poolThreads", .number(Double(threads))),
        ("lowPreloads", .bool(lowPreloads)),
      ]
    }
  }

  /// One parameter as the handshake declares it: a number's range, a choice's values, a flag.
  private static func parameter(_ parameter: ParameterInfo) -> JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(parameter.name))]
    switch parameter.kind {
    case .number(let range):
      members += [
        ("kind", .string("number")), ("min", .number(range.lowerBound)), ("max", .number(range.upperBound)),
        ("default", .number(Double(parameter.defaultValue) ?? 0)),
      ]
    case .choice(let values):
      members += [
        ("kind", .string("choice")), ("values", .array(values.map { .string($0) })),
        ("default", .string(parameter.defaultValue)),
      ]
    case .flag:
      members += [("kind", .string("flag")), ("default", .bool(parameter.defaultValue == "true"))]
    }
    members.append(("help", .string(parameter.help)))
    return .object(members)
  }

  /// "binds synchronous, decodes main, memory sdwebimage, callbacks listDidLoad, …": the
  /// platform block and the callbacks, for `scrollsim strategies`' text.
  package var platformLine: String {
    guard case .object(let members) = handshake,
      case .array(let events)? = members.first(where: { $0.0 == "events" })?.1
    else { return "" }
    // A helper may leave the block or a field out: the protocol's defaults (docs/protocol.md).
    var platform: [(String, JSONValue)] = []
    if case .object(let given)? = members.first(where: { $0.0 == "platform" })?.1 { platform = given }
    let defaults = [
      "memory": "sdwebimage", "bind": "synchronous", "decode": "background", "keepsOffscreenCells": "false",
      "prioritiesFromLayouts": "false", "layout": "points",
    ]
    func text(_ key: String) -> String {
      switch platform.first(where: { $0.0 == key })?.1 {
      case .string(let value)?: value
      case .bool(let flag)?: flag ? "true" : "false"
      default: defaults[key] ?? "?"
      }
    }
    let callbacks = events.compactMap { if case .string(let name) = $0 { name } else { nil } }
    var parts = ["binds \(text("bind"))", "decodes \(text("decode"))", "memory \(text("memory"))"]
    if text("keepsOffscreenCells") == "true" { parts.append("keeps off-screen rows") }
    if text("prioritiesFromLayouts") == "true" { parts.append("priorities from layouts") }
    if text("layout") == "whole-pixels" { parts.append("rows on whole pixels") }
    return parts.joined(separator: ", ") + "; callbacks: " + callbacks.joined(separator: ", ")
  }
}
