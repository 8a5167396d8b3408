import Foundation
import Testing

@testable import SimCore

/// `SignalDeferral` (Files/SignalDeferral.swift): a signal that would end the process arrives
/// while a file is written; the write finishes first, then the signal is raised again. Run in a
/// child process (an exit test), as the signal ends it.
@Suite struct SignalDeferralTests {
  @Test func aSignalDuringAWriteEndsTheProcessOnlyAfterIt() async throws {
    let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrollsim-deferral-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: marker) }
    await #expect(processExitsWith: .signal(SIGTERM)) { [marker = marker as String] in
      // As in a command-line process, SIGTERM ends the process (the test runner's child may
      // block or handle it otherwise). Raised inside the body, the body still completes and writes.
      signal(SIGTERM, SIG_DFL)
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      sigaddset(&unblocked, SIGTERM)
      pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
      try? SignalDeferral.during { () throws(SimError) in
        raise(SIGTERM)
        FileManager.default.createFile(atPath: marker, contents: Data("written".utf8))
      }
      // Not reached: the deferred signal ends the process as `during` returns.
      FileManager.default.createFile(atPath: marker + ".after", contents: nil)
    }
    #expect(FileManager.default.fileExists(atPath: marker))
    #expect(!FileManager.default.fileExists(atPath: marker + ".after"))
  }

  /// A signal the process handles or ignores itself (a sweep's stop flag) is left to it: still
  /// ignored after the write, so raising it does not end the process.
  @Test func aHandledSignalIsLeftAlone() async {
    await #expect(processExitsWith: .success) {
      signal(SIGHUP, SIG_IGN)
      let value = try? SignalDeferral.during { () throws(SimError) in 42 }
      raise(SIGHUP)
      exit(value == 42 ? 0 : 1)
    }
  }
}
