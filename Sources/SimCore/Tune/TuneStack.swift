/// A stack a team ships a list on (`scrollsim tune --stack NAME`): the catalog strategy that
/// models it, the settings the team can change in its code (the knobs, each a declared
/// parameter with the values tune tries), what the stack fixes for them, and how a setting is
/// written in the stack's own language. The stacks are `TuneStacks.all`.
public struct TuneStack: Sendable {
  /// One setting a team changes in its code, as a parameter of the stack's strategy.
  public struct Knob: Sendable {
    /// The parameter, scoped to its half of a pair (`paging3.prefetchDistance`).
    public var parameter: ParameterName
    /// The values tune tries unless `--knobs` gives others: the default and the values teams use
    /// around it (`docs/tuning.md` names where each list comes from).
    public var values: [String]
    /// Where it lives in the stack's API (`PagingConfig.prefetchDistance`).
    public var api: String

    public init(_ parameter: String, values: [String], api: String) {
      self.parameter = ParameterName(parsing: parameter)
      self.values = values
      self.api = api
    }
  }

  public var name: String
  /// What the stack is, one line (`--stack` help and `docs/tuning.md`).
  public var summary: String
  /// The catalog expression that models it (`paging3+glide`).
  public var strategy: String
  /// The language its code is printed in (`Kotlin`).
  public var language: String
  /// The fence tag of that language in Markdown (`kotlin`).
  public var fence: String
  public var knobs: [Knob]
  /// The physics presets the stack scrolls with (`scrollsim physics`): sessions recorded with
  /// another are replayed as recorded, and tune says so (`--physics` replays them on these).
  public var physics: [String]
  /// What the stack decides for the team and tune therefore cannot change (the browsers' own
  /// lazy-load margins, UIKit's look-ahead), said with the answer.
  public var fixed: [String]
  /// The setting written as code to paste: `value(knob)` gives each parameter's value as text
  /// (the searched value, or `--from`'s, or the default); `context` the scenario's page size and
  /// list, whose layout the code carries (`TuneCodeContext`).
  public var code: @Sendable (_ value: (String) -> String, _ context: TuneCodeContext) -> String
  /// The option that names it: `--stack`, or `--strategy` for a team's own (`TuneStacks.strategy`).
  public var option = "--stack"
}
