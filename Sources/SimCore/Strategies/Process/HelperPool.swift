import Foundation

/// The helpers of one `process:COMMAND`: started when a run needs one and none is free, kept
/// warm between runs (so each worker thread of a sweep starts one helper, once), stopped when
/// scrollsim exits. The first helper's handshake is the strategy's description; every later
/// helper must give the same one.
final class HelperPool: @unchecked Sendable {
  let command: String
  let description: HelperDescription
  /// Seconds a helper may take to answer one message; the handshake may take three times as
  /// long (a JVM starting).
  let timeout: Double
  private let lock = NSLock()
  private var idle: [HelperProcess] = []
  /// Helpers started for this command so far (one per worker thread in a sweep).
  private(set) var started = 1

  /// `SCROLLSIM_PROCESS_TIMEOUT` seconds, default 10: long enough for any rule, short enough
  /// that a hung helper is found while the user still waits.
  static let defaultTimeout: Double = {
    guard let text = ProcessInfo.processInfo.environment["SCROLLSIM_PROCESS_TIMEOUT"], let value = Double(text),
      value.isFinite, value > 0
    else { return 10 }
    return min(value, 86_400)
  }()

  /// Starts the first helper of `command` (or takes `prestarted`, told hello already) and reads
  /// its handshake.
  init(
    command: String, reservedNames: Set<String>, timeout: Double = defaultTimeout, prestarted: HelperProcess? = nil
  ) throws(SimError) {
    self.command = command
    self.timeout = timeout
    let (helper, description) = try Self.start(
      command, reservedNames: reservedNames, timeout: timeout, prestarted: prestarted)
    self.description = description
    idle = [helper]
  }

  /// A helper for one run: a warm one, or a new one whose handshake matches.
  func checkout() throws(HelperProcess.Failure) -> HelperProcess {
    lock.lock()
    let warm = idle.popLast()
    lock.unlock()
    if let warm { return warm }
    lock.lock()
    started += 1
    lock.unlock()
    let started: (HelperProcess, HelperDescription)
    do {
      started = try Self.start(command, reservedNames: [], timeout: timeout)
    } catch {
      throw HelperProcess.Failure(message: error.message)
    }
    guard started.1 == description else {
      started.0.stop()
      throw HelperProcess.Failure(message: "a second copy of the helper gave a different handshake than the first")
    }
    return started.0
  }

  /// A helper whose run ended well goes back for the next run.
  func giveBack(_ helper: HelperProcess) {
    lock.lock()
    idle.append(helper)
    lock.unlock()
  }

  /// Stops every idle helper (at exit).
  func stopAll() {
    lock.lock()
    let helpers = idle
    idle = []
    lock.unlock()
    for helper in helpers { helper.stop() }
  }

  static let hello = "{\"type\":\"hello\",\"protocol\":\(HelperDescription.protocolVersion)}"

  private static func start(
    _ command: String, reservedNames: Set<String>, timeout: Double, prestarted: HelperProcess? = nil
  ) throws(SimError) -> (HelperProcess, HelperDescription) {
    func failure(_ message: String, _ helper: HelperProcess?) -> SimError {
      let text = message + (helper?.stderrEnding() ?? "")
      helper?.stop()
      return SimError(.badData, file: "process:\(command)", text)
    }
    let helper: HelperProcess
    let reply: [UInt8]
    if let started = prestarted {
      helper = started
      do {
        reply = try helper.answer(timeout: 3 * timeout)
      } catch {
        throw failure("the helper's handshake failed: \(error.message)", helper)
      }
    } else {
      do {
        helper = try HelperProcess(command: command)
      } catch {
        throw failure("cannot start the helper: \(error.message)", nil)
      }
      do {
        reply = try helper.exchange(hello, timeout: 3 * timeout)
      } catch {
        throw failure("the helper's handshake failed: \(error.message)", helper)
      }
    }
    do throws(SimError) {
      if let error = ProcessStrategy.helperError(reply) { throw SimError(.badData, "it reported: \(error)") }
      let value = try JSONParser.parse(reply)
      let description = try HelperDescription(reply: value, reservedNames: reservedNames)
      helper.nameStderr(description.info.name)
      return (helper, description)
    } catch {
      throw failure("the helper's handshake is not one scrollsim reads: \(error.description)", helper)
    }
  }
}

