import Testing

@testable import SimCore

/// A parameter is parsed once (scope, key, value) and typed once by the declaration it goes to.
@Suite struct ParameterAssignmentTests {
  @Test func namesAreScopedAndCamelCased() throws {
    #expect(ParameterName(parsing: "leading-screens") == ParameterName(key: "leadingScreens"))
    #expect(
      ParameterName(parsing: "smart-range.leading-screens")
        == ParameterName(scope: "smart-range", key: "leadingScreens"))
    let setting = try ParameterAssignment(parsing: "glide.max-preload=6=x")
    #expect(setting.name == ParameterName(scope: "glide", key: "maxPreload") && setting.value == "6=x")
    #expect(setting.description == "glide.maxPreload=6=x")
    #expect(throws: SimError.self) { try ParameterAssignment(parsing: "threshold") }
    #expect(throws: SimError.self) { try ParameterAssignment(parsing: "=1") }
  }

  @Test func valuesAreTypedByTheDeclaration() throws {
    let threshold = try #require(ThresholdStrategy.info.parameters.first { $0.name == "threshold" })
    #expect(try threshold.validate("0.80", strategy: "threshold") == .number(0.8))
    let mode = try #require(ThresholdStrategy.info.parameters.first { $0.name == "mode" })
    #expect(try mode.validate("dynamic", strategy: "threshold") == .choice("dynamic"))
    #expect(throws: SimError.self) { try threshold.validate("1.5", strategy: "threshold") }
    let choice = try StrategyChoice(name: "threshold", parameters: ["threshold=0.80", "mode=dynamic"])
    #expect(choice.parts[0].parameters.number("threshold") == 0.8)
    #expect(choice.parts[0].parameters.string("mode") == "dynamic")
    #expect(choice.label == "threshold(threshold=0.80,mode=dynamic)")  // labels keep the text given
  }

  /// A scope picks a half of a pair; an unscoped key goes to every half that declares it.
  @Test func scopesPickTheHalf() throws {
    let types = try StrategyCatalog.builtIn.resolve("threshold+smart-range")
    #expect(ParameterName(key: "mode").parts(of: types) == [0, 1])
    #expect(ParameterName(scope: "smart-range", key: "mode").parts(of: types) == [1])
    #expect(ParameterName(scope: "smart", key: "mode").parts(of: types) == [1])  // an alias
    #expect(ParameterName(scope: "threshold", key: "leadingScreens").parts(of: types).isEmpty)
  }

  /// One check says a parameter does not exist, with one strategy or several, for every option.
  @Test func theOneHasNoParameterCheck() throws {
    let threshold = (name: "threshold", types: try StrategyCatalog.builtIn.resolve("threshold"))
    let smart = (name: "smart-range", types: try StrategyCatalog.builtIn.resolve("smart-range"))
    do {
      try ParameterName(key: "nosuch").requireDeclared(by: [threshold], option: "--grid")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.hasPrefix("--grid nosuch: threshold has no parameter \"nosuch\"; its parameters: mode,"))
    }
    do {
      try ParameterName(key: "nosuch").requireDeclared(by: [threshold, smart], option: "--param")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.message
          == "--param nosuch: none of threshold, smart-range has a parameter \"nosuch\"; see scrollsim strategies")
    }
    try ParameterName(key: "leadingScreens").requireDeclared(by: [threshold, smart], option: "--range")
  }

  /// A misspelt parameter gets "did you mean", with one strategy or several (issue 49); a name
  /// far from every parameter gets none.
  @Test func aMisspeltParameterGetsASuggestion() throws {
    let threshold = (name: "threshold", types: try StrategyCatalog.builtIn.resolve("threshold"))
    let smart = (name: "smart-range", types: try StrategyCatalog.builtIn.resolve("smart-range"))
    for (strategies, typo, meant) in [
      ([threshold], "treshold", "threshold"), ([threshold, smart], "leadingScrens", "leadingScreens"),
    ] {
      #expect {
        try ParameterName(key: typo).requireDeclared(by: strategies, option: "--param")
      } throws: { "\($0)".contains("(did you mean \"\(meant)\"?)") }
    }
    #expect {
      try StrategyChoice(name: "threshold", parameters: ["treshold=0.8"])
    } throws: { "\($0)".contains("has no parameter \"treshold\" (did you mean \"threshold\"?)") }
    #expect {
      try ParameterName(key: "zzzzzz").requireDeclared(by: [threshold], option: "--param")
    } throws: { !"\($0)".contains("did you mean") }
  }
}
