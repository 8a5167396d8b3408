/// `scrollsim import getevent`: Android `getevent -lt` text (`[  sec.usec] EV_TYPE CODE value`,
/// values in hex), as raw touchscreen events.
///
/// - Multitouch protocol A: contacts separated by `SYN_MT_REPORT`; a frame ends at
///   `SYN_REPORT`; a frame with no contact means every finger lifted.
/// - Protocol B: `ABS_MT_SLOT` selects a slot (0 until one is named), `ABS_MT_TRACKING_ID`
///   ffffffff lifts it.
/// - Single touch: `ABS_X`/`ABS_Y` with `BTN_TOUCH DOWN/UP`.
/// The first finger down is followed until it lifts; frames with more fingers are counted and
/// the extra fingers ignored. The scroll axis is y unless `axis` says x; positions become points
/// through `density`. The screen's size comes from `getevent -lp` lines in the file
/// (`ABS_MT_POSITION_Y : value 0, min 0, max 1919`) or from `screenPixels`.
public struct GeteventImporter: TraceImporter {
  public enum Axis: String, Sendable, CaseIterable { case x, y }

  public var axis = Axis.y
  /// Physical pixels per point (dp). 1 means pixels are taken as points.
  public var density = 1.0
  /// The screen's length along the axis in pixels, if the log does not say.
  public var screenPixels: Double?
  public var splitGap: Double?
  public var refreshRate = 60

  public init() {}

  private struct Contact {
    var id: Int?
    var x: Double?
    var y: Double?
  }

