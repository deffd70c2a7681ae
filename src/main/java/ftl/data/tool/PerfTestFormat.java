package ftl.data.tool;

import java.util.List;

/**
 * The one declaration of the format RabbitMQ PerfTest's runs are kept in ({@code src/main/sh/perftest-run.sh}): a
 * ledger whose header is {@link #LEDGER_HEADER}, and per run PerfTest's standard output ({@code runs/<run>.txt}) and
 * its Prometheus metrics scraped once before the run ended ({@code runs/<run>.prom}). A folder whose {@code ledger.csv}
 * carries {@link #MARKER_COLUMN} and no {@code events_file} is such a folder, not a campaign of our instrument:
 * {@link ftl.data.DataSet#scan} lists it among the other folders.
 */
public final class PerfTestFormat {
  /** Ledger header written by perftest-run.sh, in this order. */
  public static final List<String> LEDGER_HEADER = List.of("run_id", "condition", "status", "reason", "repeat",
      "order_index", "started_at", "rate_msg_per_s", "use_millis", "duration_s", "size_bytes", "scrape_at_s",
      "stdout_file", "stdout_sha256", "metrics_file", "metrics_sha256", "loadavg_start", "loadavg_end",
      "perftest_version", "amqp_client_version", "server", "host_cpu", "host_cores", "kernel", "jvm", "plan_sha256",
      "git_commit");
  /** The column that marks a PerfTest ledger. */
  public static final String MARKER_COLUMN = "perftest_version";
  /** Prometheus series of every delivery the AMQP client counted ({@code -mc}: its Micrometer collector). */
  public static final String CONSUMED = "client_consumed_total";
  /** Prometheus series of the samples PerfTest's latency timer recorded (only latencies above 0). */
  public static final String LATENCY_COUNT = "perftest_latency_seconds_count";

  private PerfTestFormat() {}
}
