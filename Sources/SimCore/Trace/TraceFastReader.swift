/// Reads a well-formed trace straight from its bytes, without building a JSON tree for its
/// samples: the tree cost about ten times the file in memory and most of the reading time of
/// a long recording.
///
/// It handles the common shape only — sample objects of plain numbers and unescaped strings,
/// each key once — and answers nil for anything else, valid or not (an escape, a `null`, a
/// duplicate key, a number out of range, a sample out of order). `Trace.read` then runs the
/// full reader on the same bytes, which accepts the same traces and gives the exact error with
/// its `$.path` or line and column. So this reader never decides an error, and where it
/// answers, it answers what the full reader would: the `trace` fuzz target and
/// `TraceReaderTests` compare the two.
package enum TraceFastReader {
  package static func read(_ bytes: [UInt8]) -> Trace? {
    var scanner = Scanner(bytes: bytes)
    return scanner.document()
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    /// The top-level object: the samples are scanned here, every other member is parsed as a
    /// JSON value and decoded by the full reader's header decoder.
    mutating func document() -> Trace? {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return nil }
      guard consume(UInt8(ascii: "{")) else { return nil }
      var header: [(String, JSONValue)] = []
      var samples: Samples?
      var members = 0
      while true {
        guard let more = nextItem(before: UInt8(ascii: "}"), after: &members) else { return nil }
        if !more { break }
        guard let key = plainString(), consume(UInt8(ascii: ":")) else { return nil }
        guard !header.contains(where: { $0.0 == key }) else { return nil }
        switch key {
        case "touches", "offsets":
          guard samples == nil, let scanned = sampleArray(touches: key == "touches") else { return nil }
          samples = scanned
          header.append((key, .null))  // present; a duplicate key falls back
        default:
          skipWhitespace()
          guard let (value, end) = try? JSONParser.parseValue(in: bytes, from: index), value != .null else {
            return nil
          }
          index = end
          header.append((key, value))
        }
      }
      skipWhitespace()
      guard index == bytes.count, let samples else { return nil }
      header.removeAll { $0.0 == "touches" || $0.0 == "offsets" }
      guard let decoded = try? Trace.decodeHeader(JSONCursor(.object(header))) else { return nil }
      return Trace(
        name: decoded.name, device: decoded.device, deviceProfile: decoded.deviceProfile,
        networkProfile: decoded.networkProfile, input: samples.input)
    }

    /// Samples as scanned, then checked by the rules `Trace.decodeTouches`/`decodeOffsets`
    /// apply; nil if any fails.
    struct Samples {
      var touches: [TouchSample] = []
      var offsets: [OffsetSample] = []
      var isTouches: Bool
      var input: TraceInput { isTouches ? .touches(touches) : .offsets(offsets) }
    }

    mutating func sampleArray(touches isTouches: Bool) -> Samples? {
      skipWhitespace()
      guard consume(UInt8(ascii: "[")) else { return nil }
      var samples = Samples(isTouches: isTouches)
      // About 40 bytes a sample in files scrollsim writes: reserve once.
      let estimate = min(bytes.count / 40, 10_000_000)
      if isTouches { samples.touches.reserveCapacity(estimate) } else { samples.offsets.reserveCapacity(estimate) }
      var fingerDown = false
      var previousT: Double?
      var count = 0
      while true {
        guard let more = nextItem(before: UInt8(ascii: "]"), after: &count) else { return nil }
        if !more { break }
        guard let sample = sampleObject(touches: isTouches) else { return nil }
        guard TraceLimits.time.contains(sample.t), previousT.map({ sample.t >= $0 }) ?? true,
          TraceLimits.position.contains(sample.position)
        else { return nil }
        previousT = sample.t
        if isTouches {
          guard let phase = sample.phase.flatMap(TouchPhase.init(rawValue:)) else { return nil }
          switch phase {
          case .began: if fingerDown { return nil }
          case .moved, .ended: if !fingerDown { return nil }
          }
          fingerDown = phase != .ended
          samples.touches.append(TouchSample(t: sample.t, y: sample.position, phase: phase))
        } else {
          var phase: OffsetPhase?
          if let name = sample.phase {
            guard let known = OffsetPhase(rawValue: name) else { return nil }
            phase = known
          }
          samples.offsets.append(OffsetSample(t: sample.t, offset: sample.position, phase: phase))
        }
      }
      guard previousT != nil, !fingerDown else { return nil }
      return samples
    }

    /// `{"t": …, "y"|"offset": …, "phase": "…"}` in any key order, each key once.
    mutating func sampleObject(touches isTouches: Bool) -> (t: Double, position: Double, phase: String?)? {
      guard consume(UInt8(ascii: "{")) else { return nil }
      var t: Double?
      var position: Double?
      var phase: String?
      var members = 0
      while true {
        guard let more = nextItem(before: UInt8(ascii: "}"), after: &members) else { return nil }
        if !more { break }
        guard let key = plainKey(), consume(UInt8(ascii: ":")) else { return nil }
        skipWhitespace()
        switch key {
        case .t:
          guard t == nil, let value = number() else { return nil }
          t = value
        case .y where isTouches, .offset where !isTouches:
          guard position == nil, let value = number() else { return nil }
          position = value
        case .phase:
          guard phase == nil, let value = plainString() else { return nil }
          phase = value
        default: return nil
        }
      }
      guard let t, let position, phase != nil || !isTouches else { return nil }
      return (t, position, phase)
    }

    /// Inside an array or object, after its opening bracket and `count` items: takes the comma
    /// before the next item and answers true, or takes the closing bracket `close` and answers
    /// false; nil when neither comes. The three loops over members and elements share it.
    mutating func nextItem(before close: UInt8, after count: inout Int) -> Bool? {
      if consume(close) { return false }
      if count > 0 { guard consume(UInt8(ascii: ",")) else { return nil } }
      count += 1
      return true
    }

    enum SampleKey { case t, y, offset, phase }

    /// A sample's key, matched on its bytes (no string is built).
    mutating func plainKey() -> SampleKey? {
      guard let span = plainStringBytes() else { return nil }
      switch (span.count, span.isEmpty ? 0 : bytes[span.lowerBound]) {
      case (1, UInt8(ascii: "t")): return .t
      case (1, UInt8(ascii: "y")): return .y
      case (6, UInt8(ascii: "o")): return matches("offset", at: span.lowerBound) ? .offset : nil
      case (5, UInt8(ascii: "p")): return matches("phase", at: span.lowerBound) ? .phase : nil
      default: return nil
      }
    }

    /// Whether `word` is at `start` (its length was checked).
    func matches(_ word: StaticString, at start: Int) -> Bool {
      word.withUTF8Buffer { word in word.indices.allSatisfy { bytes[start + $0] == word[$0] } }
    }

    /// A string without escapes or control characters (anything else: nil).
    mutating func plainString() -> String? {
      plainStringBytes().map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The bytes between the quotes of a string without escapes or control characters, the
    /// closing quote consumed; nil for anything else.
    mutating func plainStringBytes() -> Range<Int>? {
      skipWhitespace()
      guard consume(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        guard bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      guard index < bytes.count else { return nil }
      index += 1
      return start..<(index - 1)
    }

    /// A number in JSON's grammar, converted as `JSONParser` converts it; nil if it is not one
    /// or does not fit a Double.
    mutating func number() -> Double? {
      let start = index
      if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
      let integerStart = index
      guard digits() > 0 else { return nil }
      if index - integerStart > 1 && bytes[integerStart] == UInt8(ascii: "0") { return nil }
      if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return nil }
      }
      if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
        index += 1
        if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
          index += 1
        }
        guard digits() > 0 else { return nil }
      }
      guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
        return nil
      }
      return value
    }

    mutating func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
      return index - start
    }

    mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return
        }
      }
    }

    /// Skips whitespace, then takes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
  }
}
