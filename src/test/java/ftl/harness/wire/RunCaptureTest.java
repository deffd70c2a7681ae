package ftl.harness.wire;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.Event;
import ftl.data.ledger.EventReader;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.WireColumns;
import ftl.harness.campaign.EventFileWriter;
import ftl.harness.run.StampBook;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A synthetic capture joined to a run's stamps ({@link RunCapture#join}) and written as events: the produce request's
 * stamp is moved onto the stamps' clock with the same offset per record as the responses', counted in the ledger's
 * {@code wire_produce_req}, written as the last events column {@code produce_req_ns}, and read back.
 */
class RunCaptureTest {
  @TempDir Path tmp;

  /** Five measured events, the last never sent; monotonic 1 us a reading, wall 1 us a reading from 1.7e15 us. */
  static StampBook book() {
    long[] ns = {0};
    long[] us = {1_700_000_000_000_000L};
    StampBook b = new StampBook(0, 5, () -> ns[0] += 1000, () -> us[0] += 1);
    for (int i = 0; i < 4; i++) {
      b.stampSend(i, i * 1000L);
      b.stampAck(i, null);
      b.stampRecv(i, 1_700_000_000_000L);
    }
    return b;
  }

  static final long M = WireLog.MISSING;

  @Test
  void join_requestStamps_movedAsTheResponsesAndCounted() throws IOException {
    StampBook book = book();
    long t = 1_700_000_000_000_000_000L;
    WireLog log = new WireLog(new long[] {t + 10, M, t + 30, t + 40, M}, new long[] {t + 20, t + 21, M, t + 50, M},
        new long[] {t + 25, t + 26, t + 35, t + 55, M}, 9, 0, 0, 0, new long[0], new long[0], 0, -1, -1);
    RunCapture.Result r = RunCapture.join(book, log, 0);
    long[] sendNs = new long[4];
    long[] sendUs = new long[4];
    for (int i = 0; i < 4; i++) {
      sendNs[i] = book.event(i).sendNanos();
      sendUs[i] = book.event(i).sendMicros();
    }
    long[] offset = ClockAlignment.of(sendNs, sendUs).offsetNanos();
    RunCapture.Columns c = r.columns();
    assertThat(c.produceReqNanos()).containsExactly(t + 10 - offset[0], Event.MISSING, t + 30 - offset[2],
        t + 40 - offset[3], Event.MISSING);
    for (int seq = 0; seq < 4; seq++) {
      if (c.produceReqNanos()[seq] != Event.MISSING && c.produceRespNanos()[seq] != Event.MISSING) {
        assertThat(c.produceRespNanos()[seq] - c.produceReqNanos()[seq]).as("seq " + seq)
            .isEqualTo(log.produceRespEpochNanos()[seq] - log.produceReqEpochNanos()[seq]);
      }
    }
    assertThat(r.cells().get(LedgerSchema.WIRE_PRODUCE_REQ)).isEqualTo("3");
    assertThat(r.cells().get(LedgerSchema.WIRE_BOTH)).isEqualTo("3");

    Path events = tmp.resolve("events/r0001.csv.gz");
    EventFileWriter.write(events, book, c);
    WireColumns w;
    try (InputStream in = Files.newInputStream(events)) {
      w = WireColumns.read(in, "r0001.csv.gz");
    }
    assertThat(w.hasProduceReq()).isTrue();
    assertThat(w.produceReq()).containsExactly(t + 10 - offset[0], Event.MISSING, t + 30 - offset[2],
        t + 40 - offset[3]);
    assertThat(w.produceResp()).containsExactly(t + 20 - offset[0], t + 21 - offset[1], Event.MISSING,
        t + 50 - offset[3]);
    List<Event> read = new ArrayList<>();
    EventReader.read(events, "r0001.csv.gz", null, read::add);
    assertThat(read).as("the events reader takes the file with its new column").hasSize(4);
  }

  @Test
  void noColumns_everyWireCellEmpty() {
    RunCapture.Columns c = RunCapture.noColumns(book());
    for (long[] col : new long[][] {c.produceReqNanos(), c.produceRespNanos(), c.fetchRespNanos()}) {
      assertThat(col).hasSize(5).containsOnly(Event.MISSING);
    }
  }
}
