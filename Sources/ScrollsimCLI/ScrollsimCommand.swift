import ArgumentParser
import Foundation
import SimCore

/// The `scrollsim` command line as a library, so that a team can build its own tool: scrollsim
/// plus its strategies, side by side with the built-ins.
///
///     // Sources/my-scrollsim/main.swift
///     import ScrollsimCLI
///     import SimCore
///     ScrollsimCLI.main(catalog: StrategyCatalog.builtIn.adding(MyStrategy.self), commandName: "my-scrollsim")
public enum ScrollsimCLI {
  /// Parses the process's arguments (or `arguments`) and runs the command with `catalog`'s
  /// strategies; exits the process with the command's exit code.
  public static func main(
    catalog: StrategyCatalog = .builtIn, commandName: String = "scrollsim", arguments: [String]? = nil
  ) {
    // print() goes through stdio, which records a failed write (a full disk, a closed pipe)
    // only in ferror, and stderr's writes note theirs (writeStandardError): check on the way
    // out, and exit 73 instead of 0 (or a usage error's 64) if stdout or stderr lost anything.
    atexit {
      if fflush(nil) != 0 || StandardError.failed {
        let message = "error: stdout or stderr: cannot write (a full disk or a closed pipe?)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(73)
      }
    }
    let given = arguments ?? Array(CommandLine.arguments.dropFirst())
    let context = CommandLineContext(catalog: catalog, commandName: commandName, arguments: given)
    CommandLineContext.$current.withValue(context) {
      if let unknown = unknownHelpTopic(given) {
        printNote("error: help \(unknown): no such command; see \(commandName) --help")
        exit(64)
      }
      runCommand(given)
    }
  }

  /// ArgumentParser's `main`, with its messages written through `writeStandardError` (its own
  /// stderr writer would go unchecked): help and completion scripts on stdout, errors on stderr.
  static func runCommand(_ arguments: [String]) -> Never {
    do {
      var command = try ScrollsimCommand.parseAsRoot(arguments)
      try command.run()
      exit(0)
    } catch {
      let code = ScrollsimCommand.exitCode(for: error)
      let message = ScrollsimCommand.fullMessage(for: error)
      if !message.isEmpty {
        if code == .success { print(message) } else { writeStandardError(message + "\n") }
      }
      exit(code.rawValue)
    }
  }

  /// `help NAME …` where NAME is no command (ArgumentParser would print the overview and
  /// succeed, hiding a typo).
  static func unknownHelpTopic(_ arguments: [String]) -> String? {
    guard arguments.count > 1, arguments[0] == "help" else { return nil }
    var command: any ParsableCommand.Type = ScrollsimCommand.self
    for name in arguments.dropFirst() where !name.hasPrefix("-") {
      let subcommands = command.configuration.subcommands
      guard let next = subcommands.first(where: { $0.configuration.commandName == name })
      else { return arguments.dropFirst().joined(separator: " ") }
      command = next
    }
    return nil
  }
}

/// What the commands of one invocation share: the strategies they know, the tool's name and
/// the arguments it was given (for reports' `meta`).
struct CommandLineContext: Sendable {
  var catalog: StrategyCatalog
  var commandName: String
  var arguments: [String] = []

  @TaskLocal static var current = CommandLineContext(catalog: .builtIn, commandName: "scrollsim")

  static var catalog: StrategyCatalog { current.catalog }

  /// The command line as a shell would take it back: `scrollsim compare --fail-if 'wait_time > +10%'`.
  static var commandLine: String {
    ([current.commandName] + current.arguments).map { word in
      let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "_-./=:,+@%".contains($0) }
      return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }.joined(separator: " ")
  }
}

struct ScrollsimCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: CommandLineContext.current.commandName,
      abstract: "A wind tunnel for list prefetching: replay scroll gestures, compare prefetch strategies.",
      discussion: """
        Replays touch gestures (or recorded content offsets) over a simulated list whose pages and images arrive through a simulated network, runs prefetch strategies side by side on the same input and luck, and reports blank cells, stalls, requests and bytes.

        Start with:
          \(CommandLineContext.current.commandName) compare
          \(CommandLineContext.current.commandName) generate --profile flinger --duration 60 -o fling.json
          \(CommandLineContext.current.commandName) run --strategy smart --events timeline.jsonl fling.json

        Exit codes: 0 ok, 1 a --fail-if condition held (docs/ci.md), 64 usage, 65 bad data, 66 missing input, 73 cannot write, 130 interrupted, 143 terminated (SIGTERM; a sweep keeps what finished on either).

        Docs: docs/trace-format.md, docs/scenario.md, docs/strategies.md, docs/metrics.md, docs/events.md.
        """,
      version: Provenance.version,
      subcommands: [
        RunCommand.self, CompareCommand.self, GenerateCommand.self, StrategiesCommand.self,
        SweepCommand.self, MergeCommand.self, ImportCommand.self, TraceCommand.self, CalibrateCommand.self,
        ScenarioCommand.self, PhysicsCommand.self,
        NetworksCommand.self, DrawsCommand.self,
        BenchCommand.self,
      ]
    )
  }
}
