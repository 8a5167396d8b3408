import Testing

@testable import SimCore

/// The fast answer reader reads what helpers write as the general path does, and declines the
/// rest: wherever it reads a line, the general path reads the same answer.
@Suite struct HelperAnswerFastReaderTests {
  /// Answers as the SDKs write them, and the edges of each token.
  static let lines = [
    #"{"actions":[]}"#,
    #"{"actions":[["requestContent",12],["prepareRender",13],["wakeUp",0.05]]}"#,
    #"{"actions":[["requestPage",3],["loadFromCache",1],["cancelContent",2],["clearContent",3],["discardRender",5]]}"#,
    #"{"actions":[],"quiet":{"offsetAbove":35012.123456789,"facts":{"hasMoreData":true,"contentLength":40000,"#
      + #""itemCount":400,"nextPageIndex":20,"pageRequestsOutstanding":0}}}"#,
    #"{"actions":[["prepareRender",120]],"quiet":{"direction":-1,"facts":{"visibleItems":[116,117,118],"itemCount":140},"rows":[115,15,2]}}"#,
    #"{"actions": [], "quiet": {"offsetAbove": 10.5, "offsetBelow": 10.5, "facts": {"visibleItems": []}}}"#,
    #" { "actions" : [ [ "wakeUp" , 86400 ] ] , "quiet" : null } "#,
    #"{"quiet":{},"actions":[["wakeUp",0]]}"#,
    #"{"actions":[],"quiet":{"offsetAbove":-0,"offsetBelow":-1.5e-3,"direction":0,"facts":{"targetContentOffset":null,"isTracking":false,"lastFrameOffset":1E2}}}"#,
    #"{"actions":[],"quiet":{"facts":{"targetContentOffset":12.75,"time":123456789012345678}}}"#,
    #"{"actions":[["requestContent",999999999999999]]}"#,
    #"{"actions":[["requestContent",1000000000000000]]}"#,
    #"{"actions":[["requestContent",1.0]]}"#,
    #"{"actions":[["requestContent",-0]]}"#,
    #"{"actions":[["wakeUp",86400.000001]]}"#,
    #"{"actions":[],"actions":[]}"#,
    #"{"actions":[],"note":"x"}"#,
    #"{"actions":[["request\u0043ontent",1]]}"#,
    #"{"actions":[],"quiet":{"facts":{"itemCount":1,"itemCount":2}}}"#,
    #"{"actions":[],"quiet":{"rows":[1,3,4]}}"#,
    #"{"actions":[],"quiet":{"direction":2}}"#,
    #"{"error":"boom"}"#,
    #"{"actions":[01]}"#,
    "{\"actions\":[]}\u{0}",
  ]

  @Test func bothPathsAgreeWhereverTheFastOneReads() {
    for line in Self.lines { check(Array(line.utf8)) }
  }

  @Test func theSDKsAnswersTakeTheFastPath() {
    for line in Self.lines.prefix(10) {
      #expect(HelperAnswerFastReader.read(Array(line.utf8)) != nil, "\(line)")
    }
  }

  /// Every line with one byte changed, removed or doubled (a deterministic walk): no line
  /// read differently, none trapping.
  @Test func mutatedLinesAreReadAlikeOrDeclined() {
    var random = SeededRandom(seed: 7)
    let alphabet = Array(#"{}[],:"0123456789.-eE+ truefalsnul\"#.utf8)
    var read = 0
    for line in Self.lines.map({ Array($0.utf8) }) {
      for _ in 0..<1000 {
        var bytes = line
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
        case 1: bytes.remove(at: at)
        default: bytes.insert(bytes[at], at: at)
        }
        if check(bytes) { read += 1 }
      }
    }
    #expect(read > 1000, "the fast path read \(read) mutated lines: too few to compare")
  }

  /// Whether the fast path read it (and then, that the general path read the same).
  @discardableResult
  private func check(_ bytes: [UInt8]) -> Bool {
    guard let fast = HelperAnswerFastReader.read(bytes) else { return false }
    let full = try? HelperAnswer.parseInFull(bytes)
    #expect(full == fast, "\(String(decoding: bytes, as: UTF8.self))")
    return true
  }
}