  public func importText(_ text: String) throws(SimError) -> ImportResult {
    var dropped = DropCounter()
    var notes: [String] = []
    var axisMaximum: [String: Double] = [:]

    // Decoder state.
    var frameContacts: [Contact] = []  // protocol A: contacts of the frame so far
    var current = Contact()  // protocol A: the contact being described
    var slots: [Int: Contact] = [:]  // protocol B
    var slot = 0
    var single = Contact()  // single touch
    var singleDown = false
    var sawMTReport = false
    var sawMultitouch = false

    // Gesture state.
    var samples: [TouchSample] = []
    var following: Int?  // tracking id or slot of the followed finger (nil = first listed)
    var fingerDown = false
    var lastPosition = (x: 0.0, y: 0.0)
    var travel = (x: 0.0, y: 0.0)
    var lastTime: Double?
    var parsedLines = 0

    func value(_ text: String) -> Double? {
      if text == "DOWN" { return 1 }
      if text == "UP" { return 0 }
      guard let raw = UInt64(text, radix: 16) else { return nil }
      return raw == 0xFFFF_FFFF ? -1 : Double(Int32(truncatingIfNeeded: raw))
    }

    for (number, rawLine) in textLines(text).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      // `getevent -lp` axis descriptions: "ABS_MT_POSITION_Y : value 0, min 0, max 1919, ...".
      if line.hasPrefix("ABS_") || line.contains(" ABS_"), line.contains(" max ") {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," }).map(String.init)
        if let code = fields.first(where: { $0.hasPrefix("ABS_") }), let i = fields.firstIndex(of: "max"),
          i + 1 < fields.count, let maximum = Double(fields[i + 1])
        {
          axisMaximum[code] = maximum
        }
        continue
      }
      guard line.hasPrefix("["), let close = line.firstIndex(of: "]"),
        let time = Double(line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces))
      else {
        dropped.add("lines that are not getevent -lt events skipped")
        continue
      }
      var fields = line[line.index(after: close)...].split(separator: " ").map(String.init)
      if let first = fields.first, first.hasSuffix(":") { fields.removeFirst() }  // "/dev/input/event2:"
      guard fields.count >= 3 else {
        dropped.add("lines that are not getevent -lt events skipped")
        continue
      }
      if let lastTime, time < lastTime {
        throw SimError(.badData, path: "line \(number + 1)", "time goes backwards ([\(time)] after [\(lastTime)])")
      }
      lastTime = time
      parsedLines += 1
      let (type, code, valueText) = (fields[0], fields[1], fields[2])
      let v = value(valueText)
      switch (type, code) {
      case ("EV_ABS", "ABS_MT_SLOT"):
        sawMultitouch = true
        slot = Int(v ?? 0)
      case ("EV_ABS", "ABS_MT_TRACKING_ID"):
        sawMultitouch = true
        if sawMTReport {
          current.id = v.map { Int($0) }
        } else if v == -1 {
          slots[slot] = nil
        } else {
          slots[slot, default: Contact()].id = v.map { Int($0) }
        }
      case ("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_MT_POSITION_Y"):
        sawMultitouch = true
        // Protocol A describes the current contact; protocol B updates the current slot.
        if code.hasSuffix("X") {
          current.x = v
          slots[slot, default: Contact()].x = v
        } else {
          current.y = v
          slots[slot, default: Contact()].y = v
        }
      case ("EV_ABS", "ABS_X"): single.x = v
      case ("EV_ABS", "ABS_Y"): single.y = v
      case ("EV_KEY", "BTN_TOUCH"): singleDown = v == 1
      case ("EV_SYN", "SYN_MT_REPORT"):
        sawMTReport = true
        if current.x != nil || current.y != nil { frameContacts.append(current) }
        current = Contact()
      case ("EV_SYN", "SYN_REPORT"):
        // The frame's contacts, by protocol.
        var contacts: [Contact]
        if sawMTReport {
          contacts = frameContacts
          frameContacts = []
        } else if sawMultitouch {
          contacts = slots.keys.sorted().compactMap { key in
            slots[key]!.id == nil ? nil : Contact(id: key, x: slots[key]!.x, y: slots[key]!.y)
          }
        } else {
          contacts = singleDown ? [single] : []
        }
        if contacts.count > 1 { dropped.add("frames with more than one finger (the first finger was followed)") }
        let followed =
          following.flatMap { id in contacts.first { $0.id == id } }
          ?? (fingerDown && following != nil ? nil : contacts.first)
        if let contact = followed, let x = contact.x ?? (fingerDown ? lastPosition.x : nil),
          let y = contact.y ?? (fingerDown ? lastPosition.y : nil)
        {
          let position = try checkedPosition((axis == .y ? y : x) / density, line: number + 1, "the position")
          if fingerDown {
            travel.x += abs(x - lastPosition.x)
            travel.y += abs(y - lastPosition.y)
            if axis == .y ? y != lastPosition.y : x != lastPosition.x {
              samples.append(TouchSample(t: time, y: position, phase: .moved))
            }
          } else {
            samples.append(TouchSample(t: time, y: position, phase: .began))
            fingerDown = true
            following = contact.id
          }
          lastPosition = (x, y)
        } else if fingerDown {
          let position = (axis == .y ? lastPosition.y : lastPosition.x) / density
          samples.append(TouchSample(t: time, y: position, phase: .ended))
          fingerDown = false
          following = nil
        }
      default:
        break
      }
    }
    if fingerDown, let last = samples.last {
      samples.append(TouchSample(t: last.t, y: last.y, phase: .ended))
      notes.append("the log ends with a finger down: ended at its last sample")
    }
    guard parsedLines > 0 else {
      throw SimError(
        .badData, "no getevent -lt events found (lines like \"[  1411.748191] EV_ABS ABS_MT_POSITION_X 00000273\")")
    }
    guard !samples.isEmpty else { throw SimError(.badData, "no touch found in the events") }
    let moved = axis == .y ? travel.y : travel.x
    guard moved > 0 else {
      let other = axis == .y ? travel.x : travel.y
      throw SimError(
        .badData,
        "no \(axis == .y ? "vertical" : "horizontal") motion (the other axis moved \(Int(other)) px)\(other > 0 ? ": use --axis \(axis == .y ? "x" : "y")" : "")"
      )
    }
    let crossAxis = axis == .y ? travel.x : travel.y
    if crossAxis > 0 {
      notes.append(
        "\(Int(crossAxis)) px of \(axis == .y ? "horizontal" : "vertical") finger motion dropped (scroll axis \(axis.rawValue): \(Int(moved)) px)"
      )
    }
    var device = Device(refreshRate: refreshRate, physics: "android", density: density)
    let axisCode = axis == .y ? "ABS_MT_POSITION_Y" : "ABS_MT_POSITION_X"
    if let pixels = screenPixels ?? axisMaximum[axisCode].map({ $0 + 1 })
      ?? axisMaximum[axis == .y ? "ABS_Y" : "ABS_X"].map({ $0 + 1 })
    {
      device.viewportHeight = pixels / density
    } else {
      notes.append(
        "screen size unknown (no getevent -lp lines, no --screen-pixels): viewport \(Int(device.viewportHeight)) pt assumed"
      )
    }
    if density == 1 { notes.append("density 1 assumed: pixels taken as points (pass --density)") }
    let traces = try splitSessions(samples, gap: splitGap).map { session throws(SimError) in
      Trace(device: device, input: .touches(try rebase(session)))
    }
    return ImportResult(traces: traces, notes: dropped.notes + notes)
  }
}
