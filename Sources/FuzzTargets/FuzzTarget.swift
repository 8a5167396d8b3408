import Foundation
import SimCore

/// One reader of untrusted input, driven by a fuzzer (`Fuzz/README.md`, `docs/reliability.md`).
///
/// A target takes any bytes. A refusal (`SimError`) is the expected answer to bad input; a trap,
/// a hang or a crash is a bug. Where an input is accepted, the target also checks what must then
/// hold (what was read writes out and reads back), and traps when it does not, so that the
/// fuzzer reports it.
package struct FuzzTarget: Sendable {
  package var name: String
  /// What the bytes are, for `--help` and the docs.
  package var input: String
  package var body: @Sendable ([UInt8]) -> Void

  package static let all: [FuzzTarget] = [
    trace, trajectory, scenario, simulate, touchCSV, getevent, offsets, har, objective, grid, mergeCSV, gateCondition,
    baseline, assertions, history, helperReply,
  ]

  package static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

  /// Runs the target as the fuzzer does: a broken promise traps, so that the fuzzer reports it.
  package func run(_ bytes: [UInt8]) { body(bytes) }

  /// Runs the target and returns the promises `bytes` broke instead of trapping, so that a test
  /// over the saved corpus fails by name rather than killing the test run.
  package func brokenPromises(_ bytes: [UInt8]) -> [String] {
    let log = PromiseLog()
    PromiseLog.$current.withValue(log) { body(bytes) }
    return log.messages
  }
}

/// Where `require` reports a broken promise when a test, not the fuzzer, runs a target.
final class PromiseLog: @unchecked Sendable {
  @TaskLocal static var current: PromiseLog?
  private let lock = NSLock()
  private var broken: [String] = []

  var messages: [String] { lock.withLock { broken } }

  func add(_ message: String) { lock.withLock { broken.append(message) } }
}

/// Traps with `message` when an accepted input breaks a promise (never for a refusal); under
/// `brokenPromises` it records the message instead.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  guard let log = PromiseLog.current else { fatalError("broken promise: \(message())") }
  log.add("broken promise: \(message())")
}

/// The bytes as text (invalid UTF-8 repaired, as the readers themselves do).
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Splits `text` at the first line that is exactly `marker`: (before, after).
func split(_ text: String, at marker: String) -> (String, String?) {
  guard let range = text.range(of: "\n\(marker)\n") else { return (text, nil) }
  return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
}

/// `key=value` options from a first line such as `time=2 unit=ms px=3`.
func options(_ line: Substring) -> [String: String] {
  var result: [String: String] = [:]
  for word in line.split(separator: " ") {
    guard let equals = word.firstIndex(of: "=") else { continue }
    result[String(word[..<equals])] = String(word[word.index(after: equals)...])
  }
  return result
}

/// The first line (options) and the rest (the file).
func optionsAndBody(_ bytes: [UInt8]) -> ([String: String], String) {
  let all = text(bytes)
  guard let newline = all.firstIndex(of: "\n") else { return (options(Substring(all)), "") }
  return (options(all[..<newline]), String(all[all.index(after: newline)...]))
}

/// A scenario from the input's text: a scenario file (empty: none), then optionally a line
/// `#set` and one `--set path=value` per line.
func fuzzScenario(from text: String) -> Scenario? {
  let (file, sets) = split(text, at: "#set")
  let overrides = sets.map { $0.split(separator: "\n").map(String.init) } ?? []
  let body = file.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : Array(file.utf8)
  return try? Scenario.load(bytes: body, file: "fuzz.json", overrides: overrides)
}

/// What a written trace must do: read back as the same text.
func requireReadsBack(_ written: String, _ what: String) {
  let again = try? Trace.decode(JSONParser.parse(written))
  require(again?.encoded() == written, "\(what) reads back different")
}
