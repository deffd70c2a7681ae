package ftl.data.tool;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The outputs of other tools that {@code ftl audit} reads, each with the name {@code --format} takes and the reader
 * that knows it. A format is recognised by lines only its tool prints ({@link #recognise}); every reader was checked
 * against real outputs of its tool committed in {@code data/}.
 *
 * <p>Not read, and why ({@link #NOT_READ}): {@code nats bench} (natscli is not a Debian package and no real output is
 * at hand; by the harness audit it measures no per-message latency anyway).
 */
public enum ToolOutputFormat {
  /** Kafka's {@code kafka-producer-perf-test} (ProducerPerformance) standard output. */
  KAFKA_PRODUCER_PERF("kafka-producer-perf-test", "Kafka ProducerPerformance (kafka-producer-perf-test)",
      "its lines \"N records sent, ...\"", ProducerPerformanceReader::recognises),
  /** Kafka's {@code kafka-e2e-latency} (EndToEndLatency) standard output. */
  KAFKA_E2E_LATENCY("kafka-e2e-latency", "Kafka EndToEndLatency (kafka-e2e-latency)",
      "its lines \"Avg latency: ... ms\" and \"Percentiles: 50th = ...\"", EndToEndLatencyReader::recognises),
  /** RabbitMQ PerfTest's standard output (interval and summary lines). */
  PERFTEST("perftest", "RabbitMQ PerfTest",
      "its lines \"id: ..., time: ...s, ...\" and \"id: ..., sending rate avg: ...\"",
      PerfTestStdoutReader::recognises),
  /** A scrape of RabbitMQ PerfTest's Prometheus endpoint ({@code -mpr -mc}). */
  PERFTEST_PROMETHEUS("perftest-prometheus", "RabbitMQ PerfTest, Prometheus scrape (-mpr -mc)",
      "its series perftest_...", PerfTestScrapeReader::recognises),
  /** OpenMessaging Benchmark's result JSON (a serialized TestResult, as {@code bin/benchmark} writes it). */
  OMB_RESULT("omb-result", "OpenMessaging Benchmark result JSON (TestResult)",
      "its key \"publishLatency50pct\" or \"aggregatedEndToEndLatency50pct\"", OmbResultReader::recognises);

  /** What the audit does not read, in words, for the message about an unknown format and for {@code --help}. */
  public static final String NOT_READ = "not read: nats bench (no real output of it could be made here to check a"
      + " reader against; docs/audit.md says why)";

  private final String id;
  private final String tool;
  private final String signature;
  private final Predicate<List<String>> recognises;

  ToolOutputFormat(String id, String tool, String signature, Predicate<List<String>> recognises) {
    this.id = id;
    this.tool = tool;
    this.signature = signature;
    this.recognises = recognises;
  }

  /** The name {@code --format} takes. */
  public String id() {
    return id;
  }

  /** The tool as practitioners name it. */
  public String tool() {
    return tool;
  }

  /** The lines it is recognised by, in words. */
  public String signature() {
    return signature;
  }

  /** The format named {@code id}, if any. */
  public static Optional<ToolOutputFormat> byId(String id) {
    return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
  }

  /** Every format's id, comma-separated. */
  public static String ids() {
    return String.join(", ", Arrays.stream(values()).map(ToolOutputFormat::id).toList());
  }

  /** The formats whose signature lines the text holds (one for a real output; none or several otherwise). */
  public static List<ToolOutputFormat> recognise(String text) {
    List<String> lines = OutputLines.of(text);
    return Arrays.stream(values()).filter(f -> f.recognises.test(lines)).toList();
  }
}
