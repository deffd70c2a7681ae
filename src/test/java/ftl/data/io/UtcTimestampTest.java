package ftl.data.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.DataDictionary;
import ftl.data.ledger.LedgerReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The ledgers' UTC timestamps: read as {@link Instant} reads them, and nothing else accepted. Synthetic values. */
class UtcTimestampTest {

  @Test
  void epochMillis_ofWhatTheInstrumentWrites_isInstantsOwn() {
    SplittableRandom rnd = new SplittableRandom(20261130);
    long from = Instant.parse("1970-01-01T00:00:00Z").getEpochSecond();
    long to = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    for (int i = 0; i < 20_000; i++) {
      Instant t = Instant.ofEpochSecond(rnd.nextLong(from, to + 1), rnd.nextInt(1_000_000_000));
      // truncated to the millisecond (as written), or not: every fraction from none to nine digits
      for (Instant written : new Instant[] {t.truncatedTo(ChronoUnit.MILLIS), t, t.truncatedTo(ChronoUnit.SECONDS)}) {
        String text = written.toString();
        assertThat(UtcTimestamp.epochMillis(text)).as(text).hasValue(written.toEpochMilli());
      }
    }
    assertThat(UtcTimestamp.epochMillis("2026-11-30T03:35:42.190Z"))
        .hasValue(Instant.parse("2026-11-30T03:35:42.190Z").toEpochMilli());
    assertThat(UtcTimestamp.epochMillis("2024-02-29T23:59:59.9Z"))
        .hasValue(Instant.parse("2024-02-29T23:59:59.900Z").toEpochMilli());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yesterday", "", "2026-11-30", "2026-11-30T03:35:42", "2026-11-30T03:35:42.190+01:00",
      "2026-11-30 03:35:42Z", "2026-11-30t03:35:42Z", "2026-11-30T03:35:42z", "2026-11-30T03:35:42.Z",
      "2026-11-30T03:35:42.1234567890Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2025-02-29T00:00:00Z",
      "2026-04-31T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T23:60:00Z", "2026-12-31T23:59:60Z",
      "+2026-11-30T03:35:42Z", "-0001-01-01T00:00:00Z", "26-11-30T03:35:42Z", "2026-11-30T03:35:42Z\n",
      "\u0662026-11-30T03:35:42Z"})
  void epochMillis_ofAnythingElse_isEmpty(String text) {
    assertThat(UtcTimestamp.epochMillis(text)).as(text).isEmpty();
  }

  @Test
  void ledger_withAStartTimeThatIsNoTime_namesFileLineAndColumn() {
    String ledger = "run_id,condition,status,events_file,events_sha256,started_at\n"
        + "r1,c,failed,,,2026-11-30T03:35:42.190Z\n"
        + "r2,c,failed,,,yesterday\n";
    assertThatThrownBy(() -> LedgerReader.parse(ledger.getBytes(StandardCharsets.UTF_8), "x/ledger.csv", f -> true,
        DataDictionary.bundled()))
        .isInstanceOf(DataException.class)
        .hasMessageContaining("x/ledger.csv:3")
        .hasMessageContaining("started_at is not a UTC time")
        .hasMessageContaining("\"yesterday\"");
  }
}
