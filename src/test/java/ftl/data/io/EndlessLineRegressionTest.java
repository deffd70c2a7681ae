package ftl.data.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import org.junit.jupiter.api.Test;

/**
 * Defect guarded against: a tool output whose size is checked before it is read can still grow while it is read (a
 * log still being written, a file replaced under the reader), so a 2 GB line could reach memory past the size check.
 * {@link DataGate#readCapped} holds at most the cap plus one byte, whatever the channel delivers; here a channel that
 * claims 10 bytes and delivers a 2 GiB line of {@code x} without a newline, produced lazily (no 2 GB file).
 */
class EndlessLineRegressionTest {

  /** A channel of {@code length} bytes of {@code x}, made as they are read, that claims to be 10 bytes long. */
  static final class EndlessLine implements SeekableByteChannel {
    final long length;
    long delivered;

    EndlessLine(long length) {
      this.length = length;
    }

    @Override
    public int read(ByteBuffer dst) {
      if (delivered >= length) {
        return -1;
      }
      int n = (int) Math.min(dst.remaining(), length - delivered);
      for (int i = 0; i < n; i++) {
        dst.put((byte) 'x');
      }
      delivered += n;
      return n;
    }

    @Override
    public long size() {
      return 10;
    }

    @Override
    public int write(ByteBuffer src) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long position() {
      return delivered;
    }

    @Override
    public SeekableByteChannel position(long p) {
      throw new UnsupportedOperationException();
    }

    @Override
    public SeekableByteChannel truncate(long s) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {
    }
  }

  @Test
  void readCapped_twoGigabyteLineFromAChannelClaimingTenBytes_refusedAfterTheCap() {
    long cap = DataGate.Kind.TOOL_OUTPUT.maxBytes();
    EndlessLine ch = new EndlessLine(2L << 30);
    long start = System.nanoTime();
    assertThatThrownBy(() -> DataGate.readCapped(ch, cap, () -> new DataException("out.txt", 0,
        "tool output larger than the cap of " + cap + " bytes", null)))
        .isInstanceOf(DataException.class).hasMessageContaining(
        "out.txt: tool output larger than the cap of 16777216 bytes");
    assertThat(ch.delivered).as("bytes taken from the channel").isEqualTo(cap + 1);
    assertThat(System.nanoTime() - start).isLessThan(10_000_000_000L);
  }

  @Test
  void readCapped_lineAtTheCap_readWhole() throws Exception {
    EndlessLine ch = new EndlessLine(1000);
    assertThat(DataGate.readCapped(ch, 1000, () -> new DataException("f", 0, "too large", null))).hasSize(1000);
  }
}
