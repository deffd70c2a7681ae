package ftl.stats;

import static ftl.data.ledger.Events.event;

import ftl.data.ledger.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Seeded generators of synthetic runs for property tests. */
final class RandomEvents {

  private RandomEvents() {}

  /** Shapes of generated stamps. */
  enum Shape {
    /** Realistic: D and A of tens of microseconds, occasional negative A, some missing stamps. */
    REALISTIC,
    /** Stamps anywhere in the long range, so differences wrap around. */
    EXTREME,
    /** Wall-clock stamps around a millisecond boundary so the guard sees every M class. */
    GRID
  }

  static List<Event> run(SplittableRandom rnd, int n, Shape shape) {
    List<Event> out = new ArrayList<>(n);
    long sendNanos = rnd.nextLong(0, 1L << 40);
    long sendMicros = 1_700_000_000_000_000L + rnd.nextLong(0, 1_000_000_000L);
    for (int i = 0; i < n; i++) {
      long send;
      long ack;
      long recv;
      if (shape == Shape.EXTREME) {
        send = rnd.nextLong();
        if (send == Event.MISSING) {
          send++;
        }
        ack = rnd.nextLong();
        recv = rnd.nextLong();
      } else {
        sendNanos += rnd.nextLong(1, 2_000_000);
        send = sendNanos;
        long d = rnd.nextLong(1_000, 80_000);
        long a = rnd.nextLong(-10_000, 400_000);
        ack = send + d;
        recv = ack + a;
      }
      if (rnd.nextInt(20) == 0) {
        ack = Event.MISSING;
      }
      boolean delivered = rnd.nextInt(25) != 0;
      if (!delivered) {
        recv = Event.MISSING;
      }
      sendMicros += rnd.nextLong(1, 2_000);
      long createMillis = Math.floorDiv(sendMicros, 1000) + (rnd.nextInt(10) == 0 ? 1 : 0);
      long recvMicros;
      if (!delivered) {
        recvMicros = Event.MISSING;
      } else if (shape == Shape.GRID) {
        recvMicros = createMillis * 1000 + rnd.nextLong(-2_500, 3_500);
      } else {
        recvMicros = sendMicros + rnd.nextLong(0, 1_500);
      }
      out.add(event(i, send, ack, recv, sendMicros, recvMicros, createMillis));
    }
    return out;
  }
}
