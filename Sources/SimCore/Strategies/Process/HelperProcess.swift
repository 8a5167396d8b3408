import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A strategy's helper process: started with `/bin/sh -c COMMAND` in its own process group,
/// spoken to one line of JSON at a time over its stdin and stdout (`docs/protocol.md`).
///
/// Every wait has a deadline, so a helper that stops reading or answering never hangs a run:
/// writes are non-blocking and polled, reads poll stdout and stderr together. Stderr is drained
/// while waiting (a chatty helper never blocks on a full pipe) and its last lines are kept for
/// the error message. `stop()` kills the whole process group.
final class HelperProcess {
  /// Why an exchange failed, in words for the error message.
  struct Failure: Error {
    var message: String
  }

  let command: String
  private let pid: pid_t
  private var input: Int32
  private let output: Int32
  private let errors: Int32
  private var pending: [UInt8] = []
  /// Where reads land (allocated once: a fresh 64 KB array per read cost a tenth of a decision).
  private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 8)
  private var stderrTail: [UInt8] = []
  /// Under `SCROLLSIM_HELPER_STDERR=inherit`, where its stderr lines also go (`HelperStderr`).
  private var passthrough = HelperStderr.inherits ? HelperStderr.Passthrough() : nil
  private var stopped = false
  /// The helper has ended and been reaped.
  private var exited = false
  /// At most this many bytes of stderr are kept.
  static let stderrKept = 4096
  /// A line longer than this is garbage, not a reply (a reply is a few hundred bytes).
  static let longestLine = 16 << 20

  /// Starts `command`; throws if it cannot be started at all.
  init(command: String) throws(Failure) {
    Self.ignoreBrokenPipes
    self.command = command
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    var errChild: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&errChild) == 0 else {
      throw Failure(message: "cannot make pipes: \(String(cString: strerror(errno)))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errChild[1], 2)
    for fd in toChild + fromChild + errChild { posix_spawn_file_actions_addclose(&actions, fd) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var child: pid_t = 0
    let arguments = ["/bin/sh", "-c", command]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
    close(toChild[0])
    close(fromChild[1])
    close(errChild[1])
    guard status == 0 else {
      for fd in [toChild[1], fromChild[0], errChild[0]] { close(fd) }
      throw Failure(message: "cannot start /bin/sh: \(String(cString: strerror(status)))")
    }
    pid = child
    input = toChild[1]
    output = fromChild[0]
    errors = errChild[0]
    for fd in [input, output, errors] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
  }

  deinit {
    stop()
    buffer.deallocate()
  }

  /// A write to a helper that has exited must fail with EPIPE, not kill scrollsim.
  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// Sends `line` (one message, without its newline) and returns the helper's one-line answer,
  /// waiting at most `timeout` seconds in all.
  func exchange(_ line: String, timeout: Double) throws(Failure) -> [UInt8] {
    var bytes = Array(line.utf8)
    return try exchange(&bytes, timeout: timeout)
  }

  /// Sends `line` without waiting for the answer (`answer(timeout:)` reads it): a helper told
  /// hello while scrollsim goes on with its own start-up.
  func send(_ line: String, timeout: Double) throws(Failure) {
    try send(Array(line.utf8) + [10], before: Self.clock() + timeout, timeout: timeout)
  }

  /// The answer to a line sent with `send(_:timeout:)`.
  func answer(timeout: Double) throws(Failure) -> [UInt8] {
    try readLine(before: Self.clock() + timeout, timeout: timeout)
  }

  /// `exchange` of a line already in bytes (without its newline, which is appended and taken
  /// off again): an event line is built as bytes, not as a string.
  func exchange(_ line: inout [UInt8], timeout: Double) throws(Failure) -> [UInt8] {
    let deadline = Self.clock() + timeout
    line.append(10)
    defer { line.removeLast() }
    try send(line, before: deadline, timeout: timeout)
    let answer = try readLine(before: deadline, timeout: timeout)
    // Passed-through lines come out as the helper writes them, not only when scrollsim waits.
    if passthrough != nil { drainStderr() }
    return answer
  }

  /// The last lines the helper wrote to stderr (at most `stderrKept` bytes), for a message.
  func stderrLines(limit: Int = 8) -> [String] {
    if !stopped { drainStderr() }
    let text = String(decoding: stderrTail, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    return Array(lines.suffix(limit))
  }

  /// "; its stderr ended with:" and those lines, indented, for an error message ("" when it
  /// wrote nothing): the one way both the handshake's and a run's failures quote a helper.
  func stderrEnding() -> String {
    let lines = stderrLines()
    return lines.isEmpty ? "" : "; its stderr ended with:\n" + lines.map { "    " + $0 }.joined(separator: "\n")
  }

  /// Ends the helper: closes its stdin (a polite helper exits on end of input), then kills its
  /// process group and reaps it. Safe to call twice.
  func stop() {
    guard !stopped else { return }
    stopped = true
    close(input)
    if !exited {
      kill(-pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    if passthrough != nil {
      // What it wrote before it ended goes out too, under its name or else its command.
      drainStderr()
      let name = passthrough?.label ?? "process:\(command)"
      passthrough?.flush(under: name, final: true)
    }
    close(output)
    close(errors)
  }

  /// The strategy's name, from its handshake: the label of its passed-through stderr lines,
  /// which are written from now on (those held until now first).
  func nameStderr(_ name: String) {
    guard passthrough != nil else { return }
    passthrough?.label = name
    drainStderr()
    passthrough?.flush(under: name)
  }

  // MARK: Reading and writing with a deadline

  private func send(_ bytes: [UInt8], before deadline: Double, timeout: Double) throws(Failure) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { write(input, $0.baseAddress! + sent, bytes.count - sent) }
      if count > 0 {
        sent += count
        continue
      }
      if count < 0 && errno == EINTR { continue }
      guard count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else {
        throw Failure(message: exitDescription(or: "it stopped reading its stdin"))
      }
      try wait(for: input, events: Int16(POLLOUT), before: deadline, timeout: timeout, doing: "read its stdin")
    }
  }

  private func readLine(before deadline: Double, timeout: Double) throws(Failure) -> [UInt8] {
    var searched = 0
    while true {
      if let newline = pending[searched...].firstIndex(of: 10) {
        let line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        // One message, one line: more would answer the next message with this one's leftovers.
        guard pending.isEmpty else {
          let extra = String(decoding: pending.prefix(80), as: UTF8.self)
          throw Failure(
            message:
              "it wrote more than one line for one message (then \(JSONWriter.quoted(extra))); a helper writes only its answers to stdout, logs go to stderr"
          )
        }
        if let bad = UTF8Check.firstInvalidByte(in: line) {
          throw Failure(
            message:
              "its line is not valid UTF-8 (\(UTF8Check.describe(bad, in: line))): \(ProcessStrategy.excerpt(line)); every line a helper writes must be UTF-8 JSON"
          )
        }
        return line
      }
      searched = pending.count
      guard pending.count <= Self.longestLine else {
        throw Failure(message: "it wrote more than \(Self.longestLine >> 20) MB without a newline")
      }
      var count = read(output, buffer.baseAddress!, buffer.count)
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && spinSeconds > 0 {
        count = spinForAnswer()
      }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        try wait(for: output, events: Int16(POLLIN), before: deadline, timeout: timeout, doing: "answer")
        continue
      }
      if count > 0 {
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      } else if count == 0 {
        throw Failure(message: exitDescription(or: "it closed its stdout"))
      } else if errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK {
        throw Failure(message: "reading its stdout failed: \(String(cString: strerror(errno)))")
      }
    }
  }

  /// Waits until `fd` is ready for `events`, draining stderr meanwhile.
  private func wait(
    for fd: Int32, events: Int16, before deadline: Double, timeout: Double, doing what: String
  ) throws(Failure) {
    while true {
      let left = deadline - Self.clock()
      guard left > 0 else {
        throw Failure(message: "it did not \(what) within \(JSONWriter.number(timeout)) s (SCROLLSIM_PROCESS_TIMEOUT)")
      }
      var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
      let ready = poll(&fds, 2, Int32(min(left * 1000, 60_000).rounded(.up)))
      if ready < 0 && errno != EINTR {
        throw Failure(message: "poll failed: \(String(cString: strerror(errno)))")
      }
      if fds[1].revents != 0 { drainStderr() }
      if fds[0].revents != 0 { return }
    }
  }

  /// Reads again and again for up to `spinSeconds` before the caller sleeps in `poll`: most
  /// answers come within tens of microseconds, and a reader that is not asleep spares both
  /// sides a scheduler wake-up (measured: 46 → 20 µs per decision with a helper that answers at
  /// once; docs/performance.md). `sched_yield` lets a helper on the same core run.
  private func spinForAnswer() -> Int {
    let start = Self.clock()
    var rounds = 0
    while true {
      let count = read(output, buffer.baseAddress!, buffer.count)
      if count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { return count }
      rounds += 1
      if rounds % 16 == 0 {
        guard Self.clock() - start < spinSeconds else { return count }
        sched_yield()
      }
    }
  }

  /// How long a reader spins before it sleeps: set for each run (`HelperSpin`).
  var spinSeconds = HelperSpin.seconds

  private func drainStderr() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress!, 4096) }
      guard count > 0 else { return }
      stderrTail.append(contentsOf: chunk[..<count])
      passthrough?.take(chunk[..<count])
      if stderrTail.count > Self.stderrKept { stderrTail.removeFirst(stderrTail.count - Self.stderrKept) }
    }
  }

  /// "it exited with status 3" (or was killed by a signal) if it has ended, else `alternative`.
  private func exitDescription(or alternative: String) -> String {
    var status: Int32 = 0
    // The helper may be closing: give it a moment to be reaped.
    for _ in 0..<50 {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        exited = true
        // Its process group may live on (a child it started): it goes too.
        kill(-pid, SIGKILL)
        drainStderr()
        let signal = status & 0x7f
        return signal == 0 ? "it exited with status \((status >> 8) & 0xff)" : "it was killed by signal \(signal)"
      }
      usleep(2000)
    }
    return alternative
  }

  private static func clock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
  }
}
