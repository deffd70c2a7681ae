package ftl.data.registration;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.io.UtcTimestamp;
import ftl.data.ledger.Identifiers;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The registration of the verdicts on the campaigns taken before plans carried criteria: {@code registrations.csv} at
 * the data root, one row per verdict, derived once from git history and reviewed. Each row names the commit where the
 * rule as applied now first appeared ({@code git log --reverse -S<rule_text>}, its first hit), its time, and the
 * earliest run of the data it judges; {@code RegistrationHistoryTest} recomputes both from history and ledgers.
 *
 * <p>Columns, in this order: {@code verdict_key} (registry key), {@code campaigns} (space-separated campaign folders),
 * {@code kind} ({@link VerdictKind#words}), {@code rule} (the criterion in one sentence), {@code rule_file} and
 * {@code rule_text} (where the rule's decisive text is at the archive's head), {@code rule_commit} (40 hex digits),
 * {@code rule_committed_at} and {@code data_first_run_at} (UTC, {@link UtcTimestamp#FORM}), {@code replaces} (the rule
 * this one replaced after the data, with its verdict then) and {@code note}.
 *
 * <p>The kind is checked, not trusted: a row that is not a consistency check is confirmatory exactly when its rule's
 * commit is older than the data's first run; anything else is bad data naming the line. A row is a consistency check
 * exactly when its {@code note} opens with {@value #CONSISTENCY_NOTE} and says why it holds by construction; that it
 * was one when first committed is checked against the table's history by {@code ftl.verify.RegistrationHistory}.
 */
public final class RegistrationTable {
  /** The file at the data root. */
  public static final String FILE = "registrations.csv";
  /** The header, in order. */
  public static final List<String> COLUMNS = List.of("verdict_key", "campaigns", "kind", "rule", "rule_file",
      "rule_text",
      "rule_commit", "rule_committed_at", "data_first_run_at", "replaces", "note");
  /**
   * The word a consistency check's {@code note} opens with, before the reason it holds by construction; no other row's
   * note opens with it, so a row reclassified in the kind column alone disagrees with its own reason (issue 43).
   */
  public static final String CONSISTENCY_NOTE = "Consistency";
  /** Longest cell accepted (the rule texts are sentences). */
  public static final int MAX_CELL = 2_000;

  private static final Pattern KEY = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9][A-Za-z0-9_-]*)*");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

  private RegistrationTable() {}

  /** The registrations of a data root by verdict key, in file order; empty when the root has no table. */
  public static Map<String, Registration> read(DataGate gate) {
    if (!gate.isFile(FILE)) {
      return Map.of();
    }
    String name = gate.name(FILE);
    return parse(gate.readText(FILE, DataGate.Kind.REGISTRATIONS), name);
  }

  /**
   * Parses the table's text.
   *
   * @throws DataException naming file and line for a wrong header, a malformed cell or a kind the times contradict
   */
  public static Map<String, Registration> parse(String text, String name) {
    Map<String, Registration> out = new LinkedHashMap<>();
    CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get();
    try (CSVParser p = format.parse(new StringReader(text))) {
      if (!p.getHeaderNames().equals(COLUMNS)) {
        throw new DataException(name, 1, "the header must be " + String.join(",", COLUMNS), null);
      }
      for (CSVRecord r : p) {
        long line = p.getCurrentLineNumber();
        if (!r.isConsistent()) {
          throw new DataException(name, line, "row has " + r.size() + " cells, the header " + COLUMNS.size(), null);
        }
        Registration reg = row(r, name, line);
        if (out.put(reg.verdictKey(), reg) != null) {
          throw new DataException(name, line, "verdict " + reg.verdictKey() + " is registered twice", null);
        }
      }
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      throw new DataException(name, 0, "not a valid CSV: " + Echo.cause(e), e);
    }
    return Collections.unmodifiableMap(out);
  }

  private static Registration row(CSVRecord r, String name, long line) {
    for (String c : COLUMNS) {
      String v = r.get(c);
      if (v.length() > MAX_CELL) {
        throw new DataException(name, line, c + " is longer than " + MAX_CELL + " characters", null);
      }
      for (int i = 0; i < v.length(); i++) {
        if (Echo.isControl(v.charAt(i))) {
          throw new DataException(name, line, c + " holds a control character", null);
        }
      }
    }
    String key = r.get("verdict_key");
    if (!KEY.matcher(key).matches()) {
      throw new DataException(name, line, "verdict_key is not a registry key: " + Echo.of(key), null);
    }
    List<String> campaigns = Arrays.asList(r.get("campaigns").split(" ", -1));
    for (String c : campaigns) {
      Identifiers.require(c, "campaign", name, line);
    }
    VerdictKind kind = VerdictKind.of(r.get("kind")).orElseThrow(() -> new DataException(name, line,
        "kind must be one of " + String.join(", ", VerdictKind.words()) + ", not " + Echo.of(r.get("kind")), null));
    for (String c : List.of("rule", "rule_file", "rule_text")) {
      if (r.get(c).isBlank()) {
        throw new DataException(name, line, c + " is empty", null);
      }
    }
    String commit = r.get("rule_commit");
    if (!COMMIT.matcher(commit).matches()) {
      throw new DataException(name, line, "rule_commit must be 40 lower-case hex digits, not " + Echo.of(commit), null);
    }
    long registered = instant(r.get("rule_committed_at"), "rule_committed_at", name, line);
    long dataFrom = instant(r.get("data_first_run_at"), "data_first_run_at", name, line);
    boolean judgedConsistency = r.get("note").startsWith(CONSISTENCY_NOTE);
    if (kind == VerdictKind.CONSISTENCY) {
      if (!judgedConsistency) {
        throw new DataException(name, line, "a consistency check's note must open with \"" + CONSISTENCY_NOTE
            + "\" and say why it holds by construction", null);
      }
    } else if (judgedConsistency) {
      throw new DataException(name, line, "kind " + kind.word() + ", and the note opens with \"" + CONSISTENCY_NOTE
          + "\", the judgement of a consistency check: the row's kind and its reason disagree", null);
    } else {
      VerdictKind implied = registered < dataFrom ? VerdictKind.CONFIRMATORY : VerdictKind.EXPLORATORY;
      if (kind != implied) {
        throw new DataException(name, line, "kind " + kind.word() + " contradicts the times: the rule was committed "
            + r.get("rule_committed_at") + (registered < dataFrom ? ", before " : ", not before ")
            + "the data's first run "
            + r.get("data_first_run_at") + ", so the row is " + implied.word(), null);
      }
    }
    return new Registration(key, campaigns, kind, r.get("rule"), "commit " + commit, registered, dataFrom,
        r.get("replaces"), r.get("note"), name + ":" + line, r.isMapped("label") ? r.get("label").strip() : "");
  }

  private static long instant(String v, String column, String name, long line) {
    OptionalLong ms = UtcTimestamp.epochMillis(v);
    if (ms.isEmpty()) {
      throw new DataException(name, line, column + " is not " + UtcTimestamp.FORM + ": " + Echo.of(v), null);
    }
    return ms.getAsLong();
  }

  /** Every column, for a listing of the rows that replaced an earlier rule (the supplement's deviation log). */
  public static List<Registration> deviations(Map<String, Registration> table) {
    List<Registration> out = new ArrayList<>();
    for (Registration r : table.values()) {
      if (!r.replaces().isEmpty()) {
        out.add(r);
      }
    }
    return out;
  }
}