/// The helper commands a scrollsim process has started, by command and by the name each
/// strategy gave itself: `process:COMMAND` resolves once, and afterwards the strategy's name
/// resolves too (a report's row, a sweep table's `strategy` column).
package final class ProcessStrategies: @unchecked Sendable {
  package static let shared = ProcessStrategies()
  private let lock = NSLock()
  private var pools: [String: HelperPool] = [:]
  private var commands: [String: String] = [:]
  /// Helpers started ahead by `prestart`, by command, until their pool takes them.
  private var prestarted: [String: HelperProcess] = [:]
  private var stopsAtExit = false

  /// Starts the helper of every `process:COMMAND` in a command line (a strategy, a half of a
  /// pair, one of a comma list, `--option=value` too) and says hello, without waiting for the
  /// answer: an interpreter loads (a Python helper here: 8–28 ms) while scrollsim parses its
  /// options and reads its input, instead of after. The pool of that command reads the
  /// handshake; a helper no command uses is stopped at exit. A helper that cannot start is
  /// left for the pool to start again and report.
  package func prestart(arguments: [String]) {
    // Most command lines name no helper: look no further (and touch no Foundation) for them.
    for argument in arguments where argument.utf8.count > 8 && argument.contains("process:") {
      let value =
        argument.hasPrefix("--") ? argument.split(separator: "=", maxSplits: 1).last.map(String.init) ?? "" : argument
      for part in value.split(separator: ",").flatMap({ $0.split(separator: "+") }) {
        let text = part.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("process:") else { continue }
        let command = text.dropFirst("process:".count).trimmingCharacters(in: .whitespaces)
        lock.lock()
        let known = command.isEmpty || prestarted[command] != nil
        lock.unlock()
        guard !known, let helper = try? HelperProcess(command: command) else { continue }
        do {
          try helper.send(HelperPool.hello, timeout: 1)
        } catch {
          helper.stop()
          continue
        }
        lock.lock()
        prestarted[command] = helper
        registerStopAtExit()
        lock.unlock()
      }
    }
  }

  /// Called with the lock held.
  private func registerStopAtExit() {
    guard !stopsAtExit else { return }
    stopsAtExit = true
    atexit { ProcessStrategies.shared.stopAll() }
  }

  /// The kind for `process:COMMAND`, starting its first helper if this is the first time.
  func kind(command: String, reservedNames: Set<String>) throws(SimError) -> StrategyKind {
    let command = command.trimmingCharacters(in: .whitespaces)
    guard !command.isEmpty else {
      throw SimError(.usage, "process: needs a command, e.g. --strategies 'process:python3 mine.py'")
    }
    try HelperStderr.check()
    lock.lock()
    defer { lock.unlock() }
    if let pool = pools[command] { return Self.kind(pool) }
    let pool = try HelperPool(
      command: command, reservedNames: reservedNames, prestarted: prestarted.removeValue(forKey: command))
    let name = pool.description.info.name
    if let other = commands[name] {
      pool.stopAll()
      throw SimError(
        .usage,
        "process:\(command) calls its strategy \"\(name)\", as process:\(other) does; two strategies need two names")
    }
    registerStopAtExit()
    pools[command] = pool
    commands[name] = command
    return Self.kind(pool)
  }

  /// The kind of a helper's strategy already started under `name`, if any.
  func kind(named name: String) -> StrategyKind? {
    lock.lock()
    defer { lock.unlock() }
    return commands[name].flatMap { pools[$0] }.map(Self.kind)
  }

  /// The handshake the helper of `command` gave, if it has started.
  func handshake(command: String) -> JSONValue? {
    lock.lock()
    defer { lock.unlock() }
    return pools[command]?.description.raw
  }

  static func kind(_ pool: HelperPool) -> StrategyKind {
    StrategyKind(info: pool.description.info, command: pool.command) { ProcessStrategy(pool: pool, parameters: $0) }
  }

  private func stopAll() {
    lock.lock()
    let all = Array(pools.values)
    let unused = Array(prestarted.values)
    prestarted = [:]
    lock.unlock()
    for pool in all { pool.stopAll() }
    for helper in unused { helper.stop() }
  }
}

/// How many decisions helper processes have made in this scrollsim process (one exchange each),
/// counted when each run's strategy is released: what `scrollsim bench` divides a run's time by.
package enum HelperDecisions {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var total = 0

  package static var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return total
  }

  static func add(_ decisions: Int) {
    guard decisions > 0 else { return }
    lock.lock()
    total += decisions
    lock.unlock()
  }
}
