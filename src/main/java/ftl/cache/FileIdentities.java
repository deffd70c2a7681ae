package ftl.cache;

import ftl.data.io.FileIdentity;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The SHA-256 of a campaign's events files by the {@link FileIdentity} each had when it was hashed, kept beside the
 * campaign's run summaries ({@link DiskRunSummaryCache}): a warm cache takes a file's digest from here when the file
 * still has that identity, instead of reading its bytes again.
 *
 * <p>An identity is recorded only when it is the same before and after the file was read, and the file's status
 * changed at least {@link #SETTLED_NANOS} before the read began: a write that landed within the clock's granularity
 * of the recorded status-change time could otherwise leave it unchanged. (Git's index takes the same precaution,
 * "racy git".)
 *
 * <p>Stored as the magic {@code FTLIDS1\n}, a count, then per file its path relative to the data root (modified
 * UTF-8), the five numbers of its identity and its digest as 64 hex digits, then the CRC-32 of all that. A file that
 * fails to decode in any way is a miss, never an error.
 */
final class FileIdentities {

  /** How long before its read a file must have last changed for its identity to be recorded, ns. */
  static final long SETTLED_NANOS = 2_000_000_000L;

  private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");

  private static final byte[] MAGIC = "FTLIDS1\n".getBytes(StandardCharsets.US_ASCII);

  /** The most records a file may claim (a campaign has at most a few thousand runs). */
  private static final int MAX_RECORDS = 1 << 20;

  /** A file's digest as hashed when it had {@code identity}. */
  record Known(FileIdentity identity, String sha256) {}

  private FileIdentities() {}

  /** Whether an identity seen before a read that began at {@code readStartNanos} (epoch ns) may be recorded. */
  static boolean settled(FileIdentity identity, long readStartNanos) {
    return identity.changedNanos() <= readStartNanos - SETTLED_NANOS;
  }

  static byte[] encode(Map<String, Known> known) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.write(MAGIC);
      out.writeInt(known.size());
      for (Map.Entry<String, Known> e : new TreeMap<>(known).entrySet()) {
        FileIdentity id = e.getValue().identity();
        out.writeUTF(e.getKey());
        out.writeLong(id.device());
        out.writeLong(id.inode());
        out.writeLong(id.size());
        out.writeLong(id.modifiedNanos());
        out.writeLong(id.changedNanos());
        out.writeUTF(e.getValue().sha256());
      }
      out.flush();
      CRC32 crc = new CRC32();
      crc.update(bytes.toByteArray());
      out.writeLong(crc.getValue());
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory does not fail", e);
    }
  }

  /** The records of {@code bytes}; empty when they are not a whole, valid file of this format. */
  static Optional<Map<String, Known>> decode(byte[] bytes) {
    if (bytes.length < MAGIC.length + 4 + 8 || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
      return Optional.empty();
    }
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 8);
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, MAGIC.length, bytes.length
          - MAGIC.length));
      int n = in.readInt();
      if (n < 0 || n > MAX_RECORDS) {
        return Optional.empty();
      }
      Map<String, Known> out = new TreeMap<>();
      for (int i = 0; i < n; i++) {
        String rel = in.readUTF();
        FileIdentity id = new FileIdentity(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong());
        String sha = in.readUTF();
        if (!SHA256_HEX.matcher(sha).matches()) {
          return Optional.empty();
        }
        out.put(rel, new Known(id, sha));
      }
      if (in.readLong() != crc.getValue() || in.available() != 0) {
        return Optional.empty();
      }
      return Optional.of(out);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
