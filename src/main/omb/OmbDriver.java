// OmbDriver: runs OpenMessaging Benchmark's own, unmodified LocalWorker against one server (Kafka, RabbitMQ or NATS
// JetStream: whichever driver the config's driverClass names) and writes what OMB's objects counted. Not part of the
// archive's Maven build: src/main/sh/omb-run.sh compiles it against an OMB checkout (the framework's worker classes
// from source, the driver's jars), then runs it once per run. Nothing here depends on the driver.
//
// What it does, in OMB's own order (WorkloadGenerator.run): LocalWorker.initializeDriver(config) -> createTopics
// (1 topic, 1 partition) -> createConsumers (1 subscription, 1 consumer) -> createProducers (1 producer) ->
// probeProducers until the probe message is received -> startLoad at a fixed rate with OMB's payload file ->
// warm-up (getPeriodStats() every second, recorded as section "warmup", not analysed) -> resetStats() (as
// WorkloadGenerator does after its warm-up) -> getPeriodStats() every second for the measured window (section
// "period") -> getCumulativeLatencies() and getCountersStats() at the end (section "cumulative"; the counters
// are differences from their value right after resetStats(), because OMB resets its totals only in stopAll()).
//
// Reading OMB's statistics is not atomic. WorkerStats.toPeriodStats() reads the received counter, then takes the
// end-to-end Recorder's interval histogram later, so a message can fall in one second's count and another
// second's histogram; the per-second rows can disagree by thousands (kept as OMB reports them). The run's figures
// therefore come from the pair read back to back: resetStats() (whose last step flips the cumulative
// end-to-end Recorder) then getCountersStats() at the start, getCumulativeLatencies() (cumulative end-to-end
// Recorder last) then getCountersStats() at the end; a message received in the microseconds between the two
// reads is the only possible misattribution.
//
// Usage: java -cp <omb classes + jars>:<this> OmbDriver --config driver.yaml --rate MSG_PER_S --payload FILE
//        --payload-bytes N --warmup-s W --duration-s D --out run.csv [--broker-pid PID]
// Prints one line "omb-summary key=value ..." on stdout for the ledger. Exit 0 ok, 2 usage, 5 instrument failure.

import io.openmessaging.benchmark.utils.distributor.KeyDistributorType;
import io.openmessaging.benchmark.utils.payload.FilePayloadReader;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.commands.ConsumerAssignment;
import io.openmessaging.benchmark.worker.commands.CountersStats;
import io.openmessaging.benchmark.worker.commands.CumulativeLatencies;
import io.openmessaging.benchmark.worker.commands.PeriodStats;
import io.openmessaging.benchmark.worker.commands.ProducerWorkAssignment;
import io.openmessaging.benchmark.worker.commands.TopicSubscription;
import io.openmessaging.benchmark.worker.commands.TopicsInfo;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

public final class OmbDriver {
  /** Version of the per-run CSV written here; ftl.data.tool.OmbRunReader accepts this version only. */
  static final String FORMAT = "omb-run/1";
  static final String HEADER = "section,index,messages_sent,messages_received,e2e_count,publish_count,"
      + "e2e_p50_us,e2e_p99_us,e2e_max_us";

