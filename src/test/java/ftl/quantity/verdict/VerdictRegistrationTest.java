package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.registration.Registration;
import ftl.data.registration.VerdictKind;
import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every verdict the archive's data give has a registration (data/registrations.csv, or a plan's criteria): a verdict
 * nothing registers would silently be exploratory, and a new verdict added without its row fails here. The tallies
 * printed in the paper count confirmatory rows only.
 */
class VerdictRegistrationTest {

  @Test
  void registry_everyVerdictOfTheArchive_isRegistered() {
    Registry registry = Registry.forData(RealDataTest.ANALYSIS.data());
    List<String> verdicts = registry.all().stream().filter(q -> q.format() == Format.VERDICT).map(Quantity::key)
        .toList();
    assertThat(verdicts).isNotEmpty();
    assertThat(verdicts.stream().filter(k -> registry.registration(k).isEmpty()).toList())
        .as("verdicts without a registration").isEmpty();
  }

  @Test
  void tallies_countConfirmatoryRowsOnly() {
    Registry registry = Registry.forData(RealDataTest.ANALYSIS.data());
    long confirmatory = 0;
    for (Quantity q : registry.all()) {
      // the tally's unit is a registered test: combined claims and band halves are not counted (issue #45)
      if (q.format() == Format.VERDICT && registry.registration(q.key()).map(Registration::kind).orElse(null)
          == VerdictKind.CONFIRMATORY && !registry.notTests().containsKey(q.key())) {
        Value v = Computed.of(q, RealDataTest.ANALYSIS).value();
        confirmatory += v instanceof Value.Verdict || v instanceof Value.Untestable ? 1 : 0;
      }
    }
    long counted = 0;
    for (String k : List.of("verdicts.confirmatory.held", "verdicts.confirmatory.didNotHold",
        "verdicts.confirmatory.untestable")) {
      counted += ((Value.Count) Computed.of(registry.byKey(k).orElseThrow(), RealDataTest.ANALYSIS).value()).count();
    }
    assertThat(counted).isEqualTo(confirmatory);
  }
}
