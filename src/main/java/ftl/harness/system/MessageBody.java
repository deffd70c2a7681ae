package ftl.harness.system;

/**
 * The body the instrument sends on systems without a record key: the seq as 8 bytes big-endian, then the payload
 * ({@code 'a'..'z'} repeated, as the Kafka sender fills its value).
 */
public final class MessageBody {
  private MessageBody() {}

  /** Bytes before the payload. */
  public static final int SEQ_BYTES = 8;

  /** A template body of {@code payloadBytes} payload bytes after a zero seq; {@link #withSeq} copies it. */
  public static byte[] template(int payloadBytes) {
    if (payloadBytes < 0) {
      throw new IllegalArgumentException("payload bytes must be >= 0 (was " + payloadBytes + ")");
    }
    byte[] b = new byte[SEQ_BYTES + payloadBytes];
    for (int i = 0; i < payloadBytes; i++) {
      b[SEQ_BYTES + i] = (byte) ('a' + i % 26);
    }
    return b;
  }

  /** A copy of {@code template} carrying {@code seq}. */
  public static byte[] withSeq(byte[] template, long seq) {
    byte[] b = template.clone();
    for (int i = SEQ_BYTES - 1; i >= 0; i--) {
      b[i] = (byte) seq;
      seq >>>= 8;
    }
    return b;
  }

  /** The seq a body carries, or {@link Long#MAX_VALUE} when it is shorter than {@link #SEQ_BYTES} (no seq of a run). */
  public static long seqOf(byte[] body) {
    if (body == null || body.length < SEQ_BYTES) {
      return Long.MAX_VALUE;
    }
    long v = 0;
    for (int i = 0; i < SEQ_BYTES; i++) {
      v = (v << 8) | (body[i] & 0xff);
    }
    return v;
  }
}
