package ftl.harness.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.harness.plan.Durations;
import ftl.verify.ChangesLocale;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The schedule derivation on the synthetic StatsBomb-format fixtures (src/test/resources/ftl/harness/replay). */
@ChangesLocale
class ReplayDerivationTest {
  static final Path FIXTURE = Path.of("src/test/resources/ftl/harness/replay/two-periods.json");
  static final String SHA_OF_NOTHING = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  static SendSchedule derive(String meanGap, String exclude, int max) {
    StatsBombReader.Loaded in = StatsBombReader.read(FIXTURE);
    return ReplayDerivation.derive(in.events(),
        new ReplayOptions(Durations.parseNanos(meanGap), ReplayOptions.parseTypes(exclude), max), in.sha256());
  }

  @Test
  void derive_twoPeriodFixture_givesTheHandComputedOffsets() {
    SendSchedule s = derive("500us", "default", 0);
    assertThat(s.offsetsNanos()).containsExactly(0, 181_818, 181_818, 1_272_727, 2_000_000);
    assertThat(s.meanGapNanos()).isEqualTo(500_000.0);
    assertThat(s.options()).containsExactly("--mean-gap", "500us", "--exclude-types", "18,19,26,27,34,35,36,40",
        "--max-events", "0");
  }

  @Test
  void derive_noExclusion_keepsAdministrativeEventsAndPeriodBoundaries() {
    // all 9 events: match times 0,0,500,1000,1000,4000 | 4000,6000,6000 ms; S = 6000, g(n-1) = 8 * 250us = 2 ms
    SendSchedule s = derive("250us", "none", 0);
    assertThat(s.offsetsNanos()).containsExactly(0, 0, 166_667, 333_333, 333_333, 1_333_333, 1_333_333, 2_000_000,
        2_000_000);
  }

  @Test
  void derive_maxEvents_keepsTheFirstSelectedBeforeCompressing() {
    // first 3 selected: 500, 1000, 1000 ms; S = 500, g(n-1) = 2 * 1ms
    SendSchedule s = derive("1ms", "default", 3);
    assertThat(s.offsetsNanos()).containsExactly(0, 2_000_000, 2_000_000);
  }

  @Test
  void derive_exactHalf_roundsHalfUp() {
    List<MatchEvent> ev = List.of(new MatchEvent(1, 1, 0, 30, 1), new MatchEvent(2, 1, 1, 30, 2),
        new MatchEvent(3, 1, 4, 30, 3));
    // g(n-1) = 1001 * 2 = 2002; the middle send is 1 * 2002 / 4 = 500.5 ns -> 501
    SendSchedule s = ReplayDerivation.derive(ev, new ReplayOptions(1001, new TreeSet<>(), 0), SHA_OF_NOTHING);
    assertThat(s.offsetsNanos()).containsExactly(0, 501, 2002);
  }

  @Test
  void derive_fewerThanTwoSelected_isRefused() {
    assertThatThrownBy(() -> derive("500us", "30,42,43,16,18,34,35", 0))
        .isInstanceOf(ReplayDerivation.NoSchedule.class).hasMessageContaining("only 0 events are selected");
    assertThatThrownBy(() -> derive("500us", "default", 1))
        .isInstanceOf(ReplayDerivation.NoSchedule.class).hasMessageContaining("only 1 event is selected");
  }

  @Test
  void derive_allAtOneInstant_isRefused() {
    List<MatchEvent> ev = List.of(new MatchEvent(1, 1, 7, 30, 1), new MatchEvent(2, 1, 7, 30, 2));
    assertThatThrownBy(() -> ReplayDerivation.derive(ev, new ReplayOptions(500_000, new TreeSet<>(), 0),
        SHA_OF_NOTHING))
        .isInstanceOf(ReplayDerivation.NoSchedule.class).hasMessageContaining("same instant");
  }

  @Test
  void render_twoPeriodFixture_isTheDocumentedFormat() {
    String text = new String(derive("500us", "default", 0).render(), StandardCharsets.UTF_8);
    assertThat(text).startsWith(SendSchedule.FIRST_LINE + "\n# format ftl-replay-schedule 1\n# input_sha256 ")
        .endsWith("# options --mean-gap 500us --exclude-types 18,19,26,27,34,35,36,40 --max-events 0\n"
            + "# events 5 span_ns 2000000\nseq,offset_ns\n0,0\n1,181818\n2,181818\n3,1272727\n4,2000000\n");
  }

  static Stream<Arguments> locales() {
    return Stream.of(Arguments.of("tr-TR", "Europe/Istanbul"), Arguments.of("de-DE", "Pacific/Kiritimati"),
        Arguments.of("ar-SA", "America/St_Johns"), Arguments.of("hi-IN-u-nu-deva", "Asia/Kathmandu"),
        Arguments.of("th-TH-u-ca-buddhist", "Pacific/Pago_Pago"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("locales")
  void render_otherLocaleAndTimeZone_isByteIdentical(String tag, String zone) {
    byte[] root;
    Locale oldLocale = Locale.getDefault();
    TimeZone oldZone = TimeZone.getDefault();
    try {
      Locale.setDefault(Locale.ROOT);
      TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
      root = derive("1250ns", "default", 0).render();
      Locale.setDefault(Locale.forLanguageTag(tag));
      TimeZone.setDefault(TimeZone.getTimeZone(zone));
      SendSchedule there = derive("1250ns", "default", 0);
      assertThat(there.render()).isEqualTo(root);
      assertThat(there.sha256()).isEqualTo(SendSchedule.sha256(root));
    } finally {
      Locale.setDefault(oldLocale);
      TimeZone.setDefault(oldZone);
    }
  }

  @Test
  void options_badValues_areRefusedNamingTheOption() {
    assertThatThrownBy(() -> new ReplayOptions(999, new TreeSet<>(), 0)).hasMessageContaining("--mean-gap");
    assertThatThrownBy(() -> new ReplayOptions(1_000_000_001L, new TreeSet<>(), 0)).hasMessageContaining("--mean-gap");
    assertThatThrownBy(() -> new ReplayOptions(1000, new TreeSet<>(), -1)).hasMessageContaining("--max-events");
    assertThatThrownBy(() -> ReplayOptions.parseTypes("35,,18")).hasMessageContaining("--exclude-types");
    assertThat(ReplayOptions.parseTypes(" 40,35 ")).containsExactly(35, 40);
    assertThat(new ReplayOptions(1000, new TreeSet<>(), 0).canonicalArgs()).contains("none");
  }
}
