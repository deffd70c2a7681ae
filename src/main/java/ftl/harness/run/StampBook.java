package ftl.harness.run;

import ftl.data.ledger.Event;
import ftl.harness.plan.StableFlights;
import java.util.Arrays;

/**
 * The stamps of one run, in preallocated primitive arrays indexed by slot: slot {@code warmup + seq} for
 * {@code seq} in {@code [-warmup, events)}; warm-up sends carry negative {@code seq}. Each array slot is
 * written by exactly one thread (sender, producer I/O thread, consumer thread) and read only after those
 * threads have been joined or closed, which orders the writes before the reads.
 *
 * <p>A stamp never taken holds {@link Event#MISSING}.
 */
public final class StampBook {
  private final int warmup;
  private final int events;
  private final MonotonicClock nanoClock;
  private final WallClock wallMicros;

  final long[] intendedNs;
  final long[] sendNs;
  final long[] sendUs;
  final long[] ackNs;
  final long[] recvNs;
  final long[] recvUs;
  final long[] createMs;
  /** Messages the acknowledgment of each slot completed ({@link #stampAck(int, Exception, int)}); 0 when not told. */
  final int[] ackCovered;

  /** Counters written by one thread each (volatile so the coordinating thread can watch progress). */
  private volatile long acked;
  private volatile long received;
  private volatile long ackErrors;
  private volatile long duplicates;
  private volatile long foreign;
  private volatile String firstAckError;

  public StampBook(int warmup, int events, MonotonicClock nanoClock, WallClock wallMicros) {
    this.warmup = warmup;
    this.events = events;
    this.nanoClock = nanoClock;
    this.wallMicros = wallMicros;
    int n = warmup + events;
    intendedNs = filled(n);
    sendNs = filled(n);
    sendUs = filled(n);
    ackNs = filled(n);
    recvNs = filled(n);
    recvUs = filled(n);
    createMs = filled(n);
    ackCovered = new int[n];
  }

  /** The production book: {@code System.nanoTime} and {@link WallClock#micros()}. */
  public static StampBook system(int warmup, int events) {
    return new StampBook(warmup, events, MonotonicClock.SYSTEM, WallClock.SYSTEM);
  }

  private static long[] filled(int n) {
    long[] a = new long[n];
    Arrays.fill(a, Event.MISSING);
    return a;
  }

  public int warmup() { return warmup; }

  public int events() { return events; }

  /** Slots in all: warm-up plus measured. */
  public int slots() { return warmup + events; }

  /** The seq a slot's record carries: {@code slot - warmup}. */
  public long seqOf(int slot) { return (long) slot - warmup; }

  /** The slot of a record's seq, or -1 when the seq is not one of this run's. */
  public int slotOf(long seq) {
    long slot = seq + warmup;
    return slot >= 0 && slot < warmup + events ? (int) slot : -1;
  }

  /**
   * Stamps {@code send_ns} and {@code send_us} for a slot; called on the sender thread immediately before
   * {@code producer.send()}. Records the slot's intended time beside them.
   *
   * <p><b>WARNING</b>: costs one {@code System.nanoTime} (about 25 ns here) plus one wall-clock read
   * ({@code Instant.now()}, about 35 ns, which may allocate a short-lived {@code Instant} when escape
   * analysis fails) and three array stores. It runs between the pacer's wake-up and {@code send()}, so
   * its cost is added to every send's lag and is inside the flight {@code T} (never outside it): the stamp
   * is taken before the call, never after a blocking call. A GC pause or preemption between this stamp and
   * {@code send()} lengthens the measured flight; it cannot shorten it.
   *
   * @return the {@code send_ns} stamp
   */
  public long stampSend(int slot, long intendedNanos) {
    long ns = nanoClock.nowNanos();
    long us = wallMicros.nowMicros();
    intendedNs[slot] = intendedNanos;
    sendNs[slot] = ns;
    sendUs[slot] = us;
    return ns;
  }

  /**
   * Stamps {@code ack_ns} for a slot; called in the producer's completion callback, on Kafka's I/O thread
   * ({@code kafka-producer-network-thread}).
   *
   * <p><b>WARNING</b>: costs one {@code System.nanoTime} and a volatile counter write (tens of ns). It runs
   * on the I/O thread that also reads the next responses and writes the next requests, so every
   * nanosecond here delays the I/O thread's next network step; it does no I/O, no logging and no
   * allocation. A callback that finds an exception does not stamp (the ack stays missing) and records the
   * first error's text once.
   */
  public void stampAck(int slot, Exception error) {
    stampAck(slot, error, ACK_COVERED_UNTOLD);
  }

  /** {@code ack_covered} of an acknowledgment whose system does not say how many messages it completed. */
  public static final int ACK_COVERED_UNTOLD = 0;

  /**
   * {@link #stampAck(int, Exception)} for an acknowledgment that says how many messages it completed: {@code covered}
   * (at least 1; a RabbitMQ confirm with {@code multiple} completes several), kept as the event's {@code ack_covered}
   * when the ack is stamped; {@link #ACK_COVERED_UNTOLD} when the system does not say.
   *
   * <p><b>WARNING</b>: as {@link #stampAck(int, Exception)}, plus one int array write.
   */
  public void stampAck(int slot, Exception error, int covered) {
    if (error != null) {
      if (firstAckError == null) {
        firstAckError = String.valueOf(error);
      }
      ackErrors = ackErrors + 1;
      return;
    }
    ackNs[slot] = nanoClock.nowNanos();
    ackCovered[slot] = covered;
    acked = acked + 1;
  }

