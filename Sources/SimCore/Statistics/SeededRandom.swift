import Foundation

/// SplitMix64: a small, fast, seedable generator (Steele, Lea & Flood 2014).
///
/// Swift's `SystemRandomNumberGenerator` cannot be seeded, and the simulator must give
/// byte-identical output for the same seed. Streams are derived from a key
/// (`SeededRandom(seed:, stream:, index:)`) so that, say, the latency of item 37's image is
/// the same whichever strategy asks for it and in whatever order: strategies are compared on
/// the same luck.
package struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  /// A generator for one keyed stream of `seed` (e.g. stream "content-latency", index 37).
  package init(seed: UInt64, stream: String, index: Int = 0, attempt: Int = 0) {
    self.init(seed: seed, stream: RandomStream(stream), index: index, attempt: attempt)
  }

  /// The same, for a stream whose name was hashed once (the engine draws per request and per
  /// render; hashing the name each time was a tenth of a run).
  package init(seed: UInt64, stream: RandomStream, index: Int = 0, attempt: Int = 0) {
    var mixer = SeededRandom(seed: seed ^ stream.key)
    mixer.state ^= UInt64(bitPattern: Int64(index)) &* 0xD1B5_4A32_D192_ED03
    mixer.state = mixer.next() ^ (UInt64(bitPattern: Int64(attempt)) &* 0x8CB9_2BA7_2F3D_8DD7)
    state = mixer.next()
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1) with 53 random bits.
  package mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform double in `range`.
  package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// A standard normal deviate (Box–Muller; one of the pair is discarded for simplicity).
  package mutating func standardNormal() -> Double {
    var u1 = unit()
    while u1 <= 0 { u1 = unit() }
    let u2 = unit()
    return (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
  }
}

/// A random stream's name, hashed (FNV-1a) once: `SeededRandom(seed:stream:index:attempt:)`
/// derives the same generator from it as from the name.
package struct RandomStream: Sendable, Equatable {
  package let name: String
  package let key: UInt64

  package init(_ name: String) {
    self.name = name
    key = fnv1a64(name)
  }
}
