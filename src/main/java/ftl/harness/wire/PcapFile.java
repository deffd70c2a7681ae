package ftl.harness.wire;

import ftl.data.io.DataException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A classic libpcap capture file ({@code tcpdump -w}), read packet by packet: the 24-byte global header (its magic
 * says byte order and whether the fractional stamp is in microseconds, {@code a1b2c3d4}, or nanoseconds,
 * {@code a1b23c4d}), then per packet a 16-byte record header (seconds, fraction, captured and original length) and
 * the captured bytes. The format has two fixed headers and nothing else, so it is read here directly rather than
 * through a native library (pcap4j would bind libpcap through JNA for the same two headers). pcapng is refused
 * naming the magic: {@code tcpdump -w} writes the classic format.
 *
 * <p>A truncated or malformed file is refused with a {@link DataException} naming the file and the packet number
 * (1-based, as tcpdump and Wireshark count), never read past.
 */
public final class PcapFile implements AutoCloseable {
  /** Largest captured length accepted for one packet: tcpdump's default snap length. */
  public static final int MAX_PACKET_BYTES = 262_144;

  /**
   * One captured packet: its number (1-based), the kernel's stamp (CLOCK_REALTIME, ns since the epoch), its link bytes.
   */
  public record Packet(long number, long epochNanos, int linkType, byte[] data, boolean truncated) {}

  private final String name;
  private final InputStream in;
  private final ByteOrder order;
  private final boolean nanos;
  private final int linkType;
  private long number;

  private PcapFile(String name, InputStream in, ByteOrder order, boolean nanos, int linkType) {
    this.name = name;
    this.in = in;
    this.order = order;
    this.nanos = nanos;
    this.linkType = linkType;
  }

  /** Opens {@code file} and reads its global header. */
  public static PcapFile open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    try {
      return open(file.toString(), in);
    } catch (RuntimeException | IOException e) {
      in.close();
      throw e;
    }
  }

  /** Reads the global header of a capture from {@code in}; {@code name} is what errors call it. */
  public static PcapFile open(String name, InputStream in) throws IOException {
    byte[] h = new byte[24];
    if (!readFully(in, h)) {
      throw new DataException(name, 0, "not a capture file: shorter than the 24-byte pcap header");
    }
    int magicBe = ByteBuffer.wrap(h, 0, 4).order(ByteOrder.BIG_ENDIAN).getInt();
    int magicLe = ByteBuffer.wrap(h, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    ByteOrder order;
    boolean nanos;
    if (magicLe == 0xa1b2c3d4 || magicLe == 0xa1b23c4d) {
      order = ByteOrder.LITTLE_ENDIAN;
      nanos = magicLe == 0xa1b23c4d;
    } else if (magicBe == 0xa1b2c3d4 || magicBe == 0xa1b23c4d) {
      order = ByteOrder.BIG_ENDIAN;
      nanos = magicBe == 0xa1b23c4d;
    } else if (magicBe == 0x0a0d0d0a) {
      throw new DataException(name, 0, "a pcapng file: write the capture with tcpdump -w in the classic pcap format");
    } else {
      throw new DataException(name, 0, String.format("not a pcap file (magic %08x)", magicBe));
    }
    int link = ByteBuffer.wrap(h, 20, 4).order(order).getInt() & 0x0fff_ffff;
    return new PcapFile(name, in, order, nanos, link);
  }

  /** Whether the file stamps packets to the nanosecond (else to the microsecond). */
  public boolean nanosecond() { return nanos; }

  /** The link-layer type of every packet (1 Ethernet, 113 Linux cooked, 276 Linux cooked v2, 101 raw IP). */
  public int linkType() { return linkType; }

  /** The next packet, or null at the end of the file; a record cut short is refused naming its number. */
  public Packet next() throws IOException {
    byte[] h = new byte[16];
    int first = in.read();
    if (first < 0) {
      return null;
    }
    number++;
    h[0] = (byte) first;
    if (!readFully(in, h, 1, 15)) {
      throw new DataException(name, 0, "packet " + number
          + ": the file ends inside its record header (truncated capture)");
    }
    ByteBuffer b = ByteBuffer.wrap(h).order(order);
    long sec = b.getInt(0) & 0xffff_ffffL;
    long frac = b.getInt(4) & 0xffff_ffffL;
    long captured = b.getInt(8) & 0xffff_ffffL;
    long original = b.getInt(12) & 0xffff_ffffL;
    if (frac >= (nanos ? 1_000_000_000L : 1_000_000L)) {
      throw new DataException(name, 0, "packet " + number + ": the stamp's fraction " + frac
          + " is not below one second");
    }
    if (captured > MAX_PACKET_BYTES || captured > original) {
      throw new DataException(name, 0, "packet " + number + ": captured length " + captured + " (original " + original
          + ") is not a packet of at most " + MAX_PACKET_BYTES + " bytes");
    }
    byte[] data = new byte[(int) captured];
    if (!readFully(in, data)) {
      throw new DataException(name, 0, "packet " + number + ": the file ends inside its " + captured
          + " bytes (truncated capture)");
    }
    long epochNanos = sec * 1_000_000_000L + (nanos ? frac : frac * 1000L);
    return new Packet(number, epochNanos, linkType, data, captured < original);
  }

  /** The name errors use. */
  public String name() { return name; }

  @Override
  public void close() throws IOException {
    in.close();
  }

  private static boolean readFully(InputStream in, byte[] b) throws IOException {
    return readFully(in, b, 0, b.length);
  }

  private static boolean readFully(InputStream in, byte[] b, int off, int len) throws IOException {
    try {
      int done = 0;
      while (done < len) {
        int n = in.read(b, off + done, len - done);
        if (n < 0) {
          throw new EOFException();
        }
        done += n;
      }
      return true;
    } catch (EOFException e) {
      return false;
    }
  }
}
