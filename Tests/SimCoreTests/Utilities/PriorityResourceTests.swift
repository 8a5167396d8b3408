import Testing

@testable import SimCore

/// `PriorityResource` (Structures/PriorityResource.swift) on its own: capacity, priority, first
/// come first served, moving and withdrawing, checked against a list kept by hand.
@Suite struct PriorityResourceTests {
  @Test func servesAtMostCapacityThenByPriorityThenArrival() {
    var resource = PriorityResource(capacity: 2)
    resource.enqueue(10, priority: 2)
    resource.enqueue(11, priority: 0)
    resource.enqueue(12, priority: 2)
    resource.enqueue(13, priority: 1)
    #expect(resource.start() == 11)
    #expect(resource.start() == 13)
    #expect(resource.start() == nil)  // both units taken
    #expect(resource.inUse == 2)
    resource.release()
    #expect(resource.start() == 10)  // first come within priority 2
    resource.release()
    #expect(resource.start() == 12)
    resource.release()
    resource.release()
    #expect(resource.start() == nil)  // nobody waits
    #expect(resource.inUse == 0)
  }

  @Test func aMovedUserJoinsTheBackOfItsNewLine() {
    var resource = PriorityResource(capacity: 1)
    resource.enqueue(1, priority: 1)
    resource.enqueue(2, priority: 0)
    resource.enqueue(3, priority: 1)
    resource.move(3, to: 0)  // after 2, before 1
    resource.move(7, to: 0)  // not waiting: nothing happens
    #expect(resource.isWaiting(3) && !resource.isWaiting(7))
    var order: [Int] = []
    while let id = resource.start() {
      order.append(id)
      resource.release()
    }
    #expect(order == [2, 3, 1])
  }

  @Test func aWithdrawnUserIsNeverServed() {
    var resource = PriorityResource(capacity: 1)
    resource.enqueue(1, priority: 0)
    resource.enqueue(2, priority: 0)
    resource.withdraw(1)
    resource.withdraw(9)  // not waiting: nothing happens
    #expect(!resource.isWaiting(1))
    #expect(resource.start() == 2)
    resource.release()
    #expect(resource.start() == nil)
    // Served users wait again (a retried request) and are served again.
    resource.enqueue(2, priority: 1)
    #expect(resource.start() == 2)
  }

  @Test func capacityZeroServesNobody() {
    var resource = PriorityResource(capacity: 0)
    resource.enqueue(1, priority: 0)
    #expect(resource.start() == nil)
    #expect(resource.isWaiting(1))
  }

  /// 5,000 random operations against a hand-kept list of (priority, arrival, id).
  @Test func matchesAListKeptByHand() {
    var random = SeededRandom(seed: 3)
    var resource = PriorityResource(capacity: 3)
    var waiting: [(priority: Int, arrival: Int, id: Int)] = []
    var inUse = 0
    var arrival = 0
    var nextID = 0
    for _ in 0..<5000 {
      switch random.next() % 5 {
      case 0, 1:
        let priority = Int(random.next() % 3)
        arrival += 1
        waiting.append((priority, arrival, nextID))
        resource.enqueue(nextID, priority: priority)
        nextID += 1
      case 2 where !waiting.isEmpty:
        let index = Int(random.next() % UInt64(waiting.count))
        if random.next() % 2 == 0 {
          resource.withdraw(waiting[index].id)
          waiting.remove(at: index)
        } else if waiting[index].priority > 0 {
          arrival += 1
          waiting[index].priority -= 1
          waiting[index].arrival = arrival
          resource.move(waiting[index].id, to: waiting[index].priority)
        }
      case 3 where inUse > 0:
        inUse -= 1
        resource.release()
      default:
        let expected = inUse < 3 ? waiting.min { ($0.priority, $0.arrival) < ($1.priority, $1.arrival) } : nil
        #expect(resource.start() == expected?.id)
        if let expected {
          waiting.removeAll { $0.id == expected.id }
          inUse += 1
        }
      }
      #expect(resource.inUse == inUse)
    }
  }
}
