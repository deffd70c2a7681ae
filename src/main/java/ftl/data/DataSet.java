package ftl.data;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.JsonValue;
import ftl.data.ledger.DataDictionary;
import ftl.data.ledger.Event;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.Identifiers;
import ftl.data.ledger.LedgerReader;
import ftl.data.ledger.LedgerRow;
import ftl.data.registration.Criteria;
import ftl.data.registration.PlanDigest;
import ftl.data.registration.PlanReader;
import ftl.data.tool.OmbFormat;
import ftl.data.tool.PerfTestFormat;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A data root: every campaign folder under it (a folder holding {@code ledger.csv}), its ledger parsed
 * and checked, its plan parsed when present. Event files are not read here; they are streamed on demand.
 * Every file is opened through the root's {@link DataGate}.
 *
 * @param root absolute data root
 * @param displayRoot the root as named in messages
 * @param dictionary the data dictionary the files are checked against
 * @param campaigns campaigns in folder-name order
 * @param otherFolders folders under the root that are not campaigns (no ledger, or an OMB ledger, see
 *     {@link OmbFormat#isOmbLedger}), e.g. {@code audit}, {@code omb-real}
 * @param gate the gate every file under the root is opened through; empty when the root does not exist
 * @param undeclared folders of the archive's data root that its catalogue does not declare (a user's campaign copied
 *     into {@code data/}, say), in name order: never read, in no campaign, no number and no digest ({@link #scan(Path,
 *     String, Set)}); empty for any other root
 */
