import ArgumentParser
import SimCore

extension GestureGenerator.Profile: ExpressibleByArgument {}

struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a synthetic session: touches at 120 Hz, or a population of users' sessions.",
    discussion: """
      Profiles fitted to 5,267 recorded strokes (docs/generator.md):
        reader   drags that stop before the lift (release 0), pauses ~0.5 s median
        skimmer  short flicks, release ~39 pt/s median, 127 p95
        flinger  quicker flicks, release ~374 pt/s median, 1670 p95
        mixed    each stroke reader, skimmer or flinger by the fitted shares (2/3, 1/6, 1/6)
      Profiles calibrated on published feed-browsing figures (each number and its source:
      docs/generator.md; --param changes any of them):
        feed         a social or image feed: dwell on the items in view (median 1.1 s each),
                     throw the list about a screen on, skim or read, now and then go back up;
                     gestures solved for the trace's --physics, so each platform's user gets as far
        short-video  one video per screen: watch (median 8 s), swipe, the pager snaps to the next
      And one stress test:
        fling-stress  uncalibrated: hard downward flicks back to back (the default trace)

      A population (--population N -o DIR) writes N sessions from N users who differ in speed,
      dwell, skim/read mix and session length (feed and short-video), and DIR/population.csv
      saying who each user is. Every command that takes traces takes the folder. With
      --device-mix and --network-mix each user also draws a phone and a network, written into
      the session (deviceProfile, networkProfile) and population.csv; every command then runs
      each session on its own (--device, --network override them all).

      Examples:
        scrollsim generate --profile flinger --duration 60 --seed 7 -o fling.json
        scrollsim generate --profile feed --duration 300 --physics android -o feed.json
        scrollsim generate --profile feed --population 100 --seed 1 -o users/
        scrollsim compare users/
        scrollsim generate --profile feed --population 200 --device-mix default --network-mix wifi=0.5,4g=0.4,3g=0.1 -o mixed/
        scrollsim compare --by device mixed/
      """)

  @Option(help: "reader, skimmer, flinger, mixed, feed, short-video or fling-stress.")
  var profile: GestureGenerator.Profile

  @Option(
    help: ArgumentHelp(
      "Seconds of input to generate (default 60; a population's users each draw their own).", valueName: "s"))
  var duration: Double?

  @Option(help: "Seed of the generator.")
  var seed: UInt64 = 1

  @Option(
    help:
      "Viewport height in pt (default 844; with a --device-mix, each session its platform's: iPhones 844, Android phones 915)."
  )
  var viewportHeight: Double?

  @Option(
    help:
      "Viewport width in pt (default 390, an iPhone; with a --device-mix, each session its platform's: Android phones 412)."
  )
  var viewportWidth: Double?

  @Option(
    help: ArgumentHelp(
      "Device pixel ratio (px per pt): 3 on most iPhones (the default), 2.625 on a Pixel (a --device-mix's Android phones); images decode at it.",
      valueName: "ratio"))
  var density: Double?

  @Option(help: "Display refresh rate in Hz.")
  var refreshRate: Int = 120

  @Option(
    help: ArgumentHelp(
      "The platform's physics preset the trace is for (\(PhysicsPresets.names.joined(separator: ", "))); default ios, and with a --device-mix each session its phone's platform's (android, ios).",
      valueName: "preset"))
  var physics: String?

  @Option(
    help: ArgumentHelp(
      "A feed or short-video profile's number (repeatable; `scrollsim generate --profile feed --list-params`).",
      valueName: "key=value"))
  var param: [String] = []

  @Flag(help: "List the profile's numbers, their ranges and sources, and exit.")
  var listParams = false

  @Option(help: ArgumentHelp("Write N users' sessions into the folder -o DIR.", valueName: "N"))
  var population: Int?

  @Option(
    name: .customLong("device-mix"),
    help: ArgumentHelp(
      "With --population: each user's phone drawn from these shares of device profiles (`scrollsim networks` lists them), e.g. low-end=0.3,mid=0.5,high=0.2; `default` is that mix (an assumption, docs/generator.md). Written into each trace (deviceProfile) and population.csv.",
      valueName: "name=share,..."))
  var deviceMix: String?

  @Option(
    name: .customLong("network-mix"),
    help: ArgumentHelp(
      "With --population: each user's network drawn from these shares of network profiles, e.g. wifi=0.45,4g=0.4,3g=0.15; `default` is wifi=0.56,4g=0.41,3g=0.03 (Opensignal's time on Wi-Fi, CrUX's connection types; docs/generator.md).",
      valueName: "name=share,..."))
  var networkMix: String?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Write the trace to this file (atomically) instead of stdout; with --population, a folder (new, empty, or an earlier population's, replaced whole).",
      valueName: "path"))
  var output: String?
}
