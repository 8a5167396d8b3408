import ArgumentParser
import Foundation
import SimCore

/// Where one invocation's text goes: the process's stdout and stderr, or two strings when the
/// command line runs in-process (`ScrollsimCLI.invoke`, the CLI tests).
final class Console: @unchecked Sendable {
  /// The process's stdout and stderr.
  static let standard = Console(capturing: false)

  /// Whether text is kept in `output` and `errors` instead of written.
  let capturing: Bool
  private let lock = NSLock()
  private var capturedOutput = ""
  private var capturedErrors = ""
  private var failedWrite = false

  init(capturing: Bool) { self.capturing = capturing }

  /// What went to stdout (captured consoles only).
  var output: String { lock.withLock { capturedOutput } }
  /// What went to stderr (captured consoles only).
  var errors: String { lock.withLock { capturedErrors } }
  /// Whether a write to stderr failed; only ever set, so a race cannot lose it.
  var errorWriteFailed: Bool { lock.withLock { failedWrite } }

  /// Writes to stdout; a failure (a full disk, a closed pipe) is an error with exit 73, not a trap.
  func write(output text: String) throws(SimError) {
    if capturing { return lock.withLock { capturedOutput += text } }
    do {
      try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    } catch {
      throw SimError(.cannotWrite, "stdout: cannot write (\(error.localizedDescription))")
    }
  }

  /// Writes to stderr; a failed write is noted instead of trapping (FileHandle's plain `write`
  /// traps), and the exit check (`ScrollsimCLI.main`) turns it into exit 73.
  func write(error text: String) {
    if capturing { return lock.withLock { capturedErrors += text } }
    do {
      try FileHandle.standardError.write(contentsOf: Data(text.utf8))
    } catch {
      lock.withLock { failedWrite = true }
    }
  }
}

/// One line on stderr, prefixed with the tool's name (`scrollsim: …`).
func printNote(_ text: String) {
  writeStandardError("\(CommandLineContext.current.commandName): \(text)\n")
}

/// Writes to this invocation's stderr.
func writeStandardError(_ text: String) {
  CommandLineContext.current.console.write(error: text)
}

/// Writes to this invocation's stdout.
func writeStandardOutput(_ text: String) throws(SimError) {
  try CommandLineContext.current.console.write(output: text)
}

/// Text on stdout from a command body that is not inside `reportingErrors`.
func printOutput(_ text: String) throws {
  try reportingErrors { () throws(SimError) in try writeStandardOutput(text) }
}

/// Runs a command body, turning `SimError` into one line on stderr and its exit code.
func reportingErrors(_ body: () throws(SimError) -> Void) throws {
  do {
    try body()
  } catch {
    printNote("error: \(error)")
    throw ExitCode(error.exitCode)
  }
}

/// Writes `text` to `path` atomically, or to stdout when `path` is nil.
func emit(_ text: String, to path: String?) throws(SimError) {
  try emitAll([(text, path)])
}

/// Writes a command's outputs all or nothing: every file (`AtomicFile.writeAll`), then the one
/// without a path, if any, to stdout.
func emitAll(_ outputs: [(text: String, path: String?)]) throws(SimError) {
  try AtomicFile.writeAll(outputs.compactMap { output in output.path.map { (output.text, $0) } })
  for output in outputs where output.path == nil { try writeStandardOutput(output.text) }
}

/// Makes `path` a folder (and its parents) if it is not one; a file in the way, or no right to
/// write there, is exit 73.
func makeFolder(_ path: String) throws(SimError) {
  var isFolder: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
    guard isFolder.boolValue else { throw SimError(.cannotWrite, "\(path): is a file, not a folder") }
    return
  }
  do {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  } catch {
    throw SimError(.cannotWrite, "\(path): cannot make the folder (\(error.localizedDescription))")
  }
}

/// A batch's note on SIGINT or SIGTERM, on a line of its own after the progress bar.
@Sendable func printInterruption(_ text: String) {
  writeStandardError("\n")
  printNote(text)
}
