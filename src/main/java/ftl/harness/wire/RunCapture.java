package ftl.harness.wire;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.harness.run.StampBook;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The wire capture of one Kafka run, from start to the events' three wire columns: {@link WireCapture} started before
 * the run's clients connect, stopped after the run, its file decoded ({@link KafkaWire}), the capture stamps moved onto
 * the stamps' monotonic clock ({@link ClockAlignment}), and the ledger's {@code wire_*} cells. The capture file is
 * deleted once decoded; a file Kafka's classes or the pcap reader refuse is kept, and the refusal (naming the file and
 * packet) propagates after the run's events are written.
 */
public final class RunCapture {
  /** Keep every decoded capture file (environment {@code FTL_KEEP_CAPTURE=1}), for a fixture or a closer look. */
  static final boolean KEEP = "1".equals(System.getenv("FTL_KEEP_CAPTURE"));
  private final WireCapture capture;
  private final Set<String> endpoints;

  private RunCapture(WireCapture capture, Set<String> endpoints) {
    this.capture = capture;
    this.endpoints = endpoints;
  }

  /**
   * The events' wire columns on the stamps' clock, per measured {@code seq} ({@link Event#MISSING} where not seen): the
   * first produce request carrying the record, the produce response acknowledging it, the first fetch response
   * carrying it to the consumer.
   */
  public record Columns(long[] produceReqNanos, long[] produceRespNanos, long[] fetchRespNanos) {}

  /**
   * Wire columns with every cell empty, for a captured run whose capture was refused (the events are still written).
   */
  public static Columns noColumns(StampBook book) {
    long[] none = new long[book.events()];
    Arrays.fill(none, Event.MISSING);
    return new Columns(none, none.clone(), none.clone());
  }

  /** What the capture gave the run: its columns and its ledger cells. */
  public record Result(Columns columns, LedgerCells cells) {}

  /** The brokers' {@code address:port} endpoints of a bootstrap list ({@code host:port,host:port}). */
  static Set<String> endpoints(String bootstrap) {
    Set<String> out = new LinkedHashSet<>();
    for (String e : bootstrap.split(",")) {
      String t = e.strip();
      int colon = t.lastIndexOf(':');
      if (colon <= 0 || colon == t.length() - 1) {
        throw new IllegalArgumentException("not a host:port endpoint: \"" + t + "\"");
      }
      String host = t.substring(0, colon);
      out.add((host.equals("localhost") ? "127.0.0.1" : host) + t.substring(colon));
    }
    return out;
  }

  /** Starts the capture of a run on the cluster {@code bootstrap} into {@code pcap}. */
  public static RunCapture start(Path pcap, String bootstrap) throws IOException {
    Set<String> endpoints = endpoints(bootstrap);
    List<Integer> ports = new ArrayList<>();
    for (String e : endpoints) {
      int p = Integer.parseInt(e.substring(e.lastIndexOf(':') + 1));
      if (!ports.contains(p)) {
        ports.add(p);
      }
    }
    return new RunCapture(WireCapture.start(pcap, ports), endpoints);
  }

  /** Stops the capture and decodes it against the run's stamps. */
  public Result finish(StampBook book) throws IOException {
    long dropped = capture.stop();
    int n = book.events();
    WireLog log = KafkaWire.decode(capture.file(), endpoints, n);
    Result r = join(book, log, dropped);
    if (!KEEP) {
      Files.deleteIfExists(capture.file());
      Files.deleteIfExists(capture.file().resolveSibling(capture.file().getFileName() + ".log"));
    }
    return r;
  }

  /** Stops the capture without decoding it (a run that failed before it measured). */
  public void abandon() {
    capture.stop();
  }

