package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.io.DataGate;
import ftl.data.ledger.DataDictionary;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** One declaration of the ledger: every column the instrument writes is in the data dictionary, with a description. */
class LedgerDictionaryTest {

  @Test
  void columns_everyWrittenColumn_isDeclaredInTheDataDictionary() {
    DataDictionary d = DataDictionary.forRoot(DataGate.of(Path.of("data"), "data"));
    assertThat(d.ledgerFields().keySet()).containsAll(Ledger.COLUMNS);
    for (String c : Ledger.COLUMNS) {
      assertThat(d.ledgerFields().get(c).description()).as(c).isNotBlank();
    }
  }

  @Test
  void columns_bundledDictionary_agreesWithTheArchiveOne() {
    assertThat(DataDictionary.bundled().ledgerFields())
        .isEqualTo(DataDictionary.forRoot(DataGate.of(Path.of("data"), "data")).ledgerFields());
  }
}
