package ftl.data.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** A ledger row's cells behave as the ordered, unmodifiable map of the same entries. Synthetic rows. */
class RowCellsTest {

  @Test
  void cells_areTheOrderedMapOfTheirEntries() {
    RowCells.Header h = new RowCells.Header(new String[] {"run_id", "condition", "status", "extra"});
    RowCells c = new RowCells(h, new String[] {"r1", "c1", "ok", ""});
    Map<String, String> same = new LinkedHashMap<>();
    same.put("run_id", "r1");
    same.put("condition", "c1");
    same.put("status", "ok");
    same.put("extra", "");
    assertThat(c).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(same).isEqualTo(c);
    assertThat(List.copyOf(c.keySet())).containsExactly("run_id", "condition", "status", "extra");
    assertThat(List.copyOf(c.values())).containsExactly("r1", "c1", "ok", "");
    assertThat(c.get("status")).isEqualTo("ok");
    assertThat(c.get("absent")).isNull();
    assertThat(c.get(7)).isNull();
    assertThat(c.getOrDefault("extra", "x")).isEmpty();
    assertThat(c.getOrDefault("absent", "x")).isEqualTo("x");
    assertThat(c.containsKey("condition")).isTrue();
    assertThat(c.containsKey("absent")).isFalse();
    assertThat(c).hasSize(4);
    assertThat(c.toString()).isEqualTo(same.toString());
    assertThatThrownBy(() -> c.put("status", "failed")).isInstanceOf(UnsupportedOperationException.class);
    var it = c.entrySet().iterator();
    for (int i = 0; i < 4; i++) {
      it.next();
    }
    assertThat(it.hasNext()).isFalse();
    assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
    assertThatThrownBy(() -> it.remove()).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void cells_refuseAWrongShape() {
    RowCells.Header h = new RowCells.Header(new String[] {"a", "b"});
    assertThatThrownBy(() -> new RowCells(h, new String[] {"1"})).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RowCells(h, new String[] {"1", null})).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new RowCells.Header(new String[] {"a", "a"})).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void ledgerRows_readBack_equalRowsMadeFromPlainMaps() {
    String ledger = "run_id,condition,status,events_file,events_sha256,priority\n"
        + "r1,c,failed,,,default\n"
        + "r2,c,failed,,,default\n";
    List<LedgerRow> rows = LedgerReader.parse(ledger.getBytes(StandardCharsets.UTF_8), "x/ledger.csv", f -> true,
        DataDictionary.bundled());
    Map<String, String> f = new LinkedHashMap<>();
    f.put("run_id", "r2");
    f.put("condition", "c");
    f.put("status", "failed");
    f.put("events_file", "");
    f.put("events_sha256", "");
    f.put("priority", "default");
    LedgerRow plain = new LedgerRow("r2", "c", RunStatus.FAILED, "", "", f, 3);
    assertThat(rows.get(1)).isEqualTo(plain).hasSameHashCodeAs(plain);
    assertThat(rows.get(1).fields()).containsExactlyEntriesOf(f);
    // a value repeated down a column is one object (kept once), the rows stay independent
    assertThat(rows.get(0).field("priority")).isSameAs(rows.get(1).field("priority"));
    assertThat(rows.get(0).runId()).isEqualTo("r1");
  }
}