  private OmbDriver() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        usage("unexpected argument " + args[i]);
      }
      a.put(args[i].substring(2), args[i + 1]);
    }
    if (args.length % 2 != 0) {
      usage("odd number of arguments");
    }
    for (String k : List.of("config", "rate", "payload", "payload-bytes", "warmup-s", "duration-s", "out")) {
      if (!a.containsKey(k)) {
        usage("missing --" + k);
      }
    }
    double rate = Double.parseDouble(a.get("rate"));
    int payloadBytes = Integer.parseInt(a.get("payload-bytes"));
    int warmupS = Integer.parseInt(a.get("warmup-s"));
    int durationS = Integer.parseInt(a.get("duration-s"));
    long brokerPid = Long.parseLong(a.getOrDefault("broker-pid", "0"));
    Path out = Path.of(a.get("out"));

    LocalWorker worker = new LocalWorker();
    List<String> lines = new ArrayList<>();
    long startedMs = System.currentTimeMillis();
    try {
      worker.initializeDriver(new File(a.get("config")));
      List<String> topics = worker.createTopics(new TopicsInfo(1, 1));
      ConsumerAssignment ca = new ConsumerAssignment();
      ca.topicsSubscriptions.add(new TopicSubscription(topics.get(0), "sub-000-omb"));
      worker.createConsumers(ca);
      worker.createProducers(topics);

      // OMB's ensureTopicsAreReady: publish one probe message and wait until it is received.
      worker.probeProducers();
      long probeDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (worker.getCountersStats().messagesReceived < 1) {
        if (System.nanoTime() > probeDeadline) {
          fail("the probe message was not received within 60 s");
        }
        Thread.sleep(100);
      }

      ProducerWorkAssignment pwa = new ProducerWorkAssignment();
      pwa.keyDistributorType = KeyDistributorType.NO_KEY;
      pwa.publishRate = rate;
      pwa.payloadData = new ArrayList<>();
      pwa.payloadData.add(new FilePayloadReader(payloadBytes).load(a.get("payload")));
      worker.getPeriodStats(); // closes the probe period
      worker.startLoad(pwa);

      long tick = System.nanoTime();
      for (int s = 1; s <= warmupS; s++) {
        tick = sleepUntil(tick + 1_000_000_000L);
        lines.add(periodRow("warmup", s, worker.getPeriodStats()));
      }
      worker.resetStats();
      CountersStats c0 = worker.getCountersStats();
      CpuSample cpu0 = CpuSample.take(brokerPid);
      List<PeriodStats> periods = new ArrayList<>();
      for (int s = 1; s <= durationS; s++) {
        tick = sleepUntil(tick + 1_000_000_000L);
        PeriodStats p = worker.getPeriodStats();
        periods.add(p);
        lines.add(periodRow("period", s, p));
      }
      CumulativeLatencies cum = worker.getCumulativeLatencies();
      CountersStats c1 = worker.getCountersStats();
      CpuSample cpu1 = CpuSample.take(brokerPid);
      Histogram e2e = cum.endToEndLatency;
      lines.add(String.format(Locale.ROOT, "cumulative,0,%d,%d,%d,%d,%s", c1.messagesSent - c0.messagesSent,
          c1.messagesReceived - c0.messagesReceived, e2e.getTotalCount(), cum.publishLatency.getTotalCount(),
          quantiles(e2e)));
      for (HistogramIterationValue v : e2e.recordedValues()) {
        long ms = v.getValueIteratedTo() / 1000;
        lines.add(String.format(Locale.ROOT, "e2e_ms,%d,,,%d,,,,", ms, v.getCountAtValueIteratedTo()));
      }

      long received = 0;
      long kept = 0;
      for (PeriodStats p : periods) {
        received += p.messagesReceived;
        kept += p.endToEndLatency.getTotalCount();
      }
      double otherCpu = cpu1.otherPercent(cpu0);
      List<String> file = new ArrayList<>();
      file.add("# " + FORMAT + ": OpenMessaging Benchmark LocalWorker counts, written by src/main/omb/OmbDriver.java");
      file.add("# rate_msg_per_s=" + a.get("rate") + " payload_bytes=" + payloadBytes + " warmup_s=" + warmupS
          + " duration_s=" + durationS);
      file.add("# sections: warmup and period = one getPeriodStats() per second; cumulative = getCumulativeLatencies()"
          + " and getCountersStats() differences over the measured window; e2e_ms = the cumulative end-to-end"
          + " histogram's recorded values (index = latency in ms)");
      file.add(HEADER);
      file.addAll(lines);
      Files.createDirectories(out.toAbsolutePath().getParent());
      Files.write(out, file, StandardCharsets.UTF_8);
      System.out.println(String.format(Locale.ROOT,
          "omb-summary started_ms=%d sent=%d received=%d e2e_count=%d period_received=%d period_e2e_count=%d"
              + " e2e_p50_us=%d e2e_p99_us=%d e2e_max_us=%d send_errors=%d other_cpu_pct=%.1f",
          startedMs, c1.messagesSent - c0.messagesSent, c1.messagesReceived - c0.messagesReceived,
          e2e.getTotalCount(), received, kept,
          e2e.getTotalCount() > 0 ? e2e.getValueAtPercentile(50) : 0,
          e2e.getTotalCount() > 0 ? e2e.getValueAtPercentile(99) : 0, e2e.getMaxValue(),
          c1.messageSendErrors - c0.messageSendErrors, otherCpu));
    } catch (RuntimeException | IOException e) {
      System.err.println("omb-driver: " + e);
      System.exit(5);
    } finally {
      try {
        worker.stopAll();
        worker.close();
      } catch (Exception e) {
        System.err.println("omb-driver: closing: " + e);
      }
    }
    System.exit(0);
  }

  private static String periodRow(String section, int index, PeriodStats p) {
    return String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%s", section, index, p.messagesSent, p.messagesReceived,
        p.endToEndLatency.getTotalCount(), p.publishLatency.getTotalCount(), quantiles(p.endToEndLatency));
  }

  private static String quantiles(Histogram h) {
    if (h.getTotalCount() == 0) {
      return ",,";
    }
    return h.getValueAtPercentile(50) + "," + h.getValueAtPercentile(99) + "," + h.getMaxValue();
  }

  private static long sleepUntil(long deadline) throws InterruptedException {
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      TimeUnit.NANOSECONDS.sleep(left);
    }
    return deadline;
  }

  private static void usage(String why) {
    System.err.println("omb-driver: " + why);
    System.err.println("usage: OmbDriver --config driver.yaml --rate MSG_PER_S --payload FILE --payload-bytes N"
        + " --warmup-s W --duration-s D --out run.csv [--broker-pid PID]");
    System.exit(2);
  }

  private static void fail(String why) {
    throw new IllegalStateException(why);
  }

  /** CPU ticks of the whole host (/proc/stat), of this JVM and of the broker, to report other processes' share. */
  private record CpuSample(long total, long busy, long self, long broker) {
    static CpuSample take(long brokerPid) throws IOException {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long total = 0;
      for (int i = 1; i < f.length && i <= 8; i++) {
        total += Long.parseLong(f[i]);
      }
      long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
      return new CpuSample(total, total - idle, procTicks(ProcessHandle.current().pid()),
          brokerPid > 0 ? procTicks(brokerPid) : 0);
    }

    static long procTicks(long pid) throws IOException {
      String s = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** Percent of all cores' time used by processes other than this JVM and the broker between two samples. */
    double otherPercent(CpuSample before) {
      long dt = total - before.total;
      long other = (busy - before.busy) - (self - before.self) - (broker - before.broker);
      return dt > 0 ? 100.0 * Math.max(0, other) / dt : 0.0;
    }
  }
}
