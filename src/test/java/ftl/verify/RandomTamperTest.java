package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.quantity.core.Computed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Randomised tamper test: 200 single cells of a synthetic data root ({@code roots/full}: every campaign
 * kind, written by make_roots.py) are perturbed one at a time, each in a fresh copy, and — the hard case —
 * the tamperer also fixes the ledger's SHA-256 of an events file it changed, so only the chain from data to
 * quantities to generated files can notice. Every perturbation that changes a quantity must change a
 * generated file (so {@code ./ftl reproduce --check} fails), or be refused as bad data naming the file;
 * one that changes no quantity must not raise a false alarm in the macros. (A tamperer who does not fix
 * checksums is caught earlier still, by the ledger digest or SHA256SUMS: see ManifestTest.)
 */
@Tag("slow") // whole pipeline, PDFs or many CLI runs: left out of the quick loop (mvn -Pquick test)
class RandomTamperTest {
  static final Path FULL = Path.of("src/test/resources/ftl/quantity/roots/full");
  static final Path ARCHIVE = Path.of("").toAbsolutePath();

  record Cell(Path file, int line, int column) {}

  @Test
  void perturb_200RandomCells_everyQuantityChangeIsCaught(@TempDir Path tmp) throws IOException {
    Path base = tmp.resolve("base");
    TempArchive.copyTree(FULL, base);
    Map<String, String> baseline = new LinkedHashMap<>();
    List<String> baseOut = render(base, baseline);
    List<Cell> cells = cells(base);
    Random random = new Random(20_261_130L);
    int changed = 0;
    int refused = 0;
    int harmless = 0;
    List<String> missed = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Cell pick = cells.get(random.nextInt(cells.size()));
      Path copy = tmp.resolve("t" + i);
      TempArchive.copyTree(FULL, copy);
      Path target = copy.resolve(base.relativize(pick.file()).toString());
      String what = perturb(target, pick.line(), pick.column());
      fixLedgerDigest(copy, target);
      Map<String, String> after = new LinkedHashMap<>();
      List<String> out;
      try {
        out = render(copy, after);
      } catch (DataException e) {
        refused++;
        assertThat(e.getMessage()).as(what).contains(target.getFileName().toString().replace(".csv", ""));
        continue;
      }
      if (after.equals(baseline)) {
        harmless++;
        continue;
      }
      changed++;
      if (out.subList(0, 1).equals(baseOut.subList(0, 1))) {
        missed.add(what + " changed " + diff(baseline, after) + " but not the macros");
      }
    }
    System.out.printf("tamper: %d changed a quantity, %d refused as bad data, %d harmless%n", changed, refused,
        harmless);
    assertThat(missed).as("perturbations whose changed quantities the generated macros did not show").isEmpty();
    assertThat(changed).as("perturbations that changed a quantity (the test must exercise the chain)")
        .isGreaterThan(50);
    assertThat(changed + refused + harmless).isEqualTo(200);
  }

  /** The macros file and every other generated file, in emitter order; fills {@code texts} key -> text. */
  private static List<String> render(Path dataRoot, Map<String, String> texts) {
    List<Computed> computed = new ArrayList<>();
    List<String> out = Reproduction.render(ARCHIVE, DataSet.scan(dataRoot, "data"), computed, "0".repeat(64)).stream()
        .sorted((a, b) -> a.path().endsWith("quantities.tex") ? -1 : b.path().endsWith("quantities.tex") ? 1 : 0)
        .map(o -> o.content()).toList();
    for (Computed c : computed) {
      texts.put(c.quantity().key(), c.text());
    }
    return out;
  }

  private static String diff(Map<String, String> a, Map<String, String> b) {
    for (Map.Entry<String, String> e : b.entrySet()) {
      if (!e.getValue().equals(a.get(e.getKey()))) {
        return e.getKey() + " " + a.get(e.getKey()) + " -> " + e.getValue();
      }
    }
    return "?";
  }

  /** Every non-empty data cell of every events file and ledger (not headers or comments). */
  private static List<Cell> cells(Path root) throws IOException {
    List<Cell> out = new ArrayList<>();
    try (Stream<Path> s = Files.walk(root)) {
      for (Path f : s.filter(p -> p.toString().endsWith(".csv") && (p.toString().contains("/events/")
          || p.getFileName().toString().equals("ledger.csv"))).sorted().toList()) {
        List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        boolean header = true;
        for (int i = 0; i < lines.size(); i++) {
          if (lines.get(i).startsWith("#") || lines.get(i).isEmpty()) {
            continue;
          }
          if (header) {
            header = false;
            continue;
          }
          String[] values = lines.get(i).split(",", -1);
          for (int c = 0; c < values.length; c++) {
            // The synthetic ledgers share one column list, so most of their cells are empty padding; perturb
            // the cells that hold a value (an empty cell given one is covered by the malformed-input corpus).
            if (!values[c].isEmpty()) {
              out.add(new Cell(f, i, c));
            }
          }
        }
      }
    }
    return out;
  }

  /** Changes one cell: an integer moves by 1,001, anything else gets an x appended. */
  private static String perturb(Path file, int line, int column) throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
    String[] cells = lines.get(line).split(",", -1);
    String old = cells[column];
    String neu;
    try {
      neu = Long.toString(Long.parseLong(old) + 1_001);
    } catch (NumberFormatException e) {
      neu = old + "x";
    }
    cells[column] = neu;
    lines.set(line, String.join(",", cells));
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return file.getFileName() + ":" + (line + 1) + " column " + (column + 1) + " " + old + " -> " + neu;
  }

  /** The careful tamperer: rewrites the ledger's events_sha256 for the file it changed. */
  private static void fixLedgerDigest(Path root, Path changed) throws IOException {
    if (!changed.toString().contains("/events/")) {
      return;
    }
    Path ledger = changed.getParent().getParent().resolve("ledger.csv");
    if (!Files.exists(ledger)) {
      return;
    }
    String rel = changed.getParent().getFileName() + "/" + changed.getFileName();
    List<String> lines = new ArrayList<>(Files.readAllLines(ledger, StandardCharsets.UTF_8));
    int header = 0;
    while (lines.get(header).startsWith("#")) {
      header++;
    }
    List<String> cols = List.of(lines.get(header).split(",", -1));
    int fileCol = cols.indexOf("events_file");
    int shaCol = cols.indexOf("events_sha256");
    for (int i = header + 1; i < lines.size(); i++) {
      String[] c = lines.get(i).split(",", -1);
      if (c.length > Math.max(fileCol, shaCol) && c[fileCol].equals(rel)) {
        c[shaCol] = Manifest.sha256(changed);
        lines.set(i, String.join(",", c));
      }
    }
    Files.writeString(ledger, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
  }

}
