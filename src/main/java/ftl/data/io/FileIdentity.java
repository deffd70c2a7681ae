package ftl.data.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the file system says identifies a file's bytes without reading them, as {@code stat(2)} gives it: the same
 * device, inode, size, modification time and status-change time. The status-change time ({@code ctime}) is set by
 * the kernel on every write, truncation, rename onto the name, or change of the modification time, and cannot be set
 * by a user; so a file with the identity it had when it was hashed has, on a local file system, the bytes it had
 * then, unless it changed within the clock's granularity of that moment (the cache that uses identities records none
 * for a file changed shortly before it was hashed: {@code ftl.cache.FileIdentities}).
 *
 * @param device the device the file is on ({@code st_dev})
 * @param inode its inode number ({@code st_ino})
 * @param size its size, bytes
 * @param modifiedNanos its modification time, ns since the epoch
 * @param changedNanos its status-change time, ns since the epoch
 */
public record FileIdentity(long device, long inode, long size, long modifiedNanos, long changedNanos) {

  /**
   * The identity of the regular file at {@code path} as {@code stat(2)} gives it, in one system call ({@code lstat}
   * with {@link java.nio.file.LinkOption#NOFOLLOW_LINKS}); empty when there is no regular file there (a folder, a
   * special file, or with that option a link), when it cannot be read, or when the file system does not give the
   * device, inode and status-change time.
   */
  public static Optional<FileIdentity> of(Path path, LinkOption... options) {
    try {
      Map<String, Object> u = Files.readAttributes(path,
          "unix:isRegularFile,dev,ino,size,lastModifiedTime,ctime", options);
      if (!Boolean.TRUE.equals(u.get("isRegularFile"))) {
        return Optional.empty();
      }
      return Optional.of(new FileIdentity((Long) u.get("dev"), (Long) u.get("ino"), (Long) u.get("size"),
          ((FileTime) u.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS),
          ((FileTime) u.get("ctime")).to(TimeUnit.NANOSECONDS)));
    } catch (IOException | RuntimeException e) { // no "unix" view, an attribute missing
      return Optional.empty();
    }
  }
}
