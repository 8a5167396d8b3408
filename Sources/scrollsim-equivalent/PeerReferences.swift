import Foundation
import SimCore

/// The performance references beside the project (`../shared/bench`): a C floor (`floor.c`,
/// the least work the equivalent scenario needs) and a SimPy peer (`simpy_peer.py`, the same
/// scenario as a researcher would write it). `bench --equivalent` builds and runs them between
/// its own runs, so the three share the machine's noise. Their rules: `../shared/bench/README.md`.
struct PeerReferences {
  let directory: URL
  /// A Python that imports simpy, or nil (then the SimPy peer is skipped, and the reason is in
  /// `pythonProblem`).
  let python: String?
  let pythonProblem: String?

  /// One peer run: its best wall milliseconds per simulated run, and the frames and requests of
  /// a run where the peer prints them.
  struct Measurement {
    var milliseconds: Double
    var frames: Int?
    var requests: Int?
  }

  /// `explicit`, or `../shared/bench` from the working directory or from the package that holds
  /// this executable; nil when none exists.
  static func locate(explicit: String?, python explicitPython: String?) throws(SimError) -> PeerReferences? {
    var candidates: [URL] = []
    if let explicit {
      candidates.append(URL(fileURLWithPath: explicit))
    } else {
      let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      candidates.append(cwd.appendingPathComponent("../shared/bench"))
      if let root = packageRoot() { candidates.append(root.appendingPathComponent("../shared/bench")) }
    }
    guard
      let directory = candidates.first(where: {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("floor.c").path)
      })?.standardizedFileURL
    else {
      if let explicit { throw SimError(.usage, "\(explicit): no floor.c here; --peers names ../shared/bench") }
      return nil
    }
    var pythons: [String] = []
    if let explicitPython {
      pythons.append(explicitPython)
    } else {
      if let root = packageRoot() { pythons.append(root.appendingPathComponent("Bench/.venv/bin/python").path) }
      pythons.append("python3")
    }
    var problem: String? = nil
    for candidate in pythons {
      if (try? run([candidate, "-c", "import simpy"])) != nil {
        return PeerReferences(directory: directory, python: candidate, pythonProblem: nil)
      }
      problem = "\(candidate) cannot import simpy"
    }
    return PeerReferences(
      directory: directory, python: nil,
      pythonProblem: "\(problem ?? "no Python"); `Bench/setup.sh` installs SimPy 4.1.2 in Bench/.venv")
  }

  /// Compiles `floor.c` as its README says (`cc -O2 … -lm`) into `scratch`.
  func buildFloor(in scratch: URL) throws(SimError) -> String {
    let binary = scratch.appendingPathComponent("floor").path
    _ = try Self.run(["cc", "-O2", "-o", binary, directory.appendingPathComponent("floor.c").path, "-lm"])
    return binary
  }

  /// `floor SECONDS STRATEGY RUNS`: best ms per run, frames and requests.
  func runFloor(_ binary: String, seconds: Double, rule: String, runs: Int) throws(SimError) -> Measurement {
    let output = try Self.run([binary, "\(seconds)", rule, "\(runs)"])
    guard let milliseconds = Self.number(after: "min ", in: output) else {
      throw SimError(.badData, "floor: unexpected output: \(output)")
    }
    return Measurement(
      milliseconds: milliseconds, frames: Self.number(after: "frames ", in: output).map { Int($0) },
      requests: Self.number(after: "requests ", in: output).map { Int($0) })
  }

  /// `simpy_peer.py --seconds S --strategy RULE --runs N`: best ms per run.
  func runSimPy(seconds: Double, rule: String, runs: Int) throws(SimError) -> Measurement? {
    guard let python else { return nil }
    let script = directory.appendingPathComponent("simpy_peer.py").path
    let output = try Self.run([
      python, script, "--seconds", "\(seconds)", "--strategy", rule, "--runs", "\(runs)",
    ])
    guard let milliseconds = Self.number(after: "min ", in: output) else {
      throw SimError(.badData, "simpy_peer.py: unexpected output: \(output)")
    }
    return Measurement(
      milliseconds: milliseconds, frames: Self.number(after: "frames=", in: output).map { Int($0) },
      requests: Self.number(after: "requests=", in: output).map { Int($0) })
  }

  /// The number right after the first `label` in `text`.
  private static func number(after label: String, in text: String) -> Double? {
    guard let range = text.range(of: label) else { return nil }
    let digits = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
    return Double(digits)
  }

  /// Runs a command (found on PATH) and returns its stdout; a non-zero exit is an error that
  /// quotes its stderr. Stderr goes to a temporary file, not a second pipe: reading two pipes
  /// one after the other can deadlock once the other one fills.
  @discardableResult
  static func run(_ arguments: [String]) throws(SimError) -> String {
    let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrollsim-peer-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max)).err")
    guard FileManager.default.createFile(atPath: errorsURL.path, contents: nil),
      let errors = try? FileHandle(forWritingTo: errorsURL)
    else { throw SimError(.cannotWrite, "\(errorsURL.path): cannot create") }
    defer {
      try? errors.close()
      try? FileManager.default.removeItem(at: errorsURL)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch {
      throw SimError(.noInput, "\(arguments[0]): cannot start (\(error.localizedDescription))")
    }
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let stderr = (try? Data(contentsOf: errorsURL)) ?? Data()
      let message = String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw SimError(
        .badData, "\(arguments.joined(separator: " ")): exit \(process.terminationStatus): \(message.prefix(400))")
    }
    return String(decoding: stdout, as: UTF8.self)
  }

  /// The directory holding Package.swift above this executable (`.build/…/scrollsim`).
  private static func packageRoot() -> URL? {
    guard let executable = Bundle.main.executableURL else { return nil }
    var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }
}
