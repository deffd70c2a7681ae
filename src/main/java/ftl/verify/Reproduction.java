package ftl.verify;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.EventFormat;
import ftl.emit.Emitter;
import ftl.quantity.Analysis;
import ftl.quantity.Computed;
import ftl.quantity.Quantity;
import ftl.quantity.Registry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Recomputes every quantity from the data, renders the generated files, compares them with what is
 * committed, checks the texts against the quantities, and verifies {@code SHA256SUMS}.
 */
public final class Reproduction {

  /** Everything a reproduction found. */
  public record Report(DataSet data, List<Computed> quantities, List<Emitter.Output> outputs,
                       List<String> staleOutputs, List<String> textProblems, List<Manifest.Problem> manifest,
                       String dataDigest) {

    public List<Computed> unavailable() {
      return quantities.stream().filter(c -> !c.available()).toList();
    }

    /** True when anything disagrees. */
    public boolean disagrees() {
      return !staleOutputs.isEmpty() || !textProblems.isEmpty() || !manifest.isEmpty();
    }
  }

  private Reproduction() {}

  /**
   * Runs a reproduction.
   *
   * @param archiveRoot the archive
   * @param dataRoot the data root to compute from
   * @param write write changed generated files (otherwise only compare)
   */
  public static Report run(Path archiveRoot, Path dataRoot, boolean write) throws IOException {
    String display = displayName(archiveRoot, dataRoot);
    DataSet data = DataSet.scan(dataRoot, display);
    Analysis analysis = new Analysis(data);
    Registry registry = Registry.standard();
    List<Computed> computed = new ArrayList<>();
    for (Quantity q : registry.all()) {
      computed.add(Computed.of(q, analysis));
    }
    String digest = dataDigest(data);
    List<Emitter.Output> outputs = new Emitter(archiveRoot).render(computed, digest);
    List<String> stale = new ArrayList<>();
    for (Emitter.Output o : outputs) {
      Path p = archiveRoot.resolve(o.path());
      String current = Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : null;
      if (o.content().equals(current)) {
        continue;
      }
      if (write) {
        Files.createDirectories(p.getParent());
        Files.writeString(p, o.content(), StandardCharsets.UTF_8);
      } else {
        stale.add(o.path() + ": " + (current == null ? "missing" : "stale: differs from what " + o.template()
            + " gives from the data"));
      }
    }
    List<String> text = textProblems(TextSources.read(archiveRoot), computed);
    List<Manifest.Problem> manifest = Manifest.verify(archiveRoot);
    return new Report(data, computed, outputs, stale, text, manifest, digest);
  }

  /** Places where a text quotes a quantity that has no value. */
  static List<String> textProblems(TextSources texts, List<Computed> computed) {
    List<String> out = new ArrayList<>();
    for (Computed c : computed) {
      if (c.available()) {
        continue;
      }
      for (TextSources.Place p : texts.macroUses(c.quantity().macro())) {
        out.add(p.file() + ":" + p.line() + ": quotes \\" + c.quantity().macro() + " but " + c.quantity().key()
            + " has no value (" + ((ftl.quantity.Value.Unavailable) c.value()).reason() + ")");
      }
    }
    return out;
  }

  /**
   * SHA-256 identifying the data: over the dictionary, every ledger and every plan (ledgers carry the
   * SHA-256 of their events files, so they cover the events too).
   */
  public static String dataDigest(DataSet data) {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    List<Path> files = new ArrayList<>();
    Path dict = data.root().resolve("datapackage.json");
    if (Files.exists(dict)) {
      files.add(dict);
    }
    for (Campaign c : data.campaigns()) {
      files.add(c.dir().resolve(EventFormat.LEDGER_FILE));
      if (c.preRegistered()) {
        files.add(c.dir().resolve(EventFormat.PLAN_FILE));
      }
    }
    for (Path f : files) {
      String line = Manifest.sha256(f) + "  " + data.root().relativize(f).toString().replace('\\', '/') + "\n";
      md.update(line.getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(md.digest());
  }

  /** The data root as messages name it: relative to the archive when inside it. */
  public static String displayName(Path archiveRoot, Path dataRoot) {
    Path a = archiveRoot.toAbsolutePath().normalize();
    Path d = dataRoot.toAbsolutePath().normalize();
    return d.startsWith(a) && !d.equals(a) ? a.relativize(d).toString().replace('\\', '/') : d.toString();
  }
}
