/// FNV-1a, 64 bit (Fowler, Noll, Vo): a tiny stable hash of text. Swift's `Hasher` is seeded
/// per process, so it cannot name random streams or fingerprint a sweep across machines.
package func fnv1a64(_ text: String) -> UInt64 {
  var hash = FNV1a64()
  hash.add(text)
  return hash.value
}

/// FNV-1a fed piece by piece: the hash of the pieces' concatenation, without holding it.
package struct FNV1a64: Sendable {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  package mutating func add(_ text: String) {
    for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
  }
}
