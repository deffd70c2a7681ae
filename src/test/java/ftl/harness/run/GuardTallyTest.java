package ftl.harness.run;

import static ftl.data.ledger.Events.event;
import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import ftl.data.ledger.EventFormat;
import ftl.harness.campaign.EventFileWriter;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The on-the-fly guard replica must agree with a recomputation from the written event file. */
class GuardTallyTest {

  @TempDir Path dir;

  static Event ev(long seq, long recvUs, long createMs, long send, long ack, long recv) {
    return event(seq, send, ack, recv, 0, recvUs, createMs);
  }

  @Test
  void add_knownEvents_countsEveryClass() {
    GuardTally t = new GuardTally.Builder()
        .add(ev(0, 1_000_500, 999, 0, 10, 20))            // M = 1000 - 999 = 1: kept
        .add(ev(1, 1_000_999, 1000, 0, 30, 20))           // M = 0: dropped; A = -10
        .add(ev(2, 999_999, 1000, 0, 10, 20))             // M = -1: one-tick negative
        .add(ev(3, 997_000, 1000, 0, 10, 20))             // M = -3: negative
        .add(ev(4, Event.MISSING, Event.MISSING, 0, 10, Event.MISSING)) // never delivered: not taken
        .build();
    assertThat(t).isEqualTo(new GuardTally(4, 1, 1, 2, 1, 1, 0, 4));
    assertThat(t.retention()).isEqualTo(0.25);
    assertThat(new GuardTally.Builder().build().retention()).isNaN();
  }

  @Test
  void tally_recomputedFromWrittenEventFile_agrees() throws Exception {
    // 5000 synthetic events with sub-millisecond flights at random phases, some acks after the receive,
    // some deliveries and acks missing.
    SplittableRandom rnd = new SplittableRandom(42);
    long[] ns = {0};
    long[] us = {0};
    long[] nextNs = new long[1];
    long[] nextUs = new long[1];
    StampBook b = new StampBook(10, 5000, () -> ns[0] = nextNs[0], () -> us[0] = nextUs[0]);
    long wall0 = 1_700_000_000_000_000L;
    for (int seq = 0; seq < 5000; seq++) {
      long sendNs = 1_000_000L * seq + rnd.nextLong(1000);
      long sendUs = wall0 + sendNs / 1000;
      long flight = 100_000 + rnd.nextLong(800_000);
      long disp = 50_000 + rnd.nextLong(flight + 100_000);
      nextNs[0] = sendNs;
      nextUs[0] = sendUs;
      b.stampSend(10 + seq, sendNs);
      if (rnd.nextInt(100) != 0) {
        nextNs[0] = sendNs + disp;
        b.stampAck(10 + seq, null);
      }
      if (rnd.nextInt(100) != 0) {
        nextNs[0] = sendNs + flight;
        nextUs[0] = sendUs + flight / 1000;
        long createMs = Math.floorDiv(sendUs + rnd.nextLong(5), 1000);
        if (rnd.nextInt(20) == 0) {
          createMs += 1 + rnd.nextInt(3); // a wall-clock step between send and create: M can go negative
        }
        b.stampRecv(seq, createMs);
      }
    }
    GuardTally live = GuardTally.of(b);
    Path file = dir.resolve("events/r0001.csv.gz");
    EventFileWriter.write(file, b);

    GuardTally.Builder fromFile = new GuardTally.Builder();
    long rows = 0;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.US_ASCII))) {
      String header = r.readLine();
      assertThat(header).isEqualTo(String.join(",", EventFormat.EVENT_COLUMNS) + ",intended_ns,ack_covered");
      for (String line; (line = r.readLine()) != null; ) {
        String[] c = line.split(",", -1);
        fromFile.add(event(Long.parseLong(c[0]), Long.parseLong(c[1]), cell(c[2]), cell(c[3]),
            Long.parseLong(c[4]), cell(c[5]), cell(c[6])));
        rows++;
      }
    }
    assertThat(rows).isEqualTo(5000);
    assertThat(fromFile.build()).isEqualTo(live);
    assertThat(live.taken()).isLessThan(5000).isGreaterThan(4800);
    assertThat(live.ackNegative()).isPositive();
    assertThat(live.flightNegative()).isZero();
    assertThat(live.negative()).isPositive();
    assertThat(live.oneTickNegative()).isPositive().isLessThan(live.negative());
  }

  static long cell(String s) {
    return s.isEmpty() ? Event.MISSING : Long.parseLong(s);
  }
}
