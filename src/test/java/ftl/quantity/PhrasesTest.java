package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.quantity.core.Phrases;
import ftl.quantity.core.Quantity;
import ftl.quantity.verdict.ReplicationVerdicts;
import ftl.stats.Bimodality;
import ftl.stats.RateRatio;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The definition phrases built from the computations' constants ({@link Phrases}), and a drift check: every
 * number a definition of the archive's registry states beside "resamples", or as the level of an interval, is
 * the one the computation uses.
 */
class PhrasesTest {

  @Test
  void phrases_standardBootstrapAndRhoWindow_readAsPrinted() {
    assertThat(Phrases.level()).isEqualTo("95%");
    assertThat(Phrases.levelFormat()).isEqualTo("95%%");
    assertThat(Phrases.resamples()).isEqualTo("2,000");
    assertThat(Phrases.bootstrapOverRuns()).isEqualTo(
        "95% percentile-bootstrap interval (2,000 resamples of runs, seed 20260101, replicate i drawn from "
        + "SplitMix64 seeded from the seed and i)");
    assertThat(Phrases.rhoWindow()).isEqualTo("D 0-5 ms, A -5-5 ms");
  }

  @Test
  void printedFractions_sideBySideWithTheirConstants_areEqual() {
    assertThat(fraction(ReplicationVerdicts.MAJORITY_PRINTED)).isEqualTo(ReplicationVerdicts.MAJORITY);
    assertThat(fraction(Bimodality.THRESHOLD_PRINTED)).isEqualTo(Bimodality.THRESHOLD);
  }

  private static double fraction(String printed) {
    String[] parts = printed.split("/");
    return Double.parseDouble(parts[0]) / Double.parseDouble(parts[1]);
  }

  @Test
  void numbers_trailingZerosAndFractions_areDropped() {
    assertThat(Phrases.millis(250_000)).isEqualTo("0.25");
    assertThat(Phrases.millis(0)).isEqualTo("0");
    assertThat(Phrases.millis(-5_000_000)).isEqualTo("-5");
    assertThat(Phrases.number(7.0)).isEqualTo("7");
    assertThat(Phrases.number(0.125)).isEqualTo("0.125");
    assertThat(Phrases.percent(0.10)).isEqualTo("10%");
    assertThat(Phrases.percent(0.975)).isEqualTo("97.5%");
  }

  @Test
  void definitions_ofTheArchiveRegistry_stateTheComputationsBootstrap() {
    List<Quantity> all = Registry.forData(DataSet.scan(Path.of("data").toAbsolutePath(), "data")).all();
    Pattern resamples = Pattern.compile("([0-9][0-9,]*) resamples");
    Pattern level = Pattern.compile("([0-9.]+)% (?:stratified )?(?:percentile[- ])?(?:bootstrap|interval)");
    int seen = 0;
    for (Quantity q : all) {
      Matcher r = resamples.matcher(q.definition());
      while (r.find()) {
        seen++;
        assertThat(r.group(1).replace(",", "")).as(q.key()).isEqualTo(Integer.toString(RateRatio.DEFAULT_RESAMPLES));
      }
      Matcher l = level.matcher(q.definition());
      while (l.find()) {
        seen++;
        assertThat(l.group(1) + "%").as(q.key()).isEqualTo(Phrases.level());
      }
    }
    assertThat(seen).as("definitions that state a bootstrap").isGreaterThan(20);
  }

  /**
   * A definition is complete when an outsider can recompute its number from the text alone: every interval the
   * registry bootstraps names its seed (a Student t interval over blocks or an exact test needs none), and every
   * definition that speaks of flights says from which stamps (recv_ns - send_ns on the monotonic clock, or
   * recv_us - send_us on the wall clock), unless the flights are someone else's (published, OMB's, PerfTest's) or the
   * number is only a grid point, a verdict on other keys, or a count of files.
   */
  @Test
  void definitions_ofTheArchiveRegistry_nameTheirSeedAndTheirFlightsClock() {
    List<Quantity> all = Registry.forData(DataSet.scan(Path.of("data").toAbsolutePath(), "data")).all();
    Pattern bootstrapped = Pattern.compile("bootstrap interval|percentile-bootstrap|bootstrap over runs");
    Pattern flight = Pattern.compile("\\bflights?\\b");
    Pattern clock = Pattern.compile("recv_ns - send_ns|recv_us - send_us");
    Pattern exempt =
        Pattern.compile("published|exposure curve|OMB|OpenMessaging|PerfTest|^pre-registered|^registered criterion"
        + "|held iff|^whether|^the grid law's retention for condition|of a published");
    List<String> noSeed = new ArrayList<>();
    List<String> noClock = new ArrayList<>();
    for (Quantity q : all) {
      String d = q.definition();
      if (bootstrapped.matcher(d).find() && !d.contains("seed") && !exempt.matcher(d).find()) {
        noSeed.add(q.key());
      }
      if (flight.matcher(d).find() && !clock.matcher(d).find() && !exempt.matcher(d).find()) {
        noClock.add(q.key());
      }
    }
    assertThat(noSeed).as("bootstrap intervals whose definition names no seed").isEmpty();
    assertThat(noClock).as("definitions of flights that do not say from which stamps").isEmpty();
  }
}
