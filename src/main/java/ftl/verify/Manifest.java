package ftl.verify;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.quantity.core.CampaignCatalogue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The archive's {@code SHA256SUMS}: one line {@code <sha256>  <path>} per file of the archive (the files
 * git tracks or would track, sorted by path in byte order, except {@code SHA256SUMS} itself), in the
 * format {@code sha256sum -c SHA256SUMS} accepts.
 */
public final class Manifest {

  /** File name of the manifest at the archive root. */
  public static final String FILE = "SHA256SUMS";

  /** The largest manifest {@code verify} reads. */
  static final long MAX_BYTES = 64L << 20;

  /** A difference between the manifest and the archive. */
  public record Problem(Kind kind, String path) {
    public enum Kind { MISSING, EXTRA, CHANGED, MALFORMED, UNDECLARED }

    /** One line for a user: {@code changed: data/x/ledger.csv}. */
    public String describe() {
      String p = Echo.clean(path);
      return switch (kind) {
        case MISSING -> "missing: " + p + " (listed in " + FILE + ", not in the archive)";
        case EXTRA -> "extra: " + p + " (in the archive, not listed in " + FILE + ")";
        case CHANGED -> "changed: " + p + " (SHA-256 differs from " + FILE + ")";
        case MALFORMED -> "malformed: " + p;
        case UNDECLARED -> "undeclared: " + p
            + " (a folder of data/ that the archive's catalogue of campaigns does not declare: move it out of data/, "
            + "or declare it in ftl.quantity.core.CampaignCatalogue)";
      };
    }
  }

  private Manifest() {}

  /** The archive's files as git sees them (tracked plus untracked-not-ignored), present on disk, sorted. */
  public static List<String> archiveFiles(Path root) {
    return archiveFiles(root, null);
  }

  /**
   * As {@link #archiveFiles(Path)}; a file that is a link or special file goes to {@code refused}, or is an error when
   * null.
   */
  private static List<String> archiveFiles(Path root, List<Problem> refused) {
    List<String> out = git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard");
    TreeSet<String> sorted = new TreeSet<>(Manifest::compareBytes);
    for (String p : out) {
      if (p.isEmpty() || p.equals(FILE) || temporary(p)) {
        continue;
      }
      String why = ArchiveFiles.refusal(root, p);
      if (why != null) {
        if (refused == null) {
          throw new DataException(p, 0, "the manifest lists regular files of the archive only; this is " + why, null);
        }
        refused.add(new Problem(Problem.Kind.MALFORMED, Echo.clean(p) + " is " + why + " (not listed, not opened)"));
        continue;
      }
      if (Files.isRegularFile(root.resolve(p), LinkOption.NOFOLLOW_LINKS)) {
        sorted.add(p);
      }
    }
    return List.copyOf(sorted);
  }

  /** A temporary file of a write in progress (or left by a killed one): never listed. */
  static boolean temporary(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    return name.startsWith(ArchiveFiles.TEMP_PREFIX) || path.equals(FILE + ".tmp");
  }

  /** The text of a manifest for the given files. */
  public static String render(Path root, List<String> files) {
    StringBuilder sb = new StringBuilder();
    for (String f : files) {
      if (f.indexOf('\n') >= 0 || f.indexOf('\\') >= 0) {
        throw new IllegalArgumentException("file name not allowed in the archive: " + f);
      }
      sb.append(sha256(root.resolve(f))).append("  ").append(f).append('\n');
    }
    return sb.toString();
  }

  /** Writes {@code SHA256SUMS} for the archive at {@code root}; returns the number of files listed. */
  public static int write(Path root) throws IOException {
    List<String> files = archiveFiles(root);
    ArchiveFiles.writeAtomically(root, FILE, render(root, files).getBytes(StandardCharsets.UTF_8));
    return files.size();
  }

