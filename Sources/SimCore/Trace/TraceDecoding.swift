/// Reads and validates a trace file (`docs/trace-format.md`), or writes one.
///
/// Every problem is reported with the JSON path of the offending field; nothing is guessed.
extension Trace {
  package static let formatName = "scrollsim-trace"
  package static let formatVersion = 1

  /// The trace in the file at `path` (`docs/trace-format.md`); a malformed file throws an error
  /// naming the file and the JSON path of what is wrong.
  public static func load(path: String) throws(SimError) -> Trace {
    do throws(SimError) {
      return try read(AtomicFile.read(path))
    } catch {
      throw error.inFile(path)
    }
  }

  /// A trace from a file's bytes: the fast reader for the common shape, the full reader for
  /// anything else and for every error (`TraceFastReader`).
  package static func read(_ bytes: [UInt8]) throws(SimError) -> Trace {
    if let trace = TraceFastReader.read(bytes) { return trace }
    return try decode(JSONParser.parse(bytes))
  }

  package static func decode(_ value: JSONValue) throws(SimError) -> Trace {
    let root = JSONCursor(value)
    let header = try decodeHeader(root)
    let input: TraceInput
    switch (root["touches"].exists, root["offsets"].exists) {
    case (true, false): input = .touches(try decodeTouches(root["touches"]))
    case (false, true): input = .offsets(try decodeOffsets(root["offsets"]))
    case (true, true): throw root.fail("has both \"touches\" and \"offsets\"; a trace holds one kind of input")
    case (false, false):
      throw root.fail("has no input: add \"touches\" (finger samples) or \"offsets\" (recorded content offsets)")
    }
    return Trace(
      name: header.name, device: header.device, deviceProfile: header.deviceProfile,
      networkProfile: header.networkProfile, input: input)
  }

  /// The profile names a session may carry: the named ones, or "scenario" (the scenario's own).
  package static let ownProfile = "scenario"

  /// Everything but the samples: the object's keys, format, version, name, device and profiles.
  static func decodeHeader(_ root: JSONCursor) throws(SimError) -> (
    name: String?, device: Device, deviceProfile: String?, networkProfile: String?
  ) {
    _ = try root.object()
    try root.rejectUnknownKeys([
      "format", "version", "name", "device", "deviceProfile", "networkProfile", "touches", "offsets",
    ])
    let format = try root["format"].string()
    guard format == formatName else {
      throw root["format"].fail("expected \"\(formatName)\", found \"\(format)\"")
    }
    let version = try root["version"].int()
    guard version == formatVersion else {
      throw root["version"].fail("unsupported version \(version); this scrollsim reads version \(formatVersion)")
    }
    let name = root["name"].exists ? try root["name"].string() : nil
    let device = root["device"].exists ? try decodeDevice(root["device"]) : Device()
    let deviceProfile =
      root["deviceProfile"].exists ? try root["deviceProfile"].choice(SessionDimension.device.names) : nil
    let networkProfile =
      root["networkProfile"].exists ? try root["networkProfile"].choice(SessionDimension.network.names) : nil
    return (name, device, deviceProfile, networkProfile)
  }

  static func decodeDevice(_ cursor: JSONCursor) throws(SimError) -> Device {
    try cursor.rejectUnknownKeys(["viewport", "refreshRate", "physics", "density"])
    var device = Device()
    let viewport = cursor["viewport"]
    if viewport.exists {
      try viewport.rejectUnknownKeys(["width", "height"])
      device.viewportWidth = try viewport["width"].double(in: TraceLimits.viewport)
      device.viewportHeight = try viewport["height"].double(in: TraceLimits.viewport)
    }
    if cursor["refreshRate"].exists {
      device.refreshRate = try cursor["refreshRate"].int(in: 1...480)
    }
    if cursor["physics"].exists {
      device.physics = try cursor["physics"].choice(PhysicsPresets.names)
    }
    if cursor["density"].exists {
      let density = try cursor["density"].double(atLeast: 0, exclusive: true)
      guard density <= 10 else {
        throw cursor["density"].fail("must be at most 10, found \(JSONWriter.number(density))")
      }
      device.density = density
    }
    return device
  }

  static func decodeTouches(_ cursor: JSONCursor) throws(SimError) -> [TouchSample] {
    let items = try cursor.elements()
    guard !items.isEmpty else { throw cursor.fail("is empty; a trace needs at least one gesture") }
    var samples: [TouchSample] = []
    samples.reserveCapacity(items.count)
    var fingerDown = false
    for item in items {
      try item.rejectUnknownKeys(["t", "y", "phase"])
      let t = try time(item, after: samples.last?.t)
      let y = try item["y"].double(in: TraceLimits.position)
      let phase = TouchPhase(rawValue: try item["phase"].choice(TouchPhase.allCases.map(\.rawValue)))!
      switch phase {
      case .began where fingerDown:
        throw item["phase"].fail("\"began\" while the finger is already down (missing \"ended\")")
      case .moved where !fingerDown, .ended where !fingerDown:
        throw item["phase"].fail("\"\(phase.rawValue)\" while no finger is down (missing \"began\")")
      default: break
      }
      fingerDown = phase != .ended
      samples.append(TouchSample(t: t, y: y, phase: phase))
    }
    if fingerDown {
      throw cursor.fail("ends with the finger down; the last gesture needs an \"ended\" sample")
    }
    return samples
  }

