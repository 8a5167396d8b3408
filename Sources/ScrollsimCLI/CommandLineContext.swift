import SimCore

/// What the commands of one invocation share: the strategies they know, the tool's name and
/// the arguments it was given (for reports' `meta`).
struct CommandLineContext: Sendable {
  var catalog: StrategyCatalog
  var commandName: String
  var arguments: [String] = []
  /// Where the commands write their text.
  var console = Console.standard

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
