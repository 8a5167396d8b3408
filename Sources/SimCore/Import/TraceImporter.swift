/// A recording format scrollsim reads into traces. Each importer parses text; reading the file
/// and naming it in errors is the same for all of them.
package protocol TraceImporter {
  func importText(_ text: String) throws(SimError) -> ImportResult
}

extension TraceImporter {
  /// Imports the file at `path`; errors name the file.
  package func importFile(_ path: String) throws(SimError) -> ImportResult {
    do throws(SimError) {
      return try importText(String(decoding: AtomicFile.read(path), as: UTF8.self))
    } catch {
      throw error.inFile(path)
    }
  }
}
