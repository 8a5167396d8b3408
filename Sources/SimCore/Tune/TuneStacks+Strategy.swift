import Foundation

extension TuneStacks {
  /// Any strategy as a stack of its own (`tune --strategy`): a team's own rule — a helper
  /// process (`process:COMMAND`) or a Swift strategy of a library user — has no preset knobs,
  /// so `--knobs name=spec` gives the values to try; the answer prints as the options that run
  /// it (`--strategy … --param …`), the parameters its handshake or info declares.
  package static func strategy(_ expression: String, catalog: StrategyCatalog) throws(SimError) -> TuneStack {
    let canonical = try catalog.canonicalName(expression)
    let kinds = try catalog.resolve(canonical)
    let spelled = kinds.map { kind in kind.command.map { "process:\($0)" } ?? kind.info.name }.joined(separator: "+")
    let keys = kinds.flatMap { kind in kind.info.parameters.map { (scope: kind.info.name, key: $0.name) } }
    var stack = TuneStack(
      name: canonical, summary: "your strategy (\(spelled))", strategy: canonical, language: "scrollsim options",
      fence: "sh", knobs: [], physics: PhysicsPresets.names,
      fixed: [],
      code: { value, _ in
        var flags = ["--strategy \(shellQuoted(spelled))"]
        for (scope, key) in keys {
          let shared = keys.filter { $0.key == key }.count > 1
          flags.append("--param \(shared ? "\(scope).\(key)" : key)=\(value("\(scope).\(key)"))")
        }
        return flags.joined(separator: " ")
      })
    stack.option = "--strategy"
    return stack
  }

  /// `text` as one shell word: bare when it is plain, else in single quotes.
  private static func shellQuoted(_ text: String) -> String {
    text.allSatisfy({ $0.isLetter || $0.isNumber || "-_+./:=".contains($0) })
      ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
