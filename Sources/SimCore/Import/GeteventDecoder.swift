/// Android's touchscreen protocols as `getevent -lt` prints them (`[  sec.usec] EV_TYPE CODE
/// value`, values in hex), decoded into frames: at each `SYN_REPORT`, the contacts on the screen
/// then. The protocol decoder of `GeteventImporter`; what the frames mean as gestures is
/// `FirstFingerFollower`'s.
///
/// - Multitouch protocol A: contacts separated by `SYN_MT_REPORT`; a frame ends at
///   `SYN_REPORT`; a frame with no contact means every finger lifted.
/// - Protocol B: `ABS_MT_SLOT` selects a slot (0 until one is named), `ABS_MT_TRACKING_ID`
///   ffffffff lifts it.
/// - Single touch: `ABS_X`/`ABS_Y` with `BTN_TOUCH DOWN/UP`.
/// `getevent -lp` axis descriptions (`ABS_MT_POSITION_Y : value 0, min 0, max 1919`) give the
/// screen's size (`axisMaximum`).
struct GeteventDecoder {
  struct Contact {
    var id: Int?
    var x: Double?
    var y: Double?
  }

  /// A frame: its time and the contacts on the screen.
  struct Frame {
    var time: Double
    var contacts: [Contact]
  }

  /// Each axis' largest value from `getevent -lp` lines, by code (`ABS_MT_POSITION_Y`).
  private(set) var axisMaximum: [String: Double] = [:]
  /// Event lines read.
  private(set) var parsedLines = 0
  /// Lines skipped, by reason.
  var dropped = DropCounter()
  private var lastTime: Double?
  /// Protocol A: the frame's contacts so far, and the contact being described.
  private var frameContacts: [Contact] = []
  private var current = Contact()
  /// Protocol B: the slots and the one selected.
  private var slots: [Int: Contact] = [:]
  private var slot = 0
  /// Single touch.
  private var single = Contact()
  private var singleDown = false
  private var sawMTReport = false
  private var sawMultitouch = false

  /// Reads line `number` (1-based); returns the frame it ends, if it is a `SYN_REPORT`.
  mutating func read(_ rawLine: Substring, number: Int) throws(SimError) -> Frame? {
    let line = rawLine.trimmingCharacters(in: .whitespaces)
    if line.isEmpty { return nil }
    if readAxisDescription(line) { return nil }
    guard let (time, type, code, valueText) = Self.event(line) else {
      dropped.add("lines that are not getevent -lt events skipped")
      return nil
    }
    if let lastTime, time < lastTime {
      throw SimError(.badData, path: "line \(number)", "time goes backwards ([\(time)] after [\(lastTime)])")
    }
    lastTime = time
    parsedLines += 1
    return handle(type: type, code: code, value: Self.value(valueText), at: time)
  }

  /// An axis description of `getevent -lp`: "ABS_MT_POSITION_Y : value 0, min 0, max 1919, ...".
  private mutating func readAxisDescription(_ line: String) -> Bool {
    guard line.hasPrefix("ABS_") || line.contains(" ABS_"), line.contains(" max ") else { return false }
    let fields = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," }).map(String.init)
    if let code = fields.first(where: { $0.hasPrefix("ABS_") }), let i = fields.firstIndex(of: "max"),
      i + 1 < fields.count, let maximum = Double(fields[i + 1])
    {
      axisMaximum[code] = maximum
    }
    return true
  }

  /// `[  1411.748191] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000273` as its parts.
  private static func event(_ line: String) -> (time: Double, type: String, code: String, value: String)? {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]"),
      let time = Double(line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces))
    else { return nil }
    var fields = line[line.index(after: close)...].split(separator: " ").map(String.init)
    if let first = fields.first, first.hasSuffix(":") { fields.removeFirst() }  // "/dev/input/event2:"
    guard fields.count >= 3 else { return nil }
    return (time, fields[0], fields[1], fields[2])
  }

  /// A value as printed: hex, `DOWN`/`UP`, ffffffff (a lifted tracking id) as -1.
  private static func value(_ text: String) -> Double? {
    if text == "DOWN" { return 1 }
    if text == "UP" { return 0 }
    guard let raw = UInt64(text, radix: 16) else { return nil }
    return raw == 0xFFFF_FFFF ? -1 : Double(Int32(truncatingIfNeeded: raw))
  }

  private mutating func handle(type: String, code: String, value v: Double?, at time: Double) -> Frame? {
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
      return Frame(time: time, contacts: takeContacts())
    default:
      break
    }
    return nil
  }

  /// The frame's contacts, by the protocol the log uses.
  private mutating func takeContacts() -> [Contact] {
    if sawMTReport {
      defer { frameContacts = [] }
      return frameContacts
    }
    if sawMultitouch {
      return slots.keys.sorted().compactMap { key in
        slots[key]!.id == nil ? nil : Contact(id: key, x: slots[key]!.x, y: slots[key]!.y)
      }
    }
    return singleDown ? [single] : []
  }
}
