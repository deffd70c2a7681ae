package ftl.quantity.section;

import ftl.quantity.core.DisplacementFits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.core.Analysis;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 1/D law's points refuse a run whose median flight is not positive (on one clock most of its events would arrive
 * before they were sent) as bad data naming its ledger line, instead of an internal error further on; a run with
 * positive flights gives its point. Synthetic roots of one campaign with one run of three events.
 */
class NegativeMedianFlightTest {

  private static Path root(Path tmp, long flightNanos) throws Exception {
    Path k = tmp.resolve("k");
    Files.createDirectories(k.resolve("events"));
    StringBuilder e = new StringBuilder("seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms\n");
    for (int i = 0; i < 3; i++) {
      long send = 1_000_000L * (i + 1);
      e.append(i).append(',').append(send).append(',').append(send + 100).append(',').append(send + flightNanos)
          .append(',')
          .append(1_700_000_000_000_000L + send / 1000).append(',')
          .append(1_700_000_000_000_000L + (send + flightNanos) / 1000)
          .append(',').append(1_700_000_000_000L + send / 1_000_000).append('\n');
    }
    byte[] bytes = e.toString().getBytes(StandardCharsets.UTF_8);
    Files.write(k.resolve("events/r1.csv"), bytes);
    String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    Files.writeString(k.resolve("ledger.csv"), "run_id,condition,status,events_file,events_sha256,send_interval_ns\n"
        + "r1,c1,ok,events/r1.csv," + sha + ",1000000\n", StandardCharsets.UTF_8);
    return tmp;
  }

  @Test
  void points_negativeMedianFlight_refusedNamingTheLedgerLine(@TempDir Path tmp) throws Exception {
    Analysis a = new Analysis(DataSet.scan(root(tmp, -5_000), "root"));
    assertThatThrownBy(() -> DisplacementFits.points(a, "k")).isInstanceOf(DataException.class)
        .hasMessageContaining("k/ledger.csv:2: run r1: its median flight is not positive");
  }

  @Test
  void points_positiveFlights_onePointPerRun(@TempDir Path tmp) throws Exception {
    Analysis a = new Analysis(DataSet.scan(root(tmp, 400_000), "root"));
    assertThat(DisplacementFits.points(a, "k")[0]).hasSize(1);
  }
}
