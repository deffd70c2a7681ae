package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.ProvenanceResolvesTest;
import ftl.quantity.Registry;
import ftl.quantity.RegistryFixtureTest;
import ftl.quantity.section.ConditionQuantities;
import ftl.stats.Quantiles;
import ftl.stats.Rate;
import ftl.stats.SignCheckResult;
import ftl.stats.SmoothLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Printed functions read off the method reference the computation calls ({@link Provenance}): the names, and that an
 * entry declared so prints the reference's name and has the value the named method gives.
 */
class ProvenanceDerivedTest {

  @Test
  void nameOf_methodReferences_isClassHashMethodWithNestedClassesDotted() {
    Provenance.Ref<SignCheckResult, Rate> accessor = SignCheckResult::ackNegativeRate;
    Provenance.Ref<SmoothLimit.Sum, Double> nested = SmoothLimit.Sum::retention;
    Provenance.Ref<double[], Double> staticMethod = Quantiles::median;
    assertThat(Provenance.nameOf(accessor)).isEqualTo("ftl.stats.SignCheckResult#ackNegativeRate");
    assertThat(Provenance.nameOf(nested)).isEqualTo("ftl.stats.SmoothLimit.Sum#retention");
    assertThat(Provenance.nameOf(staticMethod)).isEqualTo("ftl.stats.Quantiles#median");
    assertThat(ProvenanceResolvesTest.problems(Provenance.nameOf(nested))).isEmpty();
  }

  @Test
  void nameOf_lambda_isRefused() {
    Provenance.Ref<SignCheckResult, Rate> lambda = s -> new Rate(s.ackNegative(), s.complete());
    assertThatThrownBy(() -> Provenance.nameOf(lambda)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a lambda names no method");
  }

  /**
   * Every {@code ackNegative.rate.*} entry of a fixture root with several conditions prints the name of the reference
   * its computation applies, and its value is that method's on the pooled sign check of the condition's ok runs.
   */
  @Test
  void ackNegativeRate_everyCondition_printsTheReferenceAndHasTheNamedMethodsValue() {
    String root = "full";
    Analysis a = RegistryFixtureTest.analysis(root);
    Map<String, List<SignCheckResult>> byKey = new TreeMap<>();
    for (ScannedRun r : a.runs(Instrument.KAFKA.word())) {
      LedgerRow row = r.row();
      byKey.computeIfAbsent("ackNegative.rate." + r.campaign().name() + "." + Naming.slug(row.condition()),
          k -> new ArrayList<>()).add(r.sign());
    }
    List<Quantity> entries = Registry.forData(RegistryFixtureTest.data(root)).all().stream()
        .filter(q -> q.key().startsWith("ackNegative.rate.")).toList();
    assertThat(entries).extracting(Quantity::key).containsExactlyInAnyOrderElementsOf(byKey.keySet());
    assertThat(entries).hasSizeGreaterThan(3);
    for (Quantity q : entries) {
      assertThat(q.function()).isEqualTo(Provenance.nameOf(ConditionQuantities.ACK_NEGATIVE_RATE))
          .isEqualTo("ftl.stats.SignCheckResult#ackNegativeRate");
      Rate expected = SignCheckResult.pooled(byKey.get(q.key())).ackNegativeRate();
      Value v = Computed.of(q, a).value();
      if (expected.defined()) {
        assertThat(v).as(q.key()).isEqualTo(new Value.Real(expected.value()));
      } else {
        assertThat(v).as(q.key()).isInstanceOf(Value.Unavailable.class);
      }
    }
  }
}
