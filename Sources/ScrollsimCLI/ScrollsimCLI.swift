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
    // only in ferror, and stderr's writes note theirs (Console.write(error:)): check on the way
    // out, and exit 73 instead of 0 (or a usage error's 64) if stdout or stderr lost anything.
    atexit {
      if fflush(nil) != 0 || Console.standard.errorWriteFailed {
        let message = "error: stdout or stderr: cannot write (a full disk or a closed pipe?)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(73)
      }
    }
    let given = arguments ?? Array(CommandLine.arguments.dropFirst())
    // Helpers named on the command line start now, while the options are parsed and the input read.
    ProcessStrategies.shared.prestart(arguments: given)
    let context = CommandLineContext(catalog: catalog, commandName: commandName, arguments: given)
    exit(execute(given, in: context))
  }

  /// What one in-process invocation returned and wrote.
  public struct Invocation: Sendable {
    /// The exit code `main` would have exited with.
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
  }

  /// Runs one command line in this process, as `main` would, and returns its exit code and
  /// what it wrote to stdout and stderr (files it writes are written). For tests and for
  /// tools that embed scrollsim; the process is not exited.
  public static func invoke(
    _ arguments: [String], catalog: StrategyCatalog = .builtIn, commandName: String = "scrollsim"
  ) -> Invocation {
    let console = Console(capturing: true)
    let context = CommandLineContext(catalog: catalog, commandName: commandName, arguments: arguments, console: console)
    let status = execute(arguments, in: context)
    return Invocation(status: status, standardOutput: console.output, standardError: console.errors)
  }

  /// Parses and runs `arguments` in `context`; the exit code.
  static func execute(_ arguments: [String], in context: CommandLineContext) -> Int32 {
    CommandLineContext.$current.withValue(context) {
      if let unknown = unknownHelpTopic(arguments) {
        printNote("error: help \(unknown): no such command; see \(context.commandName) --help")
        return 64
      }
      return runCommand(arguments)
    }
  }

  /// ArgumentParser's `main`, with its messages written through the console (its own stderr
  /// writer would go unchecked): help and completion scripts on stdout, errors on stderr.
  static func runCommand(_ arguments: [String]) -> Int32 {
    do {
      var command = try ScrollsimCommand.parseAsRoot(arguments)
      try command.run()
      return 0
    } catch {
      let code = ScrollsimCommand.exitCode(for: error)
      let message = ScrollsimCommand.fullMessage(for: error)
      if !message.isEmpty {
        if code == .success {
          do throws(SimError) {
            try writeStandardOutput(message + "\n")
          } catch {
            printNote("error: \(error)")
            return error.exitCode
          }
        } else {
          writeStandardError(message + "\n")
        }
      }
      return code.rawValue
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
