package ftl.harness.system;

import ftl.data.ledger.Event;

/**
 * The body the instrument sends on systems without a record key or a producer timestamp (RabbitMQ, NATS): the seq as
 * 8 bytes big-endian, the producer's wall clock in whole milliseconds read at publish as 8 bytes big-endian (the
 * run's {@code create_ms}: the millisecond send stamp a harness carries in the message, as OpenMessaging Benchmark's
 * NATS driver carries {@code System.currentTimeMillis()} in its payload and RabbitMQ PerfTest with
 * {@code --use-millis} in its), then the payload ({@code 'a'..'z'} repeated, as the Kafka sender fills its value).
 */
public final class MessageBody {
  private MessageBody() {}

  /** Bytes of the seq. */
  public static final int SEQ_BYTES = 8;
  /** Bytes before the payload: the seq and the millisecond stamp. */
  public static final int HEADER_BYTES = 16;

  /** A template body of {@code payloadBytes} payload bytes after a zero header; {@link #withSeq} copies it. */
  public static byte[] template(int payloadBytes) {
    if (payloadBytes < 0) {
      throw new IllegalArgumentException("payload bytes must be >= 0 (was " + payloadBytes + ")");
    }
    byte[] b = new byte[HEADER_BYTES + payloadBytes];
    for (int i = 0; i < payloadBytes; i++) {
      b[HEADER_BYTES + i] = (byte) ('a' + i % 26);
    }
    return b;
  }

  /** A copy of {@code template} carrying {@code seq} (and the template's millisecond stamp, zero). */
  public static byte[] withSeq(byte[] template, long seq) {
    byte[] b = template.clone();
    put(b, 0, seq);
    return b;
  }

  /**
   * A copy of {@code template} carrying {@code seq} and the millisecond stamp {@code millis}.
   *
   * <p><b>WARNING</b>: called between the send stamp and the client's publish call (with the clock read before it),
   * so the copy of {@code 16 + payload} bytes and the clock read lie inside the flight, as Kafka's CreateTime is read
   * inside {@code send()}.
   */
  public static byte[] withSeqAndMillis(byte[] template, long seq, long millis) {
    byte[] b = template.clone();
    put(b, 0, seq);
    put(b, SEQ_BYTES, millis);
    return b;
  }

  /** The seq a body carries, or {@link Long#MAX_VALUE} when it is shorter than {@link #SEQ_BYTES} (no seq of a run). */
  public static long seqOf(byte[] body) {
    if (body == null || body.length < SEQ_BYTES) {
      return Long.MAX_VALUE;
    }
    return get(body, 0);
  }

  /**
   * The millisecond stamp a body carries, or {@link ftl.data.ledger.Event#MISSING} when it is shorter than
   * {@link #HEADER_BYTES} or the stamp is not positive (no stamp was written).
   */
  public static long millisOf(byte[] body) {
    if (body == null || body.length < HEADER_BYTES) {
      return Event.MISSING;
    }
    long v = get(body, SEQ_BYTES);
    return v > 0 ? v : Event.MISSING;
  }

  private static void put(byte[] b, int at, long v) {
    for (int i = at + 7; i >= at; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
  }

  private static long get(byte[] b, int at) {
    long v = 0;
    for (int i = at; i < at + 8; i++) {
      v = (v << 8) | (b[i] & 0xff);
    }
    return v;
  }
}
