/// FNV-1a, 64 bit (Fowler, Noll, Vo): a tiny stable hash of text. Swift's `Hasher` is seeded
/// per process, so it cannot name random streams or fingerprint a sweep across machines.
public func fnv1a64(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
  return hash
}
