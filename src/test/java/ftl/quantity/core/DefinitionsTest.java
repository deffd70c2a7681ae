package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.quantity.core.Quantity.Scope;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Issue #57, item 2: a pooled number names the campaigns it pools in the definition every output prints
 * ({@link Definitions#of}, {@link Computed#definition}). Over the synthetic fixture root {@code bare} (labelled test
 * data: modeA, modeB, payload of the Kafka instrument; nojvm of the Python cross-check).
 */
class DefinitionsTest {
  private static final Path BARE = Path.of("src/test/resources/ftl/quantity/roots/bare");

  private static Quantity reading(String key, Function<Analysis, Value> computation) {
    return Quantity.key(key).macro("X").definition("a count").unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.LEDGERS).function("f").computes(computation);
  }

  private static Analysis analysis() {
    return new Analysis(DataSet.scan(BARE, "bare"));
  }

  @Test
  void of_pooledRows_namesEveryCampaignThatEnteredThePool_inTheRootsOrder() {
    Analysis a = analysis();
    Computed c = Computed.of(reading("x.rows", x -> new Value.Count(x.rows(Instrument.KAFKA.word()).size())), a);
    assertThat(c.definition()).isEqualTo("a count; pools the campaigns modeA, modeB and payload");
    assertThat(c.quantity().definition()).isEqualTo("a count");
  }

  @Test
  void of_pooledCampaigns_namesEveryPooledCampaign() {
    Analysis a = analysis();
    Computed c = Computed.of(reading("x.campaigns", x -> new Value.Count(x.campaigns().size())), a);
    assertThat(c.definition()).startsWith("a count; pools the campaigns modeA, modeB, nojvm");
  }

  @Test
  void of_pooledRunsOfOneInstrument_namesOnlyTheCampaignsItsRunsCameFrom() {
    Analysis a = analysis();
    Computed c = Computed.of(reading("x.runs", x -> new Value.Count(x.runs(Instrument.PYTHON_NOJVM.word()).size())),
        a);
    assertThat(c.definition()).isEqualTo("a count; pools the campaign nojvm");
  }

  @Test
  void of_oneCampaignByName_poolsNothing_andKeepsTheDeclaredDefinition() {
    Analysis a = analysis();
    Computed c = Computed.of(reading("x.one", x -> new Value.Count(x.okRowsOf("modeA", "kafka").size())), a);
    assertThat(c.definition()).isEqualTo("a count");
    assertThat(a.reads(c.quantity()).readLedger("modeA")).isTrue();
  }

  @Test
  void of_sharedValue_creditsEveryQuantityThatTakesIt_whicheverComputedItFirst() {
    Analysis a = analysis();
    Function<Analysis, Value> shared = x -> new Value.Count(x.memo("shared", () -> x.rows("kafka").size()));
    Computed first = Computed.of(reading("x.first", shared), a);
    Computed second = Computed.of(reading("x.second", shared), a);
    assertThat(second.definition()).isEqualTo(first.definition()).endsWith("modeB and payload");
  }

  @Test
  void pooledCampaigns_askedOutsideAnyComputation_noteNothing_andCreditNoLaterQuantity() {
    Analysis a = analysis();
    assertThat(a.campaigns()).extracting(ftl.data.Campaign::name).contains("modeA", "nojvm");
    Computed later = Computed.of(reading("x.none", x -> new Value.Count(0)), a);
    assertThat(later.definition()).isEqualTo("a count");
  }

  @Test
  void campaigns_namesOneOrSeveral_andRefusesNone() {
    assertThat(Definitions.campaigns(List.of("a"))).isEqualTo("the campaign a");
    assertThat(Definitions.campaigns(List.of("a", "b"))).isEqualTo("the campaigns a and b");
    assertThat(Definitions.campaigns(List.of("a", "b", "c"))).isEqualTo("the campaigns a, b and c");
    assertThatThrownBy(() -> Definitions.campaigns(List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
