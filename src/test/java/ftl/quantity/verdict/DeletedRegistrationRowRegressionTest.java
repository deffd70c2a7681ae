package ftl.quantity.verdict;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.registration.RegistrationTable;
import ftl.quantity.Registry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, item 3: a row deleted from {@code data/registrations.csv} silently moved the tallies (its verdict became
 * exploratory by default). With a table present, a verdict it leaves out is now refused, naming the table (exit 3). The
 * root is a copy of the small synthetic fixture ({@code src/test/resources/ftl/quantity/small/k}) with a one-row table.
 */
class DeletedRegistrationRowRegressionTest {
  @TempDir Path tmp;

  private static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small/k");

  @Test
  void registry_tableLeavesAVerdictOut_refusedNamingTheTable() throws IOException {
    Path k = tmp.resolve("k");
    Files.createDirectories(k.resolve("events"));
    for (String f : List.of("ledger.csv", "events/r1.csv", "events/r2.csv")) {
      Files.copy(SMALL.resolve(f), k.resolve(f));
    }
    Files.writeString(tmp.resolve(RegistrationTable.FILE), String.join(",", RegistrationTable.COLUMNS) + "\n"
        + "claim.payload,k,exploratory,a rule,x.java,rule text," + "a".repeat(40)
        + ",2026-11-30T03:30:00Z,2026-11-30T03:00:00Z,,\n", StandardCharsets.UTF_8);
    DataSet data = DataSet.scan(tmp, "root");
    assertThatThrownBy(() -> Registry.forData(data)).isInstanceOf(DataException.class)
        .hasMessageContaining("root/registrations.csv: verdict ").hasMessageContaining(" has no row: ")
        .hasMessageContaining("a deleted row would move the tallies");
  }
}
