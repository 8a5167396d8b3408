import FuzzTargets

#if FUZZING
  import Foundation

  /// libFuzzer's entry (`Fuzz/run`): the target comes from `SCROLLSIM_FUZZ_TARGET`, read once.
  nonisolated(unsafe) private var target: FuzzTarget?

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if target == nil {
      let name = ProcessInfo.processInfo.environment["SCROLLSIM_FUZZ_TARGET"] ?? ""
      guard let named = FuzzTarget.named(name) else {
        fatalError(
          "set SCROLLSIM_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
      }
      target = named
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    target!.run(bytes)
    return 0
  }
#else
  import Foundation
  import SimCore

  /// Without the fuzzer: replays files through a target, to reproduce a finding or check a
  /// corpus (`scrollsim-fuzz TARGET FILE...`).
  @main struct FuzzReplay {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, let target = FuzzTarget.named(name) else {
        print("usage: scrollsim-fuzz TARGET FILE...   (targets: \(FuzzTarget.all.map(\.name).joined(separator: ", ")))")
        exit(64)
      }
      for file in arguments.dropFirst() {
        guard let bytes = try? AtomicFile.read(file) else {
          print("\(file): cannot be read")
          exit(66)
        }
        target.run(bytes)
      }
      print("\(arguments.count - 1) inputs, no crash")
    }
  }
#endif
