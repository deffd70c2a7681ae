package ftl.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerSchema;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.LatexEscape;
import ftl.quantity.core.ScannedRun;
import ftl.quantity.core.Value;
import ftl.quantity.verdict.StatisticRanges;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Generated tests over the committed data: one per ok run (its events file's SHA-256 equals the ledger's;
 * the guard counts the instrument wrote in the ledger during the run equal a recomputation from the events
 * file by {@link ftl.stats.GuardAccounting}; the ledger's negative-A count equals the sign check's) and one
 * per quantity (it computes, and the committed macro file carries exactly its value).
 */
public class RealDataTest {
  public static final Path ROOT = Path.of("").toAbsolutePath();
  public static final Analysis ANALYSIS = new Analysis(DataSet.scan(ROOT.resolve("data"), "data"));

  @TestFactory
  Stream<DynamicTest> everyRun_ledgerAndRecomputationAgree() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String instrument : List.of(Instrument.KAFKA.word(), Instrument.PYTHON_NOJVM.word())) {
      if (!ANALYSIS.has(instrument)) {
        continue;
      }
      for (ScannedRun r : ANALYSIS.runs(instrument)) {
        tests.add(DynamicTest.dynamicTest(r.campaign().name() + "/" + r.row().runId(), () -> {
          assertThat(r.sha256()).isEqualTo(r.row().eventsSha256());
          assertThat(r.rows()).isEqualTo(Long.parseLong(r.field(LedgerSchema.EVENTS_WRITTEN)));
          assertThat(r.guard().taken()).as("omb_taken").isEqualTo(Long.parseLong(r.field(LedgerSchema.OMB_TAKEN)));
          assertThat(r.guard().kept()).as("omb_kept").isEqualTo(Long.parseLong(r.field(LedgerSchema.OMB_KEPT)));
          assertThat(r.guard().droppedZero()).as("omb_zero").isEqualTo(Long.parseLong(r.field(LedgerSchema.OMB_ZERO)));
          assertThat(r.guard().droppedNegative()).as("omb_negative")
              .isEqualTo(Long.parseLong(r.field(LedgerSchema.OMB_NEGATIVE)));
          assertThat(r.guard().oneTickNegative()).as("omb_one_tick_negative")
              .isEqualTo(Long.parseLong(r.field(LedgerSchema.OMB_ONE_TICK_NEGATIVE)));
          if (instrument.equals(Instrument.KAFKA.word())) {
            assertThat(r.sign().ackNegative()).as("ack_negative")
                .isEqualTo(Long.parseLong(r.field(LedgerSchema.ACK_NEGATIVE)));
            assertThat(r.sign().sendNegative()).as("flight_negative")
                .isEqualTo(Long.parseLong(r.field(LedgerSchema.FLIGHT_NEGATIVE)));
            assertThat(r.sign().sendNegative()).as("a flight is a causal chain on one clock").isZero();
          }
        }));
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> everyQuantity_computesAndMatchesCommittedMacro() throws Exception {
    Path macros = ROOT.resolve("paper/generated/quantities.tex");
    String text = Files.exists(macros) ? Files.readString(macros, StandardCharsets.UTF_8) : "";
    return Registry.forData(ANALYSIS.data()).all().stream().map(q -> DynamicTest.dynamicTest(q.key(), () -> {
      Computed c = Computed.of(q, ANALYSIS);
      String line = c.available()
          ? "\\newcommand{\\" + q.macro() + "}{\\ftlQuantity{" + LatexEscape.escape(q.key()) + "}{" + c.latex() + "}}"
          : "\\newcommand{\\" + q.macro() + "}{\\ftlNoData{" + LatexEscape.escape(q.key()) + "}}";
      assertThat(text).as("paper/generated/quantities.tex is stale for %s: run ./ftl reproduce", q.key())
          .contains(line + "\n");
      // the range a plan's rule on it is judged by (issue 43): a point value, not an end of an interval around one
      BigDecimal v = c.value() instanceof Value.Count n ? BigDecimal.valueOf(n.count())
          : c.value() instanceof Value.Real r ? new BigDecimal(r.value()) : null;
      if (v != null && !List.of(q.key().split("\\.")).contains("lower")
          && !List.of(q.key().split("\\.")).contains("upper")) {
        assertThat(StatisticRanges.of(q).contains(v)).as("%s = %s lies in its declared range %s", q.key(), v,
            StatisticRanges.of(q)).isTrue();
      }
    }));
  }

  @Test
  void declaredRanges_eachNamesTheFunctionOfSomeEntryInItsUnit() {
    List<String> named = Registry.forData(ANALYSIS.data()).all().stream()
        .map(q -> q.function() + " " + q.unit().symbol())
        .distinct().toList();
    assertThat(named).containsAll(StatisticRanges.declaredFunctions());
  }
}
