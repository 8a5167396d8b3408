import ArgumentParser
import SimCore

struct StrategiesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strategies",
    abstract: "List the strategies by platform: origin, role, partner and parameters with defaults.",
    discussion: """
      A strategy decides pages, content, or both. One that decides a single half runs with its \
      partner (shown as "alone runs as"); write PAGES+CONTENT to choose both halves yourself, \
      e.g. --strategy paging3+glide or --strategies sentinel+firefox-lazy,remain+on-display. \
      --param key=value sets a parameter on every half that has it; half.key=value on one half \
      (glide.maxPreload=6).

      Name strategies to describe only those, your own among them: \
      scrollsim strategies threshold 'process:python3 mine.py' starts the helper and shows what \
      its handshake declares (docs/protocol.md).

      --format json prints each strategy's declaration as a port copies it: the handshake a \
      helper would give for it (name, summary, origin, role, partner, parameters, the callbacks \
      it implements as events, and its platform block: where rows bind and decode, its image \
      library), one object for one name, an array for several (without names: every built-in \
      but the limit). A port renames it (built-in names are reserved) and sends the rest as it \
      is; what protocol 2 cannot declare is noted on stderr. docs/strategies.md describes each \
      rule to the letter: scrollsim strategies lazy-target-rect --format json
      """)

  @Argument(help: "Strategies to describe (names, aliases or process:COMMAND). Default: every built-in.")
  var names: [String] = []

  @Option(help: "text (the default) or json: the declarations a port copies.")
  var format: StrategiesFormat = .text

  enum StrategiesFormat: String, ExpressibleByArgument { case text, json }

  func run() throws {
    var lines: [String] = []
    let catalog = CommandLineContext.catalog
    var chosen = catalog.strategies
    if !names.isEmpty {
      chosen = []
      try reportingErrors { () throws(SimError) in
        for name in names { chosen.append(try catalog.lookup(name)) }
      }
    }
    if format == .json {
      return try printDeclarations(names.isEmpty ? chosen.filter { $0.info.platform != .limit } : chosen)
    }
    for platform in StrategyPlatform.allCases {
      let members = chosen.filter { $0.info.platform == platform }
      guard !members.isEmpty else { continue }
      lines.append("## \(platform.rawValue)")
      lines.append("")
      for type in members {
        let info = type.info
        let aliases = info.aliases.isEmpty ? "" : " (alias: \(info.aliases.joined(separator: ", ")))"
        lines.append("\(info.name)\(aliases)")
        lines.append("  \(info.summary)")
        lines.append("  origin: \(info.origin)")
        if let command = type.command { lines.append("  runs: process:\(command)") }
        switch info.role {
        case .both: lines.append("  decides: pages and content")
        case .pages: lines.append("  decides: pages; alone runs as \(info.name)+\(info.partner ?? "?")")
        case .content: lines.append("  decides: content; alone runs as \(info.partner ?? "?")+\(info.name)")
        }
        lines.append("  platform: " + StrategyDeclaration(type).platformLine)
        for parameter in info.parameters {
          let values: String
          switch parameter.kind {
          case .number(let range): values = "\(Report.number(range.lowerBound))...\(Report.number(range.upperBound))"
          case .choice(let allowed): values = allowed.joined(separator: "|")
          case .flag: values = "true|false"
          }
          lines.append("  --param \(parameter.name)=\(parameter.defaultValue)  [\(values)] \(parameter.help)")
        }
        lines.append("")
      }
    }
    try printOutput(lines.joined(separator: "\n"))
  }

  /// The declarations as JSON; what they cannot say goes to stderr.
  private func printDeclarations(_ kinds: [StrategyKind]) throws {
    let declarations = kinds.map(StrategyDeclaration.init)
    for (kind, declaration) in zip(kinds, declarations) {
      for note in declaration.notes { printNote("note: \(kind.info.name): \(note)") }
    }
    let json =
      declarations.count == 1 && !names.isEmpty ? declarations[0].handshake : .array(declarations.map(\.handshake))
    try printOutput(JSONWriter.pretty(json) + "\n")
  }
}
