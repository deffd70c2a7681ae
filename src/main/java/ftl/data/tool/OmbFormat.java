package ftl.data.tool;

import ftl.data.io.DataException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The one declaration of the formats that the real OpenMessaging Benchmark runs are written in: the per-run
 * file {@code runs/<run>.csv} written by {@code src/main/omb/OmbDriver.java} and the ledger written by
 * {@code src/main/sh/omb-run.sh} (tests check that both writers use exactly these names). A folder whose
 * {@code ledger.csv} carries {@link #MARKER_COLUMN} and no {@code events_file} is such a folder, not a campaign
 * of our instrument: {@link ftl.data.DataSet#scan} lists it among the other folders.
 */
public final class OmbFormat {
  /** First token of the per-run file's first line, {@code # omb-run/1: ...}; the only version read. */
  public static final String RUN_FORMAT = "omb-run/1";
  /** Header of the per-run file, in this order. */
  public static final List<String> RUN_HEADER = List.of("section", "index", "messages_sent", "messages_received",
      "e2e_count", "publish_count", "e2e_p50_us", "e2e_p99_us", "e2e_max_us");
  /** Ledger header written by omb-run.sh, in this order. */
  public static final List<String> LEDGER_HEADER = List.of("run_id", "condition", "status", "reason", "repeat",
      "order_index", "started_at", "rate_msg_per_s", "send_interval_ns", "payload_bytes", "warmup_s", "duration_s",
      "driver_config", "driver_config_sha256", "run_file", "run_sha256", "messages_sent", "messages_received",
      "e2e_count", "dropped_share", "period_messages_received", "period_e2e_count", "e2e_p50_us", "e2e_p99_us",
      "e2e_max_us", "send_errors", "other_cpu_pct", "loadavg_start", "loadavg_end", "omb_commit",
      "kafka_clients_version", "bootstrap", "host_cpu", "host_cores", "kernel", "clocksource", "jvm", "git_commit");
  /** The column that marks an OMB ledger. */
  public static final String MARKER_COLUMN = "omb_commit";
  /** Folder of the real OMB runs under a data root. */
  public static final String FOLDER = "omb-real";

  private OmbFormat() {}

  /**
   * Whether a ledger is an OMB ledger: its header names {@link #MARKER_COLUMN} and not {@code events_file}.
   *
   * @param ledger the file
   * @param displayName name used in messages
   * @throws DataException when the file cannot be read
   */
  public static boolean isOmbLedger(Path ledger, String displayName) {
    try (BufferedReader r = Files.newBufferedReader(ledger, StandardCharsets.UTF_8)) {
      String first = r.readLine();
      List<String> header = first == null ? List.of() : Arrays.asList(first.trim().split(",", -1));
      return header.contains(MARKER_COLUMN) && !header.contains("events_file");
    } catch (IOException e) {
      throw new DataException(displayName, 0, "cannot read: " + e.getMessage(), e);
    }
  }
}
