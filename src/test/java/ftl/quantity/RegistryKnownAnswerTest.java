package ftl.quantity;

import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every minimum key (docs/architecture.md#minimum-quantity-keys) over the synthetic fixture {@code
 * src/test/resources/ftl/quantity/small} (one campaign: r1 rejected with 2 negative A and guard 2 kept / 2 zero / 1
 * one-tick negative; r2 clean with one missing ack, one missing delivery and 3 of 3 kept; r3 failed), values worked out
 * by hand in the fixture headers.
 */
class RegistryKnownAnswerTest {

  static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small");

  static Stream<Arguments> expected() {
    return Stream.of(
        Arguments.of("runs.total", new Value.Count(2), "2"),
        Arguments.of("runs.notOk", new Value.Count(1), "1"),
        Arguments.of("runs.rejected", new Value.Count(1), "1"),
        Arguments.of("events.total", new Value.Count(7), "7"),
        Arguments.of("events.ackNegative", new Value.Count(2), "2"),
        Arguments.of("events.sendNegative", new Value.Count(0), "0"),
        Arguments.of("events.missingAck", new Value.Count(1), "1"),
        Arguments.of("events.missingRecv", new Value.Count(1), "1"),
        Arguments.of("omb.runs", new Value.Count(2), "2"),
        Arguments.of("omb.retention.min", new Value.Real(0.4), "40.00%"),
        Arguments.of("omb.retention.max", new Value.Real(1.0), "100%"),
        Arguments.of("omb.dropped", new Value.Count(3), "3"),
        Arguments.of("omb.oneTickNegatives", new Value.Count(1), "1"));
  }

  @ParameterizedTest(name = "{0} = {2}")
  @MethodSource("expected")
  void compute_smallFixture_matchesHandComputedValue(String key, Value value, String text) {
    Analysis a = new Analysis(DataSet.scan(SMALL, "small"));
    Computed c = Computed.of(Registry.standard().byKey(key).orElseThrow(), a);
    assertThat(c.value()).isEqualTo(value);
    assertThat(c.text()).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("expected")
  void compute_noData_isUnavailableWithReason(String key, Value ignored, String ignoredText) {
    Analysis a = new Analysis(DataSet.scan(Path.of("does-not-exist"), "none"));
    Computed c = Computed.of(Registry.standard().byKey(key).orElseThrow(), a);
    assertThat(c.available()).isFalse();
    assertThat(((Value.Unavailable) c.value()).reason()).contains("no campaign data present");
    assertThat(c.text()).isEqualTo("n/a");
  }

  @Test
  void registry_everyMinimumKeyOfDesign_isPresent() {
    Registry r = Registry.standard();
    for (String key : new String[] {"runs.total", "runs.rejected", "events.total", "events.ackNegative",
        "events.sendNegative", "omb.runs", "omb.retention.min", "omb.retention.max", "omb.dropped",
        "omb.oneTickNegatives"}) {
      assertThat(r.byKey(key)).as(key).isPresent();
    }
  }

  @Test
  void ledgerQuantity_computed_opensNoEventsFile() {
    Analysis a = new Analysis(DataSet.scan(SMALL, "small"));
    Computed.of(Registry.standard().byKey("runs.total").orElseThrow(), a);
    Computed.of(Registry.standard().byKey("runs.notOk").orElseThrow(), a);
    assertThat(a.scannedCampaigns()).isEmpty();
    Computed.of(Registry.standard().byKey("events.total").orElseThrow(), a);
    assertThat(a.scannedCampaigns()).containsExactly("k");
  }
}
