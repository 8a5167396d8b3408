import ArgumentParser
import SimCore

struct ScrollsimCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: CommandLineContext.current.commandName,
      abstract: "A wind tunnel for list prefetching: replay scroll gestures, compare prefetch strategies.",
      discussion: """
        Replays touch gestures (or recorded content offsets) over a simulated list whose pages and images arrive through a simulated network and whose rows are bound on a simulated main thread, runs prefetch strategies side by side on the same input and luck, and reports what the user sees and what it costs: the wait (blank cells, stalls at the end of the list), frames (hitches, dropped frames), memory (decoded images, rows kept built, kills), requests and bytes — per session, over populations of users each on their own phone and network, and as the setting to ship (tune).

        Start with:
          \(CommandLineContext.current.commandName) compare
          \(CommandLineContext.current.commandName) generate --profile feed --population 100 --device-mix default --network-mix default -o users/
          \(CommandLineContext.current.commandName) compare --by device users/
          \(CommandLineContext.current.commandName) tune --stack android users/

        Exit codes: 0 ok, 1 a --fail-if condition held (docs/ci.md), 64 usage, 65 bad data, 66 missing input, 73 cannot write, 130 interrupted, 143 terminated (SIGTERM; a sweep keeps what finished on either).

        Docs: docs/metrics.md, docs/tuning.md, docs/generator.md, docs/trace-format.md, docs/scenario.md, docs/strategies.md, docs/events.md.
        """,
      version: Provenance.version,
      subcommands: [
        RunCommand.self, CompareCommand.self, GenerateCommand.self, StrategiesCommand.self,
        SweepCommand.self, TuneCommand.self, ConformanceCommand.self, MergeCommand.self, HistoryCommand.self,
        ImportCommand.self,
        TraceCommand.self,
        CalibrateCommand.self,
        ScenarioCommand.self, PhysicsCommand.self,
        NetworksCommand.self, DrawsCommand.self,
        BenchCommand.self,
      ]
    )
  }
}
