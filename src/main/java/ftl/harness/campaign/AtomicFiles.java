package ftl.harness.campaign;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Crash-safe file replacement: write to {@code <name>.tmp}, fsync it, rename it over the target in one
 * atomic step, fsync the folder. After a {@code kill -9} at any instant the target is either the old
 * complete file or the new complete file; at worst a {@code .tmp} file is left, which
 * {@link CampaignFolder#clean()} removes.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Suffix of files being written; never part of a finished campaign folder. */
  public static final String TMP = ".tmp";

  public static Path tmpOf(Path target) {
    return target.resolveSibling(target.getFileName() + TMP);
  }

  /**
   * Opens a fresh temp file for writing: whatever has the name already (a link, a hard link to a measured file, a stale
   * temp file) is unlinked first, never written through, and the file is then created exclusively ({@code O_EXCL},
   * which creates no file through a link), so a write only ever reaches a file this process created (issue 58: a link
   * planted where a runner writes turned the write into a truncation of the file it named).
   */
  public static OutputStream newTmp(Path tmp) throws IOException {
    Files.deleteIfExists(tmp);
    return Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
  }

  /** Forces a written file's bytes to disk. */
  public static void fsync(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
      ch.force(true);
    }
  }

  /**
   * Renames {@code tmp} over {@code target} atomically, then fsyncs the folder so the rename itself is durable. On
   * failure the temp file is removed (issue #43: a full disk left {@code .tmp} files behind) and the failure rethrown.
   */
  public static void commit(Path tmp, Path target) throws IOException {
    try {
      fsync(tmp);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      discard(tmp);
      throw named(target, new IOException("the file system cannot rename atomically", e));
    } catch (IOException e) {
      discard(tmp);
      throw named(target, e);
    } catch (RuntimeException e) {
      discard(tmp);
      throw e;
    }
    fsyncDir(target.toAbsolutePath().getParent());
  }

  /**
   * A failure to write {@code target} as an exception that names a file (issue 43: a full disk's "No space left on
   * device" named none): a {@link FileSystemException} that names one is kept, anything else becomes one naming
   * {@code target} with the system's reason.
   */
  public static IOException named(Path target, IOException e) {
    if (e instanceof FileSystemException f && f.getFile() != null) {
      return e;
    }
    FileSystemException out = new FileSystemException(target.toString(), null, String.valueOf(e.getMessage()));
    out.initCause(e);
    return out;
  }

  /**
   * Writes {@code bytes} to {@code target} through a fsynced temp file and an atomic rename; no temp file is left on
   * failure.
   */
  public static void write(Path target, byte[] bytes) throws IOException {
    Path tmp = tmpOf(target);
    try (OutputStream out = newTmp(tmp)) {
      out.write(bytes);
    } catch (IOException e) {
      discard(tmp);
      throw named(target, e);
    } catch (RuntimeException e) {
      discard(tmp);
      throw e;
    }
    commit(tmp, target);
  }

  /** Removes a temp file after a failed write, quietly: the write's own failure is the one reported. */
  static void discard(Path tmp) {
    try {
      Files.deleteIfExists(tmp);
    } catch (IOException | RuntimeException e) {
      // the folder itself is failing; the caller reports the write's failure
    }
  }

  static void fsyncDir(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // Some file systems refuse to open a folder for fsync; the rename is still atomic there.
    }
  }
}
