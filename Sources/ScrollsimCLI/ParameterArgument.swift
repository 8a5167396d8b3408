import ArgumentParser
import SimCore

extension ParameterAssignment {
  /// `--param key=value`, parsed where the command line is read (a bad one is a usage error).
  static func argument(_ text: String) throws -> ParameterAssignment {
    do throws(SimError) {
      return try ParameterAssignment(parsing: text)
    } catch {
      throw ValidationError(error.message)
    }
  }
}
