import Testing

@testable import SimCore

/// Student's t quantiles against the printed table (e.g. NIST/SEMATECH e-Handbook, Table
/// 1.3.6.7.2, upper critical values), to its three decimals.
@Suite struct StudentTTests {
  @Test func quantilesMatchThePrintedTable() {
    let table: [(p: Double, df: Int, t: Double)] = [
      (0.975, 1, 12.706), (0.975, 2, 4.303), (0.975, 4, 2.776), (0.975, 9, 2.262), (0.975, 30, 2.042),
      (0.975, 100, 1.984), (0.95, 1, 6.314), (0.95, 4, 2.132), (0.95, 10, 1.812), (0.995, 9, 3.250),
      (0.995, 2, 9.925), (0.9, 5, 1.476), (0.999, 20, 3.552),
    ]
    for row in table {
      let t = StudentT.quantile(row.p, degreesOfFreedom: row.df)
      #expect(abs(t - row.t) < 0.0006, "t(\(row.p), \(row.df)) = \(t), table \(row.t)")
    }
    #expect(StudentT.twoSided(0.95, degreesOfFreedom: 4) == StudentT.quantile(0.975, degreesOfFreedom: 4))
    #expect(abs(StudentT.twoSided(0.99, degreesOfFreedom: 9) - 3.250) < 0.0006)
  }

  @Test func theDistributionIsSymmetricAndBounded() {
    #expect(StudentT.distribution(0, degreesOfFreedom: 3) == 0.5)
    #expect(abs(StudentT.distribution(-2.776, degreesOfFreedom: 4) - 0.025) < 1e-4)
    #expect(StudentT.twoSided(0.95, degreesOfFreedom: 0) == .infinity)
    #expect(StudentT.quantile(1, degreesOfFreedom: 3) == .infinity)
    // With many degrees of freedom it tends to the normal's 1.95996.
    #expect(abs(StudentT.twoSided(0.95, degreesOfFreedom: 1000) - 1.962) < 0.001)
  }
}
