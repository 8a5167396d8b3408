import Foundation
import Testing

@testable import SimCore

/// Outputs: a regular file is replaced whole, anything else is written in place and stays what
/// it was (a device, a symbolic link), and a failed write leaves nothing behind.
@Suite struct AtomicFileTests {
  /// Runs `body` in a new empty folder, removed afterwards.
  func inFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  @Test func replacesARegularFile() throws {
    try inFolder { folder in
      let path = folder.appendingPathComponent("out.md").path
      try AtomicFile.write("first, longer text\n", to: path)
      try AtomicFile.write("second\n", to: path)
      let text = String(decoding: try AtomicFile.read(path), as: UTF8.self)
      #expect(text == "second\n")
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(left == ["out.md"])
    }
  }

  @Test func writesThroughASymbolicLinkAndKeepsIt() throws {
    try inFolder { folder in
      let target = folder.appendingPathComponent("target.md").path
      let link = folder.appendingPathComponent("link.md").path
      try AtomicFile.write("old\n", to: target)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      try AtomicFile.write("new\n", to: link)
      let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link)
      #expect(destination == target)
      let text = String(decoding: try AtomicFile.read(target), as: UTF8.self)
      #expect(text == "new\n")
    }
  }

  /// The temporary file is created anew: a link planted at its name (it includes the process
  /// id) is replaced, not written through.
  @Test func aLinkAtTheTemporaryNameIsNotFollowed() throws {
    try inFolder { folder in
      let victim = folder.appendingPathComponent("victim.md").path
      try AtomicFile.write("untouched\n", to: victim)
      let temporary = folder.appendingPathComponent(".out.md.\(ProcessInfo.processInfo.processIdentifier).tmp").path
      try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: victim)
      let path = folder.appendingPathComponent("out.md").path
      try AtomicFile.write("output\n", to: path)
      #expect(String(decoding: try AtomicFile.read(victim), as: UTF8.self) == "untouched\n")
      #expect(String(decoding: try AtomicFile.read(path), as: UTF8.self) == "output\n")
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(left == ["out.md", "victim.md"])
    }
  }

  /// Several outputs are all or nothing: one that cannot be written leaves the others as they
  /// were, and no temporary file behind.
  @Test func severalOutputsAreAllOrNothing() throws {
    try inFolder { folder in
      let kept = folder.appendingPathComponent("kept.md").path
      let new = folder.appendingPathComponent("new.md").path
      try AtomicFile.write("before\n", to: kept)
      let unwritable = folder.appendingPathComponent("no-such-folder/x.md").path
      #expect(throws: SimError.self) {
        try AtomicFile.writeAll([("after\n", kept), ("new\n", new), ("x\n", unwritable)])
      }
      #expect(String(decoding: try AtomicFile.read(kept), as: UTF8.self) == "before\n")
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(left == ["kept.md"])
      try AtomicFile.writeAll([("after\n", kept), ("new\n", new)])
      #expect(String(decoding: try AtomicFile.read(new), as: UTF8.self) == "new\n")
    }
  }

  @Test func oneFileForTwoOutputsIsRefused() {
    #expect(throws: SimError.self) { try AtomicFile.writeAll([("a", "/tmp/same"), ("b", "/tmp/same")]) }
  }

  /// Reading stops at the limit instead of filling memory (an endless device), and reads pipes.
  @Test func readingIsBounded() throws {
    do {
      _ = try AtomicFile.read("/dev/zero", maximumBytes: 1 << 20)
      Issue.record("read /dev/zero to the end")
    } catch {
      #expect(error.description.contains("is larger than 1 MiB"))
    }
    #expect(try AtomicFile.read("/dev/null").isEmpty)
  }

  @Test func aDeviceStaysADevice() throws {
    try AtomicFile.write("nothing to see\n", to: "/dev/null")
    var status = stat()
    #expect(lstat("/dev/null", &status) == 0)
    #expect((status.st_mode & S_IFMT) == S_IFCHR)
  }

  @Test func aFullDeviceIsAnErrorNamingIt() {
    #expect(throws: SimError.self) { try AtomicFile.write("x\n", to: "/dev/full") }
    do {
      try AtomicFile.write("x\n", to: "/dev/full")
    } catch {
      #expect(error.exitCode == 73)
      #expect(error.file == "/dev/full")
      #expect(error.description.contains("/dev/full"))
    }
  }

  @Test func aMissingFolderLeavesNothing() throws {
    try inFolder { folder in
      let path = folder.appendingPathComponent("no/such/folder/out.md").path
      #expect(throws: SimError.self) { try AtomicFile.write("x\n", to: path) }
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(left.isEmpty)
    }
  }
}
