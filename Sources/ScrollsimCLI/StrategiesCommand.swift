import ArgumentParser
import SimCore

struct StrategiesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strategies",
    abstract: "List the strategies, their origin and their parameters with defaults.")

  func run() throws {
    var lines: [String] = []
    for type in CommandLineContext.catalog.strategies {
      let info = type.info
      let aliases = info.aliases.isEmpty ? "" : " (alias: \(info.aliases.joined(separator: ", ")))"
      lines.append("\(info.name)\(aliases)")
      lines.append("  \(info.summary)")
      lines.append("  origin: \(info.origin)")
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
    print(lines.joined(separator: "\n"), terminator: "")
  }
}
