/// What the list holds in memory, row by row, and the footprint it adds up to
/// (`MemoryAccount`): each row's image (decoded, encoded, or none) and whether the row is built,
/// with the views the platform pools (`RowPool`). The engine tells it a row's state after every
/// change to the row's cell or to the memory cache (`Simulation.settleMemory`); a row's image
/// bytes are kept as counted, so removing it takes away exactly what adding it put in.
struct ListMemory {
  /// One row's share: its image's bytes (positive decoded, negative encoded, 0 none) and
  /// whether it is built.
  struct Row {
    var image = 0
    var built = false
    /// What its next decode counts besides the whole: the expected share of a decode of the
    /// image drawn while its bytes were arriving (`MemoryPolicy.partialDecode`). Kept only
    /// while the row holds that decode: a settle that leaves it without one forgets it.
    var partialDecode = 0.0
  }

  private(set) var account: MemoryAccount
  private var rows = RowTable(defaultValue: Row())
  let sizes: DecodedImageSize
  let policy: MemoryPolicy
  private let rowBytes: Int
  /// Rows built now, the most at once so far, and rows laid out (for the pools).
  private(set) var builtRows = 0
  private var mostBuilt = 0
  private var laidOutRows = 0

  init(memory: MemorySpec, policy: MemoryPolicy, sizes: DecodedImageSize) {
    self.policy = policy
    self.sizes = sizes
    account = MemoryAccount(spec: memory, canBeKilled: policy.canBeKilled)
    rowBytes = Int((memory.rowKB * 1024).rounded())
  }

  /// What row `item` holds now. `height` and `encodedBytes` are read only when its image is
  /// newly counted.
  mutating func settle(
    _ item: Int, built: Bool, holdsDecoded: Bool, holdsEncoded: Bool, height: () -> Double,
    encodedBytes: () -> Double, at now: SimTime
  ) -> MemoryAccount.Crossing {
    let row = rows[item]
    let wantsEncoded = !holdsDecoded && holdsEncoded
    let hasDecoded = row.image > 0
    let hasEncoded = row.image < 0
    guard built != row.built || holdsDecoded != hasDecoded || wantsEncoded != hasEncoded else {
      if row.partialDecode != 0 && !hasDecoded { rows[item].partialDecode = 0 }
      return .none
    }
    var crossing = MemoryAccount.Crossing.none
    if built != row.built {
      rows[item].built = built
      builtRows += built ? 1 : -1
      mostBuilt = max(mostBuilt, builtRows)
      crossing.merge(account.set(.rowViews, to: rowViewBytes, at: now))
    }
    if holdsDecoded != hasDecoded || wantsEncoded != hasEncoded {
      if hasDecoded { crossing.merge(account.add(-row.image, to: .decodedImages, at: now)) }
      if hasEncoded { crossing.merge(account.add(row.image, to: .encodedImages, at: now)) }
      var image = 0
      if holdsDecoded {
        let bytes = max(sizes.bytes(item: item, height: height()), 1)
        image = bytes + Int((Double(bytes) * row.partialDecode).rounded())
        crossing.merge(account.add(image, to: .decodedImages, at: now))
      } else if wantsEncoded {
        let bytes = max(Int(encodedBytes().rounded()), 1)
        image = -bytes
        crossing.merge(account.add(bytes, to: .encodedImages, at: now))
      }
      rows[item].image = image
      if image <= 0 { rows[item].partialDecode = 0 }
    }
    return crossing
  }

  /// Row `item`'s image, arriving now, may have been drawn with part of its bytes: its next
  /// settle, if it decodes the image, counts `1 + share` decodes. A row already holding a
  /// decode keeps it as counted (returns false).
  mutating func addPartialDecode(_ item: Int, share: Double) -> Bool {
    guard rows[item].image <= 0 else { return false }
    rows[item].partialDecode = share
    return true
  }

  /// The list now has `count` rows laid out (a web page keeps every one in its DOM).
  mutating func rowsLaidOut(_ count: Int, at now: SimTime) -> MemoryAccount.Crossing {
    laidOutRows = count
    return account.set(.rowViews, to: rowViewBytes, at: now)
  }

  /// Responses being received hold `bytes`.
  mutating func network(_ bytes: Double, at now: SimTime) -> MemoryAccount.Crossing {
    account.set(.network, to: Int(bytes.rounded()), at: now)
  }

  /// The time-weighted mean footprint from the start to `end` (bytes).
  mutating func meanFootprint(until end: SimTime) -> Double { account.mean(until: end) }

  /// The views alive: the built rows, and what the platform pools besides.
  private var rowViewBytes: Int {
    let views =
      switch policy.pool {
      case .spare(let spare): builtRows + spare
      case .highWater: mostBuilt
      case .everyRow: max(builtRows, laidOutRows)
      }
    return views * rowBytes
  }
}

extension ListMemory {
  func report(into metrics: inout RunMetrics) { account.report(into: &metrics) }
}
