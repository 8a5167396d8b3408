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
  static var commandLine: String { quoted([current.commandName] + current.arguments) }

  /// The command line without `options` and their values (`--shard 2/4`, `--shard=2/4`) and
  /// without `flags`: the command a population's report records, the same for every shard and
  /// for the whole, wherever it was written and however many threads ran it. `words` drops
  /// arguments as typed (a population's folders, for a command over one of its sessions).
  static func commandLine(dropping options: Set<String>, flags: Set<String> = [], words: Set<String> = []) -> String {
    var kept: [String] = []
    var skipNext = false
    for word in current.arguments {
      if skipNext {
        skipNext = false
        continue
      }
      if options.contains(word) {
        skipNext = true
        continue
      }
      if flags.contains(word) || words.contains(word) { continue }
      if options.contains(where: { word.hasPrefix($0 + "=") }) { continue }
      kept.append(word)
    }
    return quoted([current.commandName] + kept)
  }

  static func quoted(_ words: [String]) -> String {
    words.map { word in
      let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "_-./=:,+@%".contains($0) }
      return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }.joined(separator: " ")
  }
}
