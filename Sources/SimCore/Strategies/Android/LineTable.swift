/// A map from line to value over the few lines around a viewport, kept as one array from the
/// lowest line held to the highest: Compose's window asks for its lines on every measure pass,
/// which a `Dictionary`'s hashing made a tenth of a `compose` run. Lines come out in order.
struct LineTable<Value> {
  private var base = 0
  private var slots: [Value?] = []
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// The lines held, in order.
  var lines: [Int] { lines(in: Int.min...Int.max) }

  /// The lines held within `range`, in order.
  func lines(in range: ClosedRange<Int>) -> [Int] {
    guard !slots.isEmpty else { return [] }
    let first = max(range.lowerBound, base)
    let last = min(range.upperBound, base + slots.count - 1)
    guard first <= last else { return [] }
    return (first...last).filter { slots[$0 - base] != nil }
  }

  func contains(_ line: Int) -> Bool { self[line] != nil }

  subscript(line: Int) -> Value? {
    get { line >= base && line - base < slots.count ? slots[line - base] : nil }
    set {
      if let newValue { _ = updateValue(newValue, forKey: line) } else { _ = removeValue(forKey: line) }
    }
  }

  /// Holds `value` for `line`, returning the value it replaced.
  @discardableResult
  mutating func updateValue(_ value: Value, forKey line: Int) -> Value? {
    if slots.isEmpty {
      base = line
      slots = [value]
      count = 1
      return nil
    }
    if line < base {
      slots.insert(contentsOf: repeatElement(Value?.none, count: base - line), at: 0)
      base = line
    } else if line - base >= slots.count {
      slots.append(contentsOf: repeatElement(Value?.none, count: line - base - slots.count + 1))
    }
    let old = slots[line - base]
    slots[line - base] = value
    if old == nil { count += 1 }
    return old
  }

  /// Drops `line`, returning the value it held.
  @discardableResult
  mutating func removeValue(forKey line: Int) -> Value? {
    guard let old = self[line] else { return nil }
    slots[line - base] = nil
    count -= 1
    if count == 0 {
      slots.removeAll(keepingCapacity: true)
    } else {
      while slots.last! == nil { slots.removeLast() }
      let leading = slots.prefix { $0 == nil }.count
      if leading > 0 {
        slots.removeFirst(leading)
        base += leading
      }
    }
    return old
  }

  mutating func removeAll() {
    slots.removeAll(keepingCapacity: true)
    count = 0
  }
}
