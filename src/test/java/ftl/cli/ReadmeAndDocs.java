package ftl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Helper shared by the tests that read the archive's prose: the README, which a newcomer reads first and which is kept
 * to about 200 lines (docs/architecture.md#conventions, item 19), and the pages of {@code docs/} it links, whose
 * commands are tested like its own.
 */
final class ReadmeAndDocs {
  /** The README's line budget: "about 200 lines" (issue #42), with a margin of ten. */
  static final int README_MAX_LINES = 210;

  private ReadmeAndDocs() {}

  /** {@code README.md}, then every {@code docs/*.md} sorted by name, each relative to {@code root}. */
  static List<Path> files(Path root) throws IOException {
    List<Path> out = new ArrayList<>();
    out.add(Path.of("README.md"));
    out.addAll(docs(root));
    return out;
  }

  /** Every {@code docs/*.md} under {@code root}, relative to it, sorted by name. */
  static List<Path> docs(Path root) throws IOException {
    Path dir = root.resolve("docs");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".md") && Files.isRegularFile(p))
          .map(p -> root.relativize(p)).sorted().toList();
    }
  }
}
