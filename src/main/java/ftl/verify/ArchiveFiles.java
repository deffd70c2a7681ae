package ftl.verify;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Files of the archive that {@code reproduce} and {@code manifest} read and write, treated as hostile: a path
 * is relative, of plain names, with no symbolic link or special file on the way, and its real path inside the
 * archive; a file is written whole or not at all (a temporary file created exclusively beside it, then an
 * atomic rename), so a kill never leaves a truncated {@code quantities.tex} or {@code SHA256SUMS}, and a link
 * planted where the temporary file would go is never written through.
 */
public final class ArchiveFiles {
  /** Every temporary file this class creates starts with this; the manifest never lists one. */
  public static final String TEMP_PREFIX = ".ftl-tmp-";

  private static final Pattern PART = Pattern.compile("[^/\\x00]+");

  private ArchiveFiles() {}

  /**
   * Why {@code rel} cannot be a file of the archive at {@code root}, or null when it can: relative, no empty,
   * {@code .} or {@code ..} part, no backslash or control character, no symbolic link or special file on the
   * way, real path inside the archive.
   */
  public static String refusal(Path root, String rel) {
    if (rel.isEmpty() || rel.startsWith("/") || rel.indexOf('\\') >= 0) {
      return "not a relative path";
    }
    for (int i = 0; i < rel.length(); i++) {
      if (Echo.isControl(rel.charAt(i))) {
        return "control character in the path";
      }
    }
    Path at;
    try {
      at = root.toRealPath();
    } catch (IOException e) {
      return "archive root unreadable";
    }
    Path real = at;
    String[] parts = rel.split("/", -1);
    for (String p : parts) {
      if (!PART.matcher(p).matches() || p.equals(".") || p.equals("..")) {
        return "not a plain relative path (empty, '.' or '..' part)";
      }
    }
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i];
      at = at.resolve(p);
      BasicFileAttributes a;
      try {
        a = Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException e) {
        return null; // absent: not refused, simply missing
      }
      if (a.isSymbolicLink()) {
        return "a symbolic link (" + String.join("/", Arrays.copyOf(parts, i + 1)) + ")";
      }
      if (a.isOther()) {
        return "a special file (FIFO, device or socket)";
      }
      if (i < parts.length - 1 && !a.isDirectory()) {
        return "a file where a folder is expected";
      }
    }
    try {
      if (Files.exists(at, LinkOption.NOFOLLOW_LINKS) && !at.toRealPath().startsWith(real)) {
        return "outside the archive";
      }
    } catch (IOException e) {
      return "unreadable";
    }
    return null;
  }

  private static void refuse(Path root, String rel) {
    String why = refusal(root, rel);
    if (why != null) {
      throw new DataException(rel, 0, "refusing to write: the path is " + why, null);
    }
  }

  /** True when {@code rel} is a regular file of the archive (not refused, present, not a folder). */
  public static boolean isRegularFile(Path root, String rel) {
    return refusal(root, rel) == null && Files.isRegularFile(root.resolve(rel), LinkOption.NOFOLLOW_LINKS);
  }

  /** The text of an archive file, or null when it is absent or refused. */
  public static String readIfRegular(Path root, String rel) {
    if (!isRegularFile(root, rel)) {
      return null;
    }
    try {
      return Files.readString(root.resolve(rel), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + rel, e);
    }
  }

  /**
   * Writes {@code content} to {@code rel} atomically: a temporary file created exclusively in the same folder,
   * then renamed over the target.
   *
   * @throws ftl.data.io.DataException naming the path when it is refused (a link, a special file, outside the archive)
   * @throws IOException when the write fails (the target is then unchanged)
   */
  public static void writeAtomically(Path root, String rel, byte[] content) throws IOException {
    refuse(root, rel);
    Path target = root.resolve(rel);
    Path dir = target.getParent();
    Files.createDirectories(dir);
    refuse(root, rel);
    Path tmp = Files.createTempFile(dir, TEMP_PREFIX + target.getFileName() + ".", ".tmp");
    try {
      Files.write(tmp, content);
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      tmp = null;
    } finally {
      if (tmp != null) {
        Files.deleteIfExists(tmp);
      }
    }
  }
}
