package ftl.verify;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.io.UtcTimestamp;
import ftl.data.registration.RegistrationTable;
import ftl.data.registration.VerdictKind;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * {@code registrations.csv} checked against the git history it claims (issue 43: a row reclassified in the table
 * silently moved the tallies). Each row names the commit that registered its rule ({@code rule_commit}) and that
 * commit's time ({@code rule_committed_at}), from which {@link RegistrationTable} derives whether the row may be
 * confirmatory; so the commit must be in the repository's history, be committed at exactly that time, and add a line
 * holding the rule's decisive text ({@code rule_text}) to {@code rule_file}. A row moved from exploratory to
 * confirmatory must then move its times, which history contradicts. {@code reproduce} runs this check when the data
 * root lies in a git work tree (its dozens of questions to git would double the time of a {@code check}); a repository
 * that holds none of the rows' commits (a fresh {@code git init}) checks nothing, and a shallow clone's missing commits
 * are skipped. Whether the commit is the <em>first</em> to add the text is checked by {@code RegistrationHistoryTest}
 * over the whole history, which is too slow for every command.
 *
 * <p>Whether a row is a consistency check is a judgement no time decides, so it is held to the one the table's history
 * records ({@link #verifyKinds}, one question to git, run by {@code check} and {@code list} too): a row is a
 * consistency check exactly when it was one in the commit that first added it, unless its {@code replaces} states the
 * reclassification ({@code reclassified from <kind>}), which the supplement's deviation log then prints.
 */
public final class RegistrationHistory {
  private RegistrationHistory() {}

  /** The phrase a row's {@code replaces} opens a stated reclassification with, followed by the kind it was first. */
  public static final String RECLASSIFIED = "reclassified from ";

  /** The table of a data root inside a git work tree, read: the repository, its rows and their lines. */
  private record Table(Path repo, boolean shallow, String name, String rel, List<CSVRecord> rows, List<Long> lines) {}

  /** The table of {@code data} with the repository it lies in; empty without a table or a work tree. */
  private static Optional<Table> table(DataSet data) {
    if (data.gate().isEmpty() || !data.gate().get().isFile(RegistrationTable.FILE)) {
      return Optional.empty();
    }
    byte[] top = PlanHistory.git(data.root(), "rev-parse", "--show-toplevel");
    if (top == null) {
      return Optional.empty();
    }
    Path repo;
    String rel;
    try {
      // as the table's real path spells it
      repo = Path.of(new String(top, StandardCharsets.UTF_8).strip()).toRealPath();
      rel = repo.relativize(data.root().resolve(RegistrationTable.FILE).toRealPath()).toString().replace('\\', '/');
    } catch (IOException | IllegalArgumentException e) { // InvalidPathException among the latter
      return Optional.empty();
    }
    byte[] shallowOut = PlanHistory.git(repo, "rev-parse", "--is-shallow-repository");
    boolean shallow = shallowOut == null || new String(shallowOut, StandardCharsets.UTF_8).strip().equals("true");
    DataGate gate = data.gate().get();
    String name = gate.name(RegistrationTable.FILE);
    List<CSVRecord> rows = new ArrayList<>();
    List<Long> lines = new ArrayList<>();
    try (CSVParser p = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
        .parse(new StringReader(gate.readText(RegistrationTable.FILE, DataGate.Kind.REGISTRATIONS)))) {
      for (CSVRecord r : p) {
        rows.add(r);
        lines.add(p.getCurrentLineNumber());
      }
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      throw new DataException(name, 0, "not a valid CSV: " + Echo.cause(e), e);
    }
    return Optional.of(new Table(repo, shallow, name, rel, rows, lines));
  }

  /**
   * Checks every row of the data root's table against history: its rule's commit and time, and its kind.
   *
   * @throws DataException naming the table's line of the first row history contradicts
   */
  public static void verify(DataSet data) {
    Optional<Table> found = table(data);
    if (found.isEmpty()) {
      return;
    }
    Table t = found.get();
    try {
      List<String> commits = new ArrayList<>();
      t.rows().forEach(r -> commits.add(r.get("rule_commit")));
      Map<String, Long> times = PlanHistory.commitTimes(t.repo(), commits);
      if (times.isEmpty()) {
        return; // none of the rows' commits is in this repository: its history is not the archive's (a fresh git init)
      }
      Map<String, String> diffs = new HashMap<>(); // each (commit, path) asked of git once
      for (int i = 0; i < t.rows().size(); i++) {
        check(t, i, times, diffs);
      }
      kinds(t);
    // a column the table lacks: its own reader names it when the registry is made
    } catch (IllegalArgumentException e) {
      throw new DataException(t.name(), 1, "not the registration table's columns: " + Echo.cause(e), e);
    }
  }

  /**
   * Checks each row's kind against the table's history: a consistency check exactly when the row was one in the
   * commit that first added it, unless {@code replaces} states the reclassification. A row history has not seen (not
   * yet committed) and a table outside a work tree are not checked.
   *
   * @throws DataException naming the table's line of the first row reclassified without saying so
   */
  public static void verifyKinds(DataSet data) {
    Optional<Table> t = table(data);
    if (t.isPresent()) {
      try {
        kinds(t.get());
      } catch (IllegalArgumentException e) {
        throw new DataException(t.get().name(), 1, "not the registration table's columns: " + Echo.cause(e), e);
      }
    }
  }

  private static void kinds(Table t) {
    byte[] log = PlanHistory.git(t.repo(), "log", "--reverse", "--format=@@@COMMIT %H", "-p", "--unified=0",
        "--no-renames",
        "--no-color", "--no-ext-diff", "--", t.rel());
    Map<String, String[]> first = firstKinds(log == null ? "" : new String(log, StandardCharsets.UTF_8));
    String consistency = VerdictKind.CONSISTENCY.word();
    for (int i = 0; i < t.rows().size(); i++) {
      CSVRecord r = t.rows().get(i);
      String[] was = first.get(r.get("verdict_key"));
      if (was != null && was[0].equals(consistency) != r.get("kind").equals(consistency)
          && !r.get("replaces").contains(RECLASSIFIED + was[0])) {
        throw new DataException(t.name(), t.lines().get(i), "kind of " + r.get("verdict_key") + " is "
            + Echo.of(r.get("kind"))
            + ", and commit " + was[1] + ", which added the row, registered it " + was[0] + ": whether a verdict is a "
            + "consistency check is fixed when it is registered; a reclassification must say so in replaces (\""
            + RECLASSIFIED + was[0] + " ...\"), which the deviation log prints", null);
      }
    }
  }

  /**
   * The kind each verdict key had in the first commit of a log ({@code @@@COMMIT <hash>} lines, then each commit's
   * diff without context, oldest first) that adds a row of it: {@code {kind, commit}} by key. A table's row is one line
   * (its cells hold no line break), so each added line that is not the header is one row.
   */
  static Map<String, String[]> firstKinds(String log) {
    Map<String, String[]> out = new HashMap<>();
    String commit = "";
    CSVFormat format = CSVFormat.RFC4180;
    for (String l : log.split("\n", -1)) {
      if (l.startsWith("@@@COMMIT ")) {
        commit = l.substring(10).strip();
      } else if (l.startsWith("+") && !l.startsWith("+++")
          && !l.startsWith("+" + RegistrationTable.COLUMNS.get(0) + ",")) {
        try (CSVParser p = format.parse(new StringReader(l.substring(1)))) {
          List<CSVRecord> recs = p.getRecords();
          if (recs.size() == 1 && recs.get(0).size() == RegistrationTable.COLUMNS.size()) {
            out.putIfAbsent(recs.get(0).get(0), new String[] {recs.get(0).get(2), commit});
          }
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
          // a line that is no row of the table (a malformed version history kept): it registers nothing
        }
      }
    }
    return out;
  }

  /** Row {@code i} of table {@code t} against the history: its rule's commit, time and diff. */
  private static void check(Table t, int i, Map<String, Long> times, Map<String, String> diffs) {
    CSVRecord r = t.rows().get(i);
    long line = t.lines().get(i);
    String name = t.name();
    Path repo = t.repo();
    boolean shallow = t.shallow();
    String commit = r.get("rule_commit");
    if (!commit.matches("[0-9a-f]{40}")) { // never handed to git: it could be read as an option
      throw new DataException(name, line, "rule_commit must be 40 lower-case hex digits, not " + Echo.of(commit), null);
    }
    Long committed = times.get(commit);
    if (committed == null) {
      if (shallow) {
        return;
      }
      throw new DataException(name, line, "rule_commit " + Echo.of(commit) + " of " + r.get("verdict_key")
          + " is not a commit of this repository's history", null);
    }
    OptionalLong claimed = UtcTimestamp.epochMillis(r.get("rule_committed_at"));
    if (claimed.isEmpty() || claimed.getAsLong() != committed) {
      throw new DataException(name, line, "rule_committed_at of " + r.get("verdict_key") + " is "
          + Echo.of(r.get("rule_committed_at")) + ", and commit " + commit + " was committed at "
          + Instant.ofEpochMilli(committed) + ": the row's times, and the kind they decide, are not history's", null);
    }
    // the commit's change to the rule's file first; the text may have been added in another file than the one that
    // holds it now (a rule moved since), so failing that, to the folder two levels up from it (src/main, data/x)
    String text = r.get("rule_text");
    String file = r.get("rule_file");
    String[] parts = file.split("/", -1);
    String tree = String.join("/", Arrays.asList(parts).subList(0, Math.min(2, parts.length)));
    if (!adds(diffs.computeIfAbsent(commit + " " + file, k -> diff(repo, commit, file)), text)
        && !adds(diffs.computeIfAbsent(commit + " " + tree, k -> diff(repo, commit, tree, ":(exclude)*.gz",
            ":(exclude)data/**/events/**")), text)) {
      throw new DataException(name, line, "commit " + commit + " adds no line holding the rule_text of "
          + r.get("verdict_key")
          + " (now in " + Echo.of(file) + "): the row does not name the commit that registered its rule", null);
    }
  }

  /** What {@code commit} changed in {@code paths}, as a diff without context; "" when git cannot say. */
  private static String diff(Path repo, String commit, String... paths) {
    List<String> args = new ArrayList<>(List.of("show", "--format=", "--unified=0", "--no-renames",
        "--no-color", "--no-ext-diff", commit, "--"));
    args.addAll(List.of(paths));
    byte[] d = PlanHistory.git(repo, args.toArray(String[]::new));
    return d == null ? "" : new String(d, StandardCharsets.UTF_8);
  }

  /** Whether a unified diff adds a line (not the {@code +++} header) that holds {@code text}. */
  static boolean adds(String diff, String text) {
    for (String l : diff.split("\n", -1)) {
      if (l.startsWith("+") && !l.startsWith("+++") && l.contains(text)) {
        return true;
      }
    }
    return false;
  }
}
