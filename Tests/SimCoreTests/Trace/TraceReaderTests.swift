import Foundation
import Testing

@testable import SimCore

/// The fast trace reader (`TraceFastReader`) answers only what the full reader would answer:
/// on the repository's traces, on hand-made variants of the format, and on thousands of
/// mutated files. It must also take the common shape itself, or it would be no faster.
@Suite struct TraceReaderTests {
  static let small = """
    {"format": "scrollsim-trace", "version": 1, "name": "small",
     "device": {"viewport": {"width": 390, "height": 800}, "refreshRate": 60},
     "touches": [
      {"t": 0.5, "y": 600, "phase": "began"},
      {"t": 0.51, "y": 590.5, "phase": "moved"},
      {"t": 0.52, "y": 560.25, "phase": "ended"}
     ]}
    """

  /// Both readers on `text`: the fast one, if it answers, agrees with the full one.
  private func agree(_ text: String) -> (fast: Trace?, full: Trace?) {
    let bytes = Array(text.utf8)
    let full = try? Trace.decode(JSONParser.parse(bytes))
    let fast = TraceFastReader.read(bytes)
    if fast != nil { #expect(fast == full, "\(text.prefix(300))") }
    return (fast, full)
  }

  @Test func readsTheRepositorysTraces() throws {
    let directory = PackageRoot.url("Traces")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
    #expect(files.count >= 5)
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      let (fast, full) = agree(text)
      #expect(full != nil && fast != nil, "\(file)")
    }
  }

  @Test func variantsOfTheFormat() {
    let accepted = [
      Self.small,
      Self.small.replacingOccurrences(of: "\"t\": 0.51, \"y\": 590.5", with: "\"y\": 590.5,\n\t\"t\": 0.51"),
      Self.small.replacingOccurrences(of: ", \"name\": \"small\"", with: ""),
      Self.small.replacingOccurrences(of: "0.5,", with: "5e-1,"),
      #"{"offsets": [{"t": 0, "offset": 0}, {"t": 1, "offset": -3.5, "phase": "dragging"}], "version": 1, "format": "scrollsim-trace"}"#,
    ]
    for text in accepted {
      let (fast, full) = agree(text)
      #expect(fast != nil && full != nil, "\(text)")
    }
    // Valid, but left to the full reader (the fast one answers nil and must not guess).
    let fullOnly = [
      Self.small.replacingOccurrences(of: "\"began\"", with: "\"b\\u0065gan\""),
      Self.small.replacingOccurrences(of: ", \"name\": \"small\"", with: ", \"name\": null"),
      "\u{FEFF}" + Self.small,
    ]
    for text in fullOnly {
      let (fast, full) = agree(text)
      #expect(fast == nil && full != nil, "\(text)")
    }
    // Refused by both, whatever breaks.
    let refused = [
      Self.small.replacingOccurrences(of: "0.52", with: "0.49"),  // time goes backwards
      Self.small.replacingOccurrences(of: "\"ended\"", with: "\"moved\""),  // finger left down
      Self.small.replacingOccurrences(of: "590.5", with: "1e10"),  // out of range
      Self.small.replacingOccurrences(of: "590.5", with: "0590.5"),  // leading zero
      Self.small.replacingOccurrences(of: "\"y\": 590.5", with: "\"y\": 590.5, \"x\": 1"),
      Self.small.replacingOccurrences(of: "]}", with: "],}"),
      Self.small.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"),
      Self.small + "x",
      Self.small.replacingOccurrences(of: "{\"t\": 0.5,", with: "{\"t\": 0.5, \"t\": 0.7,"),  // a key twice
    ]
    for text in refused {
      let (fast, full) = agree(text)
      #expect(fast == nil && full == nil, "\(text)")
    }
  }

  /// Random byte edits of a small trace: 5,000 files, many of them still valid.
  @Test func mutatedFilesAgree() {
    var random = SeededRandom(seed: 15, stream: "trace-mutations")
    let base = Array(Self.small.utf8)
    let alphabet = Array("0123456789.-+eE,:{}[]\" \ntyphasebgnmovdrfs\\u".utf8)
    var fastAnswers = 0
    for _ in 0..<5000 {
      var bytes = base
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
        case 1: bytes.remove(at: position)
        default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
        }
      }
      let (fast, _) = agree(String(decoding: bytes, as: UTF8.self))
      if fast != nil { fastAnswers += 1 }
    }
    #expect(fastAnswers > 100)
  }
}