  /** Parses a manifest: path to SHA-256, in file order. Malformed lines are returned as problems. */
  public static Map<String, String> parse(String text, List<Problem> problems) {
    Map<String, String> out = new LinkedHashMap<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isEmpty() && i == lines.length - 1) {
        continue;
      }
      if (line.length() < 67 || !line.substring(0, 64).matches("[0-9a-f]{64}")
          || line.charAt(64) != ' ' || (line.charAt(65) != ' ' && line.charAt(65) != '*')) {
        problems.add(new Problem(Problem.Kind.MALFORMED, FILE + ":" + (i + 1) + ": \"" + abbreviate(Echo.clean(line))
            + "\""));
        continue;
      }
      String path = line.substring(66);
      if (path.chars().anyMatch(c -> c == 0 || Echo.isControl((char) c))) {
        // no archive file has such a name (git and the gate refuse them), and a NUL cannot be put in a path at all
        problems.add(new Problem(Problem.Kind.MALFORMED, FILE + ":" + (i + 1) + ": a path with a control character (\""
            + abbreviate(Echo.clean(path)) + "\")"));
        continue;
      }
      out.put(path, line.substring(0, 64));
    }
    return out;
  }

  /**
   * Compares {@code SHA256SUMS} with the archive: every listed file must exist with that SHA-256, and
   * every archive file must be listed.
   */
  public static List<Problem> verify(Path root) throws IOException {
    List<Problem> problems = new ArrayList<>();
    Path manifest = root.resolve(FILE);
    String why = ArchiveFiles.refusal(root, FILE);
    if (why != null) {
      problems.add(new Problem(Problem.Kind.MALFORMED, FILE + " is " + why + " (not read)"));
      return problems;
    }
    String text;
    try {
      if (Files.size(manifest) > MAX_BYTES) {
        problems.add(new Problem(Problem.Kind.MALFORMED, FILE + " is larger than " + MAX_BYTES + " bytes (not read)"));
        return problems;
      }
      text = Files.readString(manifest, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      problems.add(new Problem(Problem.Kind.MISSING, FILE));
      return problems;
    } catch (MalformedInputException e) {
      problems.add(new Problem(Problem.Kind.MALFORMED, FILE + " is not UTF-8 text"));
      return problems;
    }
    undeclared(root, problems);
    Map<String, String> listed = parse(text, problems);
    TreeMap<String, String> sorted = new TreeMap<>(Manifest::compareBytes);
    sorted.putAll(listed);
    for (Map.Entry<String, String> e : sorted.entrySet()) {
      Path p = root.resolve(e.getKey());
      String refused = ArchiveFiles.refusal(root, e.getKey());
      if (refused != null) {
        problems.add(new Problem(Problem.Kind.MALFORMED, FILE + " lists \"" + abbreviate(Echo.clean(e.getKey()))
            + "\", which is " + refused + " (not opened)"));
      } else if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
        problems.add(new Problem(Problem.Kind.MISSING, e.getKey()));
      } else if (!sha256(p).equals(e.getValue())) {
        problems.add(new Problem(Problem.Kind.CHANGED, e.getKey()));
      }
    }
    for (String f : archiveFiles(root, problems)) {
      if (!listed.containsKey(f)) {
        problems.add(new Problem(Problem.Kind.EXTRA, f));
      }
    }
    return problems;
  }

  /**
   * Adds an {@link Problem.Kind#UNDECLARED} problem for every folder of the archive's {@code data/} that the catalogue
   * does not declare (issue #54: a user's folder there never becomes part of the archive); a data root the gate refuses
   * is named as malformed, since the commands that read the data refuse it the same way.
   */
  private static void undeclared(Path root, List<Problem> problems) {
    try {
      for (String f : DataSet.undeclaredFolders(root.resolve("data"), "data", CampaignCatalogue.folders())) {
        problems.add(new Problem(Problem.Kind.UNDECLARED, "data/" + f));
      }
    } catch (DataException e) {
      problems.add(new Problem(Problem.Kind.MALFORMED, "data: " + e.getMessage()));
    }
  }

  /** Lower-case hex SHA-256 of a file's bytes. */
  public static String sha256(Path file) {
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest())) {
      byte[] buf = new byte[1 << 16];
      DigestInputStream d = (DigestInputStream) in;
      while (d.read(buf) >= 0) {
        // hashing
      }
      return HexFormat.of().formatHex(d.getMessageDigest().digest());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Byte-order comparison of UTF-8 paths, as {@code LC_ALL=C sort} orders them. */
  static int compareBytes(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private static List<String> git(Path root, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add("git");
    cmd.add("-C");
    cmd.add(root.toString());
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
      byte[] out = p.getInputStream().readAllBytes();
      String err;
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
        err = String.join(" ", r.lines().toList());
      }
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        // the archive's file list cannot be read: an I/O failure (exit 6), not a bug in ftl (issue #43)
        throw new UncheckedIOException(new IOException("the manifest needs a git checkout of the archive: git "
            + String.join(" ", args) + " failed in " + root + (err.isEmpty() ? "" : ": " + err)));
      }
      return List.of(new String(out, StandardCharsets.UTF_8).split("\0"));
    } catch (IOException e) {
      throw new UncheckedIOException(new IOException("the manifest needs git on the PATH: " + e.getMessage(), e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while listing the archive", e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
