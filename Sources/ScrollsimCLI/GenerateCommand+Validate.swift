import ArgumentParser
import SimCore

extension GenerateCommand {
  func validate() throws {
    if let duration {
      guard duration.isFinite, duration > 0, duration <= 86_400 else {
        throw ValidationError("--duration must be a number of seconds in (0, 86400]")
      }
    }
    if let viewportHeight {
      guard viewportHeight.isFinite, viewportHeight >= 100, viewportHeight <= 10_000 else {
        throw ValidationError("--viewport-height must be in 100...10000 pt")
      }
    }
    if let viewportWidth {
      guard viewportWidth.isFinite, viewportWidth >= 100, viewportWidth <= 10_000 else {
        throw ValidationError("--viewport-width must be in 100...10000 pt")
      }
    }
    if let density {
      guard density.isFinite, density > 0, density <= 10 else {
        throw ValidationError("--density must be above 0 and at most 10 (px per pt)")
      }
    }
    guard (1...480).contains(refreshRate) else { throw ValidationError("--refresh-rate must be in 1...480 Hz") }
    if let population {
      guard (1...10_000_000).contains(population) else {
        throw ValidationError("--population must be in 1...10000000 sessions")
      }
      guard SessionProfiles.named(profile) != nil else {
        throw ValidationError("--population needs a profile with users: feed or short-video")
      }
      guard output != nil else { throw ValidationError("--population writes a folder: give -o DIR") }
    }
    if population == nil && (deviceMix != nil || networkMix != nil) {
      throw ValidationError(
        "--device-mix and --network-mix draw each user's profiles: give --population N (a single trace takes the profiles scrollsim runs it on: --device, --network)"
      )
    }
    if (!param.isEmpty || listParams) && SessionProfiles.named(profile) == nil {
      throw ValidationError("--param and --list-params are for the feed and short-video profiles")
    }
  }
}