// Seven components: the root, how it is named, its dictionary, and its folders sorted three ways (campaigns, other
// folders, undeclared folders) with the gate they were read through; built by scan, never positionally elsewhere.
public record DataSet(Path root, String displayRoot, DataDictionary dictionary, List<Campaign> campaigns,
                      List<String> otherFolders, Optional<DataGate> gate, List<String> undeclared) {

  public DataSet {
    campaigns = List.copyOf(campaigns);
    otherFolders = List.copyOf(otherFolders);
    undeclared = List.copyOf(undeclared);
  }

  /**
   * Scans a data root. A root that does not exist is an empty data set (no campaign data present); the CLI
   * refuses a {@code --data} that names no folder before it gets here.
   *
   * @param root the data root
   * @param displayRoot how messages name it (e.g. {@code data})
   * @throws DataException for a root that is not a folder, or any bad file or name under it
   */
  public static DataSet scan(Path root, String displayRoot) {
    return scan(root, displayRoot, null);
  }

  /**
   * Scans a data root as {@link #scan(Path, String)} does, except that on the archive's own data root (the caller
   * passes {@code declared} for it alone, and its own dictionary is named {@value DataDictionary#ARCHIVE_PACKAGE},
   * {@link DataDictionary#archivePackage()}) a folder {@code declared} does not name is left unread and listed in
   * {@link #undeclared()}: a folder a user put in the archive's {@code data/} never changes a number of the archive
   * (issue #54). Any other root is read whole.
   *
   * @param declared the folders the archive's catalogue declares, given for the archive's {@code data/} only; null to
   *     read every folder
   */
  public static DataSet scan(Path root, String displayRoot, Set<String> declared) {
    Path abs = root.toAbsolutePath().normalize();
    List<Campaign> campaigns = new ArrayList<>();
    List<String> other = new ArrayList<>();
    if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
      return new DataSet(abs, displayRoot, DataDictionary.bundled(), campaigns, other, Optional.empty(), List.of());
    }
    DataGate gate = DataGate.of(abs, displayRoot);
    DataDictionary dictionary = DataDictionary.forRoot(gate);
    List<String> undeclared = undeclared(gate, dictionary, declared);
    List<String> names = gate.list("").stream().filter(n -> !undeclared.contains(n)).toList();
    // the folders are read side by side (a ledger's checks are most of the fixed cost of every command), and taken
    // in name order afterwards: the same campaigns, and the first failure in name order is the one reported, as if
    // they had been read one after another
    List<Outcome<Folder>> folders = inOrder(names, name -> folder(gate, abs, name, dictionary, true));
    for (Outcome<Folder> o : folders) {
      Folder f = o.get();
      if (f == null) {
        continue;
      }
      if (f.campaign() == null) {
        other.add(f.name());
      } else {
        campaigns.add(f.campaign());
      }
    }
    OneFilePerRun.check(campaigns);
    return new DataSet(abs, displayRoot, dictionary, campaigns, other, Optional.of(gate), undeclared);
  }

  /**
   * The folders of the archive's data root that {@code declared} does not name, in name order, without reading them;
   * empty when the root is not the archive's ({@link DataDictionary#archivePackage()}) or does not exist, or when
   * {@code declared} is null.
   *
   * @throws DataException when the root's top level or its dictionary is refused by the gate
   */
  public static List<String> undeclaredFolders(Path root, String displayRoot, Set<String> declared) {
    Path abs = root.toAbsolutePath().normalize();
    if (declared == null || !Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    DataGate gate = DataGate.of(abs, displayRoot);
    return undeclared(gate, DataDictionary.forRoot(gate), declared);
  }

  private static List<String> undeclared(DataGate gate, DataDictionary dictionary, Set<String> declared) {
    if (declared == null || !dictionary.archivePackage()) {
      return List.of();
    }
    return gate.list("").stream().filter(n -> !declared.contains(n) && gate.type(n) == DataGate.Type.FOLDER).toList();
  }

  /** What an entry of the root is: a campaign, or a folder that is not one ({@code campaign} null). */
  private record Folder(String name, Campaign campaign) {}

  /**
   * One campaign folder read on its own, wherever it lies (a user's workspace, or a folder of the archive's
   * {@code data/}): its ledger parsed and checked, its plan parsed when present, exactly as {@link #scan} reads each
   * campaign of a root, through the gate of the folder's parent (so the folder itself, like every campaign, is refused
   * when it is a link). Its name needs no place in registry keys here, so it may contain '.'.
   *
   * @param folder the campaign folder
   * @param displayParent how messages name the folder's parent (e.g. {@code data})
   * @throws DataException naming the file (and line) when the folder holds no {@code ledger.csv}, when its ledger is
   *     another tool's (OpenMessaging Benchmark's or PerfTest's), or when any file of it is bad
   */
  public static Campaign campaignAt(Path folder, String displayParent) {
    Path abs = folder.toAbsolutePath().normalize();
    Path parent = abs.getParent();
    Path fileName = abs.getFileName();
    if (parent == null || fileName == null) {
      throw new DataException(displayParent, 0, "the file system's root is not a campaign folder", null);
    }
    String name = fileName.toString();
    DataGate gate = DataGate.of(parent, displayParent);
    if (gate.type(name) != DataGate.Type.FOLDER) {
      throw new DataException(gate.name(name), 0, "is not a folder", null);
    }
    String ledger = name + "/" + EventFormat.LEDGER_FILE;
    if (!gate.isFile(ledger)) {
      throw new DataException(gate.name(ledger), 0, "no ledger: a campaign folder holds " + EventFormat.LEDGER_FILE
          + " (one row per run) and the runs' " + EventFormat.EVENTS_DIR + "/", null);
    }
    Folder f = folder(gate, parent, name, DataDictionary.forRoot(gate), false);
    if (f.campaign() == null) {
      throw new DataException(gate.name(ledger), 1, "is the ledger of another tool's runs (OpenMessaging Benchmark or"
          + " PerfTest), not the instrument's: it has no events_file column", null);
    }
    return f.campaign();
  }

  /**
   * An entry of the root read on its own: null when it is not a folder. {@code keyName}: the folder's name becomes part
   * of registry keys, so it may not contain '.'.
   */
  private static Folder folder(DataGate gate, Path abs, String name, DataDictionary dictionary, boolean keyName) {
    if (gate.type(name) != DataGate.Type.FOLDER) {
      return null;
    }
    String ledger = name + "/" + EventFormat.LEDGER_FILE;
    if (!gate.isFile(ledger)) {
      return new Folder(name, null); // no ledger
    }
    // read once: to tell the OMB runs' ledger and, when it is the instrument's, to parse it
    byte[] bytes = gate.read(ledger, DataGate.Kind.LEDGER);
    String text = DataGate.text(bytes, gate.name(ledger));
    if (ombLedger(text)) {
      // the ledger of the real OpenMessaging Benchmark runs (not the instrument's format)
      return new Folder(name, null);
    }
    Identifiers.require(name, "campaign folder name", gate.name(name), 0);
    if (keyName && name.contains(".")) {
      throw new DataException(gate.name(name), 0, "campaign folder name \"" + name
          + "\" contains '.', which separates the parts of registry keys", null);
    }
    List<LedgerRow> rows = LedgerReader.read(gate, ledger, bytes, text, name, dictionary);
    String plan = name + "/" + EventFormat.PLAN_FILE;
    Optional<JsonValue> planNode = Optional.empty();
    Optional<String> planSha256 = Optional.empty();
    Optional<Criteria.Section> criteria = Optional.empty();
    if (gate.isFile(plan)) {
      byte[] planBytes = gate.read(plan, DataGate.Kind.PLAN);
      JsonValue value = PlanReader.parse(planBytes, gate.name(plan));
      planNode = Optional.of(value);
      planSha256 = Optional.of(PlanDigest.of(planBytes));
      criteria = Criteria.read(value.json(), planBytes, Criteria.conditionNames(value.json()), gate.name(plan));
    }
    Optional<String> digest = PlanDigest.check(rows, planSha256, gate.name(ledger), gate.name(plan));
    return new Folder(name, new Campaign(name, abs.resolve(name), gate.name(name), planNode, rows, gate, name, criteria,
        digest));
  }

  /** What one piece of work gave: its value, or what it threw (a runtime exception or an error). */
  record Outcome<T>(T value, Throwable thrown) {
    Outcome {
      if (thrown != null && !(thrown instanceof RuntimeException) && !(thrown instanceof Error)) {
        throw new IllegalArgumentException("only unchecked throwables are carried: " + thrown);
      }
    }

    /** The value, or what the work threw, thrown again here. */
    T get() {
      if (thrown instanceof RuntimeException e) {
        throw e;
      }
      if (thrown instanceof Error e) {
        throw e;
      }
      return value;
    }
  }

  /**
   * Applies {@code work} to every input, in parallel (the common fork-join pool and the calling thread), and returns
   * the outcomes in the inputs' order: what each gave or threw, whatever order they ran in.
   */
  static <I, T> List<Outcome<T>> inOrder(List<I> inputs, Function<I, T> work) {
    return inputs.parallelStream().map(in -> {
      try {
        return new Outcome<T>(work.apply(in), null);
      } catch (RuntimeException | Error e) {
        return new Outcome<T>(null, e);
      }
    }).toList();
  }

  /** Whether a ledger's text, read through the gate, is the OMB runs' ledger ({@link OmbFormat#isOmbLedger}'s rule). */
  private static boolean ombLedger(String text) {
    int nl = text.indexOf('\n');
    String first = (nl < 0 ? text : text.substring(0, nl)).trim();
    List<String> header = Arrays.asList(first.split(",", -1));
    return (header.contains(OmbFormat.MARKER_COLUMN) || header.contains(PerfTestFormat.MARKER_COLUMN))
        && !header.contains("events_file");
  }

  /**
   * SHA-256 identifying the data: over every file of the data root but the campaigns' events files (the
   * ledgers carry their SHA-256, so they cover the events too) and the {@link #undeclared()} folders, in path order,
   * each line
   * {@code <sha256>  <path>}. Taken through the gate, so a link or special file anywhere is refused.
   */
  public String digest() {
    if (gate.isEmpty()) {
      return HexFormat.of().formatHex(DataGate.sha256().digest());
    }
    return gate.get().digest(rel -> !rel.contains("/" + EventFormat.EVENTS_DIR + "/"), Set.copyOf(undeclared));
  }
}
