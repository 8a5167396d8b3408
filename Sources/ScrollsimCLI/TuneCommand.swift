import ArgumentParser
import Foundation
import SimCore

struct TuneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tune",
    abstract: "Find the setting to ship for your stack, checked on held-out sessions, printed as code.",
    discussion: """
      Races settings of your stack's knobs (successive halving) on part of the sessions, then checks the best against your current setting (--from; default: the platform's defaults) on the held-out sessions, with a paired 95% interval. Prints the setting in the stack's language, its price (wait, bytes, peak memory, hitch ratio, kills, the gap to the limit closed) and the frontier of wait against memory and bytes. When no setting beats yours significantly, it says so and keeps yours. docs/tuning.md explains the search and its guarantees.

      Stacks: \(TuneStacks.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).

      Examples:
        scrollsim tune --stack android
        scrollsim tune --stack flutter --budget 'peak_memory<=300MB' sessions/
        scrollsim tune --stack android --budget 'bytes<=+10%' sessions/
        scrollsim tune --stack compose --knobs ahead,prefetchDistance sessions/  # Jetpack Compose: the cache window and Paging
        scrollsim tune --stack ios --from loader=nuke --for p90 sessions/
        scrollsim tune --stack flashlist --check sessions/  # exit 1: yours is >5% off
        scrollsim tune --strategy 'process:python3 mine.py' --knobs rows=1:10:1 sessions/  # your own rule

      Without TRACE, the built-in population (12 feed users, Traces/population/). --runs FILE keeps every run (a sweep table); --resume continues it; --shard K/N runs slice K of every run a tune can need (no early stopping), `scrollsim merge` joins the slices, and tune --resume --runs merged.csv answers from them.
      """)

  @OptionGroup var search: TuneSearchOptions

  @Flag(help: "Print --from's setting as the stack's code and stop (no runs).")
  var codeOnly = false

  @Option(
    name: .customLong("from-class"),
    help: ArgumentHelp(
      "With --code-only: one device class's setting over --from, CLASS:name=value,… (repeat for each class, two or more): the code that picks it by the phone's RAM.",
      valueName: "class:k=v,…"))
  var fromClass: [String] = []

  @Flag(help: "Exit 1 when a setting within the budgets beats --from on the held-out sessions by more than --margin.")
  var check = false

  @Option(help: ArgumentHelp("With --check: the gain that fails it, in percent of the objective.", valueName: "N%"))
  var margin = "5%"

  @Option(
    name: .shortAndLong, help: ArgumentHelp("Write the report here (stdout if absent).", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "The report's format: md (the default) or json (schemas/tune.schema.json).", valueName: "md|json"))
  var format: TuneFormat = .md

  @Option(help: ArgumentHelp("Write a self-contained HTML page of the answer and its frontier.", valueName: "file"))
  var html: String?

  @Option(help: ArgumentHelp("Keep every run in this sweep table (CSV), for --resume and --shard.", valueName: "file"))
  var runs: String?

  @Flag(
    help:
      "Run the sessions that read and leave out those that cannot, stating how many in the report (default: refuse, naming every unreadable file)."
  )
  var skipUnreadable = false

  @Flag(help: "Keep the runs already in --runs (the same tune) and run only the missing ones.")
  var resume = false

  @Option(help: ArgumentHelp("Run only slice K of N of every run (needs --runs; merge the slices).", valueName: "K/N"))
  var shard: String?

  @OptionGroup var threadsOption: ThreadsOption

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Argument(
    help: "Trace files or folders of sessions. Default: the built-in population.",
    completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    if resume && runs == nil { throw ValidationError("--resume needs --runs (the table to resume)") }
    if shard != nil && runs == nil { throw ValidationError("--shard needs --runs (where the slice's runs go)") }
    if shard != nil && (output != nil || html != nil || check || resume) {
      throw ValidationError(
        "--shard only runs a slice into --runs; the answer (-o, --html, --check) comes from tune --resume over the merged slices"
      )
    }
  }
}

/// `tune --format`.
enum TuneFormat: String, ExpressibleByArgument {
  case md, json
}