  /**
   * Stamps {@code recv_ns}, {@code recv_us} and keeps the record's {@code create_ms}; called on the consumer
   * thread for each record as {@code poll()} hands it to the application.
   *
   * <p><b>WARNING</b>: costs one {@code System.nanoTime}, one wall-clock read (as {@link #stampSend}) and a
   * volatile counter write. Records of one poll batch are stamped one after another, so the n-th record of
   * a batch carries n stamp costs on top of its flight. A second delivery of the same seq (should not
   * happen without retries) keeps the first stamps and is counted as a duplicate.
   */
  public void stampRecv(long seq, long createMillis) {
    long ns = nanoClock.nowNanos();
    long us = wallMicros.nowMicros();
    int slot = slotOf(seq);
    if (slot < 0) {
      foreign = foreign + 1;
      return;
    }
    if (recvNs[slot] != Event.MISSING) {
      duplicates = duplicates + 1;
      return;
    }
    recvNs[slot] = ns;
    recvUs[slot] = us;
    createMs[slot] = createMillis;
    received = received + 1;
  }

  public long acked() { return acked; }

  public long received() { return received; }

  public long ackErrors() { return ackErrors; }

  public String firstAckError() { return firstAckError; }

  public long duplicates() { return duplicates; }

  public long foreign() { return foreign; }

  /** Number of slots (warm-up and measured) whose send was stamped. */
  public int sentTotal() {
    int n = 0;
    for (long v : sendNs) {
      if (v != Event.MISSING) {
        n++;
      }
    }
    return n;
  }

  /** Number of measured slots whose send was stamped. */
  public int measuredSent() {
    int n = 0;
    for (int s = warmup; s < warmup + events; s++) {
      if (sendNs[s] != Event.MISSING) {
        n++;
      }
    }
    return n;
  }

  /** True when measured {@code seq} was sent (its send was stamped). */
  public boolean sent(int seq) { return sendNs[warmup + seq] != Event.MISSING; }

  /**
   * The measured event of one seq in {@code [0, events)} that was {@link #sent} (stamps never taken are {@link
   * Event#MISSING}).
   */
  public Event event(int seq) {
    int s = warmup + seq;
    return new Event(seq, sendNs[s], ackNs[s], recvNs[s], sendUs[s], recvUs[s], createMs[s],
        ackCovered[s] == ACK_COVERED_UNTOLD || ackNs[s] == Event.MISSING ? Event.MISSING : ackCovered[s]);
  }

  /** Intended send time of measured {@code seq}. */
  public long intendedNanos(int seq) { return intendedNs[warmup + seq]; }

  /** The {@code send_us} stamp of a slot (for the clock-offset CreateTime, read right after {@link #stampSend}). */
  public long sendMicrosAt(int slot) { return sendUs[slot]; }

  /**
   * Warm-up slots {@code [from, from + n)} whose send was stamped and whose record was delivered (for the
   * {@code stable_flights} rule, on the pacing thread while the consumer thread goes on stamping). The volatile read
   * of the delivery counter first makes every delivery counted before it visible; a later one may or may not be seen.
   */
  public int warmupDelivered(int from, int n) {
    long seen = received; // volatile read: happens-after the stamps of the deliveries it counts
    int c = 0;
    for (int s = from; s < from + n && seen > 0; s++) {
      if (sendNs[s] != Event.MISSING && recvNs[s] != Event.MISSING) {
        c++;
      }
    }
    return c;
  }

  /**
   * Median flight {@code recv_ns - send_ns} of the delivered warm-up slots in {@code [from, from + n)}, ns
   * ({@link ftl.harness.plan.StableFlights#medianNanos}; NaN when none was delivered); {@code scratch} holds at
   * least {@code n} values and is overwritten.
   */
  public double warmupMedianFlightNanos(int from, int n, long[] scratch) {
    long seen = received; // as warmupDelivered
    int k = 0;
    for (int s = from; s < from + n && seen > 0; s++) {
      long recv = recvNs[s];
      if (sendNs[s] != Event.MISSING && recv != Event.MISSING) {
        scratch[k++] = recv - sendNs[s];
      }
    }
    return StableFlights.medianNanos(scratch, k);
  }

  /**
   * Bytes per slot: seven {@code long} stamps (intended, send, send_us, ack, recv, recv_us, create_ms), one int
   * ack_covered.
   */
  public static final int BYTES_PER_SLOT = 7 * Long.BYTES + Integer.BYTES;

  /**
   * Heap the stamp arrays of a book take, bytes: {@link #BYTES_PER_SLOT} x (warm-up slots + measured events), array
   * headers aside. 60,000 events (a minute at 1 ms) take 3.4 MB; the campaign runner refuses a plan whose largest run
   * would not fit in half the heap.
   */
  public static long bytesFor(int warmupSlots, int events) {
    return (long) BYTES_PER_SLOT * ((long) warmupSlots + events);
  }
}