  /// A sample's `t`: seconds since the list appeared, never before the previous sample's.
  private static func time(_ item: JSONCursor, after previous: Double?) throws(SimError) -> Double {
    let t = try item["t"].double(in: TraceLimits.time)
    if let previous, t < previous {
      throw item["t"].fail("time goes backwards (\(JSONWriter.number(t)) after \(JSONWriter.number(previous)))")
    }
    return t
  }

  static func decodeOffsets(_ cursor: JSONCursor) throws(SimError) -> [OffsetSample] {
    let items = try cursor.elements()
    guard !items.isEmpty else { throw cursor.fail("is empty; a trace needs at least one offset sample") }
    var samples: [OffsetSample] = []
    samples.reserveCapacity(items.count)
    for item in items {
      try item.rejectUnknownKeys(["t", "offset", "phase"])
      let t = try time(item, after: samples.last?.t)
      let offset = try item["offset"].double(in: TraceLimits.position)
      let phase =
        item["phase"].exists
        ? OffsetPhase(rawValue: try item["phase"].choice(OffsetPhase.allCases.map(\.rawValue))) : nil
      samples.append(OffsetSample(t: t, offset: offset, phase: phase))
    }
    return samples
  }

  /// The trace as a file, checked to load back: every trace scrollsim writes (generate, import,
  /// slice, scale, offsets) passes through here, so none is one scrollsim then refuses (a
  /// scale by 1e308, a slice from -inf, a second-long generate with no gesture in it).
  package func checkedEncoding() throws(SimError) -> String {
    let text = encoded()
    do throws(SimError) {
      _ = try Trace.read(Array(text.utf8))
    } catch {
      throw SimError(.badData, "the trace this would write would not load back, so nothing was written: \(error)")
    }
    return text
  }

  /// The trace as a file: one sample per line, so diffs of traces stay readable.
  package func encoded() -> String {
    var lines = ["{"]
    lines.append("  \"format\": \"\(Self.formatName)\",")
    lines.append("  \"version\": \(Self.formatVersion),")
    if let name { lines.append("  \"name\": \(JSONWriter.quoted(name)),") }
    lines.append(
      "  \"device\": {\"viewport\": {\"width\": \(JSONWriter.number(device.viewportWidth)), "
        + "\"height\": \(JSONWriter.number(device.viewportHeight))}, "
        + "\"refreshRate\": \(device.refreshRate), \"physics\": \(JSONWriter.quoted(device.physics)), "
        + "\"density\": \(JSONWriter.number(device.density))},")
    if let deviceProfile { lines.append("  \"deviceProfile\": \(JSONWriter.quoted(deviceProfile)),") }
    if let networkProfile { lines.append("  \"networkProfile\": \(JSONWriter.quoted(networkProfile)),") }
    func fixed(_ value: Double, _ decimals: Int) -> String { JSONWriter.number(rounded(value, decimals: decimals)) }
    switch input {
    case .touches(let samples):
      lines.append("  \"touches\": [")
      for (i, s) in samples.enumerated() {
        let comma = i == samples.count - 1 ? "" : ","
        lines.append(
          "    {\"t\": \(fixed(s.t, 6)), \"y\": \(fixed(s.y, 2)), \"phase\": \"\(s.phase.rawValue)\"}\(comma)")
      }
    case .offsets(let samples):
      lines.append("  \"offsets\": [")
      for (i, s) in samples.enumerated() {
        let comma = i == samples.count - 1 ? "" : ","
        let phase = s.phase.map { ", \"phase\": \"\($0.rawValue)\"" } ?? ""
        lines.append("    {\"t\": \(fixed(s.t, 6)), \"offset\": \(fixed(s.offset, 2))\(phase)}\(comma)")
      }
    }
    lines.append("  ]")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The ranges a trace's numbers must be in (`docs/trace-format.md`): wide enough for any real
/// recording, narrow enough that every time fits the engine's integer nanoseconds and every
/// position stays exact to well under a point.
package enum TraceLimits {
  /// Sample times: up to a day (s).
  package static let time: ClosedRange<Double> = 0...86_400
  /// Finger and content positions: a billion points either way.
  package static let position: ClosedRange<Double> = -1e9...1e9
  /// Viewport sides (pt): above 0, at most 100 000.
  package static let viewport: ClosedRange<Double> = 1e-3...100_000
}
