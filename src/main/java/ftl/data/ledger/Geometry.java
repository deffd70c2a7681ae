package ftl.data.ledger;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Core placement of the two stamping threads: a condition field of the plan and of the ledger
 * ({@link LedgerSchema#GEOMETRY}).
 * On an N-core host: {@link #SHARED} puts both on the last core (N-1); {@link #SPLIT} puts the ack-stamping thread
 * (Kafka's producer I/O thread; RabbitMQ's or NATS' completion thread) on core 0 and the receive-stamping thread (the
 * consumer's delivery thread) on core N-1; {@link #FREE} leaves the kernel to place them.
 */
public enum Geometry {
  FREE, SHARED, SPLIT;

  public String word() { return name().toLowerCase(Locale.ROOT); }

  /** The words of the plan and the ledger, in declaration order. */
  public static List<String> words() {
    return Arrays.stream(values()).map(Geometry::word).toList();
  }

  public static Geometry ofWord(String w) {
    for (Geometry g : values()) {
      if (g.word().equals(w)) {
        return g;
      }
    }
    throw new IllegalArgumentException("must be one of free, shared, split (was \"" + w + "\")");
  }
}
