/// A stack a team ships a list on (`scrollsim tune --stack NAME`): the catalog strategy that
/// models it, the settings the team can change in its code (the knobs, each a declared
/// parameter with the values tune tries), what the stack fixes for them, and how a setting is
/// written in the stack's own language. The stacks are `TuneStacks.all`.
package struct TuneStack: Sendable {
  /// One setting a team changes in its code, as a parameter of the stack's strategy.
  package struct Knob: Sendable {
    /// The parameter, scoped to its half of a pair (`paging3.prefetchDistance`).
    package var parameter: ParameterName
    /// The values tune tries unless `--knobs` gives others: the default and the values teams use
    /// around it (`docs/tuning.md` names where each list comes from).
    package var values: [String]
    /// Where it lives in the stack's API (`PagingConfig.prefetchDistance`).
    package var api: String
    /// Whether tune searches it unless `--knobs` says otherwise; false for a knob that matters
    /// only with a choice the team made (expo-image's `cachePolicy`), searched when `--knobs`
    /// names it, with these values.
    package var searchedByDefault = true

    package init(_ parameter: String, values: [String], api: String, searchedByDefault: Bool = true) {
      self.parameter = ParameterName(parsing: parameter)
      self.values = values
      self.api = api
      self.searchedByDefault = searchedByDefault
    }
  }

  package var name: String
  /// What the stack is, one line (`--stack` help and `docs/tuning.md`).
  package var summary: String
  /// The catalog expression that models it (`paging3+glide`).
  package var strategy: String
  /// The language its code is printed in (`Kotlin`).
  package var language: String
  /// The fence tag of that language in Markdown (`kotlin`).
  package var fence: String
  package var knobs: [Knob]
  /// The physics presets the stack scrolls with (`scrollsim physics`): sessions recorded with
  /// another are replayed as recorded, and tune says so (`--physics` replays them on these).
  package var physics: [String]
  /// What the stack decides for the team and tune therefore cannot change (the browsers' own
  /// lazy-load margins, UIKit's look-ahead), said with the answer.
  package var fixed: [String]
  /// Whether its code runs in a browser (the web's stacks, JavaScript or TSX): per device class
  /// it reads `navigator.deviceMemory` and the user agent, not React Native's APIs.
  package var inBrowser = false
  /// The stacks a team could ship the same list with instead (`--stack web`: the virtualized
  /// lists beside the IntersectionObserver page): tune races each on the same sessions and
  /// reports them beside this one's answer (`TuneAlternatives`).
  package var alternatives: [String] = []
  /// The setting written as code to paste: `value(knob)` gives each parameter's value as text
  /// (the searched value, or `--from`'s, or the default); `context` the scenario's page size and
  /// list, whose layout the code carries (`TuneCodeContext`).
  package var code: @Sendable (_ value: (String) -> String, _ context: TuneCodeContext) -> String
  /// The option that names it: `--stack`, or `--strategy` for a team's own (`TuneStacks.strategy`).
  package var option = "--stack"

}
