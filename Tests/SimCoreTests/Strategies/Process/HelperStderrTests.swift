import Foundation
import Testing

@testable import SimCore

/// `SCROLLSIM_HELPER_STDERR=inherit`: a helper's stderr, split into lines as it comes, each line
/// written whole after the strategy's name; lines before the handshake wait for the name, and a
/// last line without its newline goes out when the helper stops. (.ci/sdks.sh runs it end to end.)
@Suite struct HelperStderrTests {
  /// What `body` makes a pass-through write, read back from a pipe.
  static func written(_ body: (inout HelperStderr.Passthrough) -> Void) -> String {
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    var passthrough = HelperStderr.Passthrough()
    passthrough.output = fds[1]
    body(&passthrough)
    close(fds[1])
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fds[0], &chunk, chunk.count)
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    close(fds[0])
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func linesWaitForTheNameThenGoOutWholeUnderIt() {
    let text = Self.written { passthrough in
      passthrough.take(Array("starting\nhalf a ".utf8)[...])
      passthrough.label = "mine-py"
      passthrough.flush(under: "mine-py")
      passthrough.take(Array("line\nanother\nno newline".utf8)[...])
      passthrough.flush(under: "mine-py", final: true)
    }
    #expect(text == "[mine-py] starting\n[mine-py] half a line\n[mine-py] another\n[mine-py] no newline\n")
  }

  @Test func withoutANameTheLinesWaitUntilTheEnd() {
    let text = Self.written { passthrough in
      passthrough.take(Array("one\ntwo\n".utf8)[...])
      #expect(passthrough.label == nil)
      passthrough.flush(under: "process:python3 mine.py", final: true)
    }
    #expect(text == "[process:python3 mine.py] one\n[process:python3 mine.py] two\n")
  }

  @Test func onlyInheritAndKeepAreSettings() {
    for value in [nil, "inherit", "keep"] { #expect(throws: Never.self) { try HelperStderr.check(value) } }
    for value in ["loud", "Inherit", "inherit "] {
      #expect {
        try HelperStderr.check(value)
      } throws: { error in
        (error as? SimError)?.exitCode == 64 && "\(error)".contains("is not a setting: inherit passes")
      }
    }
  }
}