  /** The wire stamps of {@code log} moved onto the book's clock, and the run's cells. */
  static Result join(StampBook book, WireLog log, long dropped) {
    int n = book.events();
    List<Integer> sent = new ArrayList<>();
    for (int seq = 0; seq < n; seq++) {
      if (book.sent(seq)) {
        sent.add(seq);
      }
    }
    long[] request = new long[n];
    long[] produce = new long[n];
    long[] fetch = new long[n];
    Arrays.fill(request, Event.MISSING);
    Arrays.fill(produce, Event.MISSING);
    Arrays.fill(fetch, Event.MISSING);
    LedgerCells cells = new LedgerCells();
    cells.put(LedgerSchema.WIRE_PACKETS, log.packets());
    cells.put(LedgerSchema.WIRE_DROPPED, dropped < 0 ? "" : String.valueOf(dropped));
    cells.put(LedgerSchema.WIRE_GAPS, log.gaps());
    cells.put(LedgerSchema.WIRE_OFFSET_MISMATCHES, log.offsetMismatches());
    if (sent.isEmpty()) {
      return new Result(new Columns(request, produce, fetch), cells);
    }
    long[] sendNs = new long[sent.size()];
    long[] sendUs = new long[sent.size()];
    for (int i = 0; i < sent.size(); i++) {
      Event e = book.event(sent.get(i));
      sendNs[i] = e.sendNanos();
      sendUs[i] = e.sendMicros();
    }
    ClockAlignment align = ClockAlignment.of(sendNs, sendUs);
    int both = 0;
    int missed = 0;
    int requested = 0;
    for (int i = 0; i < sent.size(); i++) {
      int seq = sent.get(i);
      long q = log.produceReqEpochNanos()[seq];
      long p = log.produceRespEpochNanos()[seq];
      long f = log.fetchRespEpochNanos()[seq];
      request[seq] = q == WireLog.MISSING ? Event.MISSING : q - align.offsetNanos()[i];
      requested += q == WireLog.MISSING ? 0 : 1;
      produce[seq] = p == WireLog.MISSING ? Event.MISSING : p - align.offsetNanos()[i];
      fetch[seq] = f == WireLog.MISSING ? Event.MISSING : f - align.offsetNanos()[i];
      Event e = book.event(seq);
      if (p != WireLog.MISSING && f != WireLog.MISSING) {
        both++;
      } else if (e.complete()) {
        missed++;
      }
    }
    cells.put(LedgerSchema.WIRE_BOTH, both);
    cells.put(LedgerSchema.WIRE_MISSED, missed);
    cells.put(LedgerSchema.WIRE_PRODUCE_REQ, requested);
    cells.put(LedgerSchema.WIRE_ALIGN_ERR_NS, align.errorNanos());
    cells.put(LedgerSchema.WIRE_ALIGN_DRIFT_NS, align.driftNanos());
    cells.put(LedgerSchema.WIRE_FOLLOWER_WAIT_P50_US, medianMicros(log.followerWaitNanos()));
    cells.put(LedgerSchema.WIRE_FOLLOWER_MAX_WAIT_MS, log.followerMaxWaitMs() < 0 ? ""
        : String.valueOf(log.followerMaxWaitMs()));
    cells.put(LedgerSchema.WIRE_FOLLOWER_MIN_BYTES, log.followerMinBytes() < 0 ? ""
        : String.valueOf(log.followerMinBytes()));
    cells.put(LedgerSchema.WIRE_CONSUMER_WAIT_P50_US, medianMicros(log.consumerWaitNanos()));
    cells.put(LedgerSchema.WIRE_CONSUMER_FETCHES, log.consumerWaitNanos().length);
    cells.put(LedgerSchema.WIRE_CONSUMER_TIMEOUTS, log.consumerTimeouts());
    return new Result(new Columns(request, produce, fetch), cells);
  }

  /** The lower median of {@code nanos} in microseconds to 0.1, "" for none. */
  static String medianMicros(long[] nanos) {
    if (nanos.length == 0) {
      return "";
    }
    long[] s = nanos.clone();
    Arrays.sort(s);
    return String.format(Locale.ROOT, "%.1f", s[(s.length - 1) / 2] / 1e3);
  }
}
