package ftl.quantity.section;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.ledger.LedgerRow;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.quantity.core.Value;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue #47: the server versions go in the paper as the ledger records them, never typed. */
class LedgerVersionsTest {

  static LedgerRow row(String id, String serverVersion) {
    return new LedgerRow(id, "c", RunStatus.OK, "events/" + id + ".csv", "", Map.of("server_version", serverVersion),
        2);
  }

  @Test
  void versions_distinctValuesInOrder_joinedAndEmptyCellsSkipped() {
    assertThat(LedgerQuantities.versions(List.of(row("r1", "3.10.8"), row("r2", ""), row("r3", "3.10.8"),
        row("r4", "3.11.0")), LedgerSchema.SERVER_VERSION)).isEqualTo(new Value.Text("3.10.8, 3.11.0"));
  }

  @Test
  void versions_noRowRecordsOne_isUnavailable() {
    assertThat(LedgerQuantities.versions(List.of(row("r1", "")), LedgerSchema.SERVER_VERSION))
        .isInstanceOf(Value.Unavailable.class);
  }
}
