package ftl.quantity.verdict;

import ftl.quantity.RealDataTest;
import ftl.quantity.Registry;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.emit.OriginalStudy;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The archive's verdict table ({@code paper/original-study.csv}) names only registry entries that exist for the
 * archive's data: a misspelt or removed key would otherwise print as {@code --} or {@code n/a} in the table
 * without failing anything. Every verdict key is a verdict (format VERDICT), and every claim but the sizes has one.
 */
class VerdictTableKeysTest {

  @Test
  void originalStudy_everyKeyOfTheArchive_isARegistryEntry() {
    Registry registry = Registry.forData(RealDataTest.ANALYSIS.data());
    List<OriginalStudy.Claim> claims = OriginalStudy.read(RealDataTest.ROOT);
    assertThat(claims).isNotEmpty();
    for (OriginalStudy.Claim c : claims) {
      for (String k : c.ourKeys()) {
        if (!k.isEmpty()) {
          assertThat(registry.byKey(k)).as("our_key %s of line %d", k, c.line()).isPresent();
        }
      }
      if (!c.verdictKey().isEmpty()) {
        Optional<Quantity> v = registry.byKey(c.verdictKey());
        assertThat(v).as("verdict_key %s of line %d", c.verdictKey(), c.line()).isPresent();
        assertThat(v.orElseThrow().format()).as("verdict_key %s: a claim's summary", c.verdictKey())
            .isEqualTo(Format.SUMMARY);
      }
    }
    assertThat(claims.stream().filter(c -> c.verdictKey().startsWith("summary.replay"))
        .map(OriginalStudy.Claim::verdictKey))
        .containsExactly("summary.replaySmoothLimit", "summary.replayBursts");
  }
}
