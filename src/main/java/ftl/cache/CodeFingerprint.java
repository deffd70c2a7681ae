package ftl.cache;

import ftl.data.io.CodeFiles;
import ftl.data.io.FileIdentity;
import ftl.data.io.Sha256;
import ftl.quantity.core.Analysis;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.math3.stat.inference.BinomialTest;

/**
 * A fingerprint of the code that computes a run summary: SHA-256 over the cache's format version, the
 * JVM's name and version, the file names (with their versions) of the libraries the statistics use, and the
 * bytes of every class file of the packages {@code ftl.data}, {@code ftl.stats}, {@code ftl.quantity} and
 * {@code ftl.cache}, by path in byte order. Any change to a reader, a statistic, the registry or the cache's
 * format therefore changes it, and summaries stored under another fingerprint are never used.
 */
public final class CodeFingerprint {

  /** Bump when the meaning of a stored field changes without a class file changing. */
  static final String FORMAT = "ftl run-summary cache, format 1";

  /** Class-file folders whose code decides a run summary. */
  static final List<String> PACKAGES = List.of("ftl/data/", "ftl/stats/", "ftl/quantity/", "ftl/cache/");

  private CodeFingerprint() {}

  /**
   * The fingerprint of the code this JVM runs: from the jar or class folder {@link Analysis} was loaded
   * from. Empty when that location cannot be read (then nothing should be cached).
   */
  public static Optional<String> current() {
    return location().flatMap(CodeFingerprint::of);
  }

  /** Where the code is (jar or class folder) and the library names that enter its fingerprint. */
  record Location(Path code, List<String> libraries) {}

  private static Optional<Location> location() {
    try {
      CodeSource cs = Analysis.class.getProtectionDomain().getCodeSource();
      if (cs == null || cs.getLocation() == null) {
        return Optional.empty();
      }
      List<String> libraries = new ArrayList<>();
      for (Class<?> c : List.of(BinomialTest.class,
          CSVFormat.class)) {
        libraries.add(libraryName(c.getProtectionDomain().getCodeSource()));
      }
      return Optional.of(new Location(Path.of(cs.getLocation().toURI()), libraries));
    } catch (URISyntaxException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> of(Location l) {
    try {
      return Optional.of(of(l.code(), l.libraries()));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The file, in the run-summary cache's folder, that remembers the fingerprint of a jar ({@link #remembered}). */
  static final String REMEMBERED = "code.fingerprint";

  /**
   * {@link #current()}, remembered in {@code folder} (the run-summary cache's) by the identity of the jar it was
   * computed from ({@link FileIdentity}: device, inode, size, modification and status-change times), with the JVM and
   * library names and {@link #FORMAT}: reading and hashing the jar's classes took about 0.3 s of CPU of every cold
   * command.
   * The identity changes with any write to the jar (the status-change time cannot be set back), so a rebuilt or
   * altered jar is hashed again. As for events files ({@link FileIdentities}), a fingerprint is remembered only when
   * the jar had the same identity before and after it was hashed and had not changed for 2 s before; code run from a
   * class folder (the tests) is hashed every time, since a folder's identity does not follow its files.
   */
  public static Optional<String> remembered(Path folder) {
    return location().flatMap(l -> remembered(folder, l, epochNanos()));
  }

  static Optional<String> remembered(Path folder, Location l, long nowNanos) {
    Optional<FileIdentity> before = FileIdentity.of(l.code()); // empty for a class folder
    if (before.isEmpty()) {
      return of(l);
    }
    String key = key(before.get(), l.libraries());
    Path file = folder.resolve(REMEMBERED);
    Optional<String> known = read(file, key);
    if (known.isPresent()) {
      return known;
    }
    Optional<String> made = of(l);
    if (made.isPresent() && FileIdentities.settled(before.get(), nowNanos)
        && FileIdentity.of(l.code()).equals(before)) {
      DiskRunSummaryCache.writeAtomically(folder, file,
          (key + "\n" + made.get() + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return made;
  }

  /** What a remembered fingerprint is valid for: the jar's identity, and what else enters the fingerprint. */
  private static String key(FileIdentity id, List<String> libraries) {
    return FORMAT + "|" + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + "|"
        + String.join(",", libraries) + "|" + id.device() + " " + id.inode() + " " + id.size() + " "
        + id.modifiedNanos() + " " + id.changedNanos();
  }

  private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

  /** The fingerprint remembered under {@code key}; empty for any kind of miss (absent, other key, spoiled). */
  static Optional<String> read(Path file, String key) {
    try {
      if (!Files.isRegularFile(file) || Files.size(file) > 4096) {
        return Optional.empty();
      }
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return lines.size() == 2 && lines.get(0).equals(key) && HEX64.matcher(lines.get(1)).matches()
          ? Optional.of(lines.get(1)) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static long epochNanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  private static String libraryName(CodeSource cs) {
    URL u = cs == null ? null : cs.getLocation();
    return u == null ? "?" : u.getPath().substring(u.getPath().lastIndexOf('/', u.getPath().length() - 2) + 1);
  }

  /**
   * The fingerprint of the classes under {@code codeLocation} (a jar or a class folder).
   *
   * @param codeLocation jar file or folder holding {@code ftl/...} class files
   * @param libraries names of the library jars the code uses (their versions are in the names)
   * @throws IOException when the location cannot be read or holds none of the packages
   */
  public static String of(Path codeLocation, List<String> libraries) throws IOException {
    TreeMap<String, byte[]> classes = CodeFiles.read(codeLocation, CodeFingerprint::counts);
    if (classes.isEmpty()) {
      throw new IOException("no class files of " + PACKAGES + " under " + codeLocation);
    }
    MessageDigest md = sha256();
    field(md, FORMAT);
    field(md, System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
    for (String lib : libraries) {
      field(md, lib);
    }
    for (var e : classes.entrySet()) {
      field(md, e.getKey());
      md.update(Long.toString(e.getValue().length).getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      md.update(e.getValue());
    }
    return HexFormat.of().formatHex(md.digest());
  }

  private static boolean counts(String name) {
    return name.endsWith(".class") && PACKAGES.stream().anyMatch(name::startsWith);
  }

  private static void field(MessageDigest md, String s) {
    md.update(s.getBytes(StandardCharsets.UTF_8));
    md.update((byte) 0);
  }

  static MessageDigest sha256() {
    return Sha256.newDigest();
  }

}
