package ftl.data.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The files of a build (a jar, or a folder of classes), read whole for a digest of the code: the archive's build digest
 * in the ledger ({@code RunOrigin}) and the code fingerprint of the cache ({@code CodeFingerprint}) read them alike.
 */
public final class CodeFiles {
  private CodeFiles() {}

  /**
   * Every file of {@code location} whose name ({@code /}-separated, relative to the folder or the jar's root) {@code
   * counts} accepts, with its bytes, ordered by the names' UTF-8 bytes.
   *
   * @param location a jar file or a folder of classes and resources
   * @throws IOException when the location cannot be read
   */
  public static TreeMap<String, byte[]> read(Path location, Predicate<String> counts) throws IOException {
    TreeMap<String, byte[]> files = new TreeMap<>((a, b) -> Arrays.compare(a.getBytes(StandardCharsets.UTF_8),
        b.getBytes(StandardCharsets.UTF_8)));
    if (Files.isDirectory(location)) {
      try (Stream<Path> walk = Files.walk(location)) {
        for (Path p : walk.filter(Files::isRegularFile).toList()) {
          String name = location.relativize(p).toString().replace('\\', '/');
          if (counts.test(name)) {
            files.put(name, Files.readAllBytes(p));
          }
        }
      }
    } else {
      try (ZipFile zip = new ZipFile(location.toFile())) {
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
          ZipEntry e = entries.nextElement();
          if (!e.isDirectory() && counts.test(e.getName())) {
            try (InputStream in = zip.getInputStream(e)) {
              files.put(e.getName(), in.readAllBytes());
            }
          }
        }
      }
    }
    return files;
  }
}
