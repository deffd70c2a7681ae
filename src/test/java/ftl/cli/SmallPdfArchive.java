package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.verify.Reproduction;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A temporary archive holding the synthetic data set {@code small} for the tests of {@code check-pdf}, with every
 * quantity computed from it (never typed), its data digest, and an allow-list exempting "95% bootstrap".
 */
final class SmallPdfArchive {
  static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small");

  final TempArchive archive;
  final String digest;
  final Map<String, Computed> byKey = new HashMap<>();

  SmallPdfArchive(Path dir) throws IOException {
    archive = TempArchive.create(dir).withData(SMALL)
        .write("paper/census-allow.csv", "file,phrase,reason\n*,95\\% bootstrap,the declared confidence level\n");
    DataSet data = DataSet.scan(archive.root.resolve("data"), "data");
    Analysis a = new Analysis(data);
    for (Quantity q : Registry.forData(data).all()) {
      byKey.put(q.key(), Computed.of(q, a));
    }
    digest = Reproduction.dataDigest(data);
  }

  /** A quantity the data give a value. */
  Computed available(String key) {
    Computed c = byKey.get(key);
    assertThat(c.available()).as(key).isTrue();
    return c;
  }

  /** {@code ftl --root <archive> check-pdf <pdf> more...}. */
  CliRunner.Result checkPdf(Path pdf, String... more) {
    List<String> args = new ArrayList<>(List.of("--root", archive.root.toString(), "check-pdf", pdf.toString()));
    args.addAll(List.of(more));
    return CliRunner.run(args.toArray(String[]::new));
  }
}
