package ftl.data.registration;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The {@code criteria} section of a campaign's {@code plan.json}: every verdict the campaign may give, with its rule,
 * registered with the plan before any run (the ledger's {@code plan_sha256} proves it, {@link PlanDigest}). The schema
 * (version 1), every field required unless marked optional:
 *
 * <pre>
 * "criteria": {
 *   "version": 1,
 *   "rules": [
 *     {"id": "negativeSpans",                      identifier, unique in the plan; the verdict is
 *     criterion.&lt;campaign&gt;.&lt;id&gt;
 *      "claim": "negative ack-referenced spans occur",   what it judges, one sentence
 *      "kind": "empirical",                        or "consistency" (true by construction: reported, never counted)
 *      "statistic": "sign.ackNegativeRate.x",      registry key of the value compared (Real or Count)
 *      "comparison": "&gt;",                          &lt; &lt;= &gt; &gt;= (the statistic against the threshold), or
 *      for an
 *                                                  interval interval_above, interval_below, interval_excludes,
 *                                                  interval_within
 *      "lower": "k.lower", "upper": "k.upper",     registry keys of the interval's ends (interval comparisons only)
 *      "threshold": 0,                             a finite number; for interval_within a pair [low, high], low &lt;=
 *      high "unit": "fraction",                         the statistic's unit as the registry writes it (count,
 *      fraction, us, ratio, 1, ...) "sidedness": "one-sided",                   one-sided for &lt; &lt;= &gt; &gt;=
 *      interval_above, interval_below;
 *                                                  two-sided for interval_excludes, interval_within
 *      "replication": "block",                     the unit the statistic's spread comes from: event, run or block
 *      "runs": "all",                              "all" (every ok run of the campaign) or a list of the plan's
 *      condition names "testable_if": {"statistic": "k", "comparison": "&gt;=", "threshold": 5, "unit": "count"}  
 *      optional: otherwise
 *                                                  "not testable"; without it, not testable exactly when the statistic
 *                                                  is unavailable
 *     }
 *   ],
 *   "claims": [                                   optional: a claim judged by several rules
 *     {"id": "priorityCollapse", "claim": "...", "combine": "all", "of": ["collapseThreads", "collapseJvm"]}
 *   ]                                              combine: all (held iff every rule held) or any (held iff one held)
 * }
 * </pre>
 *
 * <p>Syntax, words, numbers and units are checked here, each error naming the plan's file and the line of the offending
 * value (exit 3); that every key names a registry entry of the data root, with that unit, is checked when the registry
 * is made ({@code ftl.quantity.verdict.PlanCriteria}). A fraction threshold lies in [0, 1]; a count threshold is a
 * whole number at least 0. Numbers are read as the decimal the plan writes ({@link BigDecimal}): comparisons are exact.
 */
public final class Criteria {
  /** The schema version this reader knows. */
  public static final int VERSION = 1;
  /** The most rules one plan may register. */
  public static final int MAX_RULES = 500;

  private static final Pattern ID = Pattern.compile("[a-z][A-Za-z0-9]{0,63}");
  private static final Pattern KEY = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9][A-Za-z0-9_-]*)*");
  private static final Set<String> RULE_FIELDS = Set.of("id", "claim", "kind", "statistic", "comparison", "lower",
      "upper",
      "threshold", "unit", "sidedness", "replication", "runs", "testable_if");
  private static final Set<String> TESTABLE_FIELDS = Set.of("statistic", "comparison", "threshold", "unit");
  private static final Set<String> CLAIM_FIELDS = Set.of("id", "claim", "combine", "of");
  /** The units a registry entry may have, as it writes them. */
  public static final List<String> UNITS = List.of("count", "fraction", "ratio", "ns", "us", "h", "ms", "1");

  /** How a statistic is compared with its threshold. */
  public enum Comparison {
    LT("<", false, true), LE("<=", false, true), GT(">", false, true), GE(">=", false, true),
    INTERVAL_ABOVE("interval_above", true, true), INTERVAL_BELOW("interval_below", true, true),
    INTERVAL_EXCLUDES("interval_excludes", true, false), INTERVAL_WITHIN("interval_within", true, false);

    private final String word;
    private final boolean interval;
    private final boolean oneSided;

    Comparison(String word, boolean interval, boolean oneSided) {
      this.word = word;
      this.interval = interval;
      this.oneSided = oneSided;
    }

    public String word() { return word; }

    public boolean interval() { return interval; }

    /** The sidedness this comparison is: one-sided or two-sided. */
    public String sidedness() { return oneSided ? "one-sided" : "two-sided"; }

    static Optional<Comparison> of(String w) {
      for (Comparison c : values()) {
        if (c.word.equals(w)) {
          return Optional.of(c);
        }
      }
      return Optional.empty();
    }

    static List<String> words() {
      return Arrays.stream(values()).map(Comparison::word).toList();
    }
  }

  /**
   * A condition a rule must meet to be testable.
   *
   * @param statistic registry key
   * @param comparison one of {@code < <= > >=}
   * @param threshold the bound, as the plan writes it
   * @param unit the statistic's unit
   * @param line the plan line of the condition
   */
  public record Testable(String statistic, Comparison comparison, BigDecimal threshold, String unit, long line) {}

  /**
   * One registered rule.
   *
   * @param id identifier, unique in the plan
   * @param claim what it judges
   * @param consistency true when declared a consistency check (never counted as evidence)
   * @param statistic registry key of the compared value (of the point estimate for an interval comparison)
   * @param comparison how the value is compared
   * @param lower registry key of the interval's lower end ("" unless an interval comparison)
   * @param upper registry key of the interval's upper end ("" unless an interval comparison)
   * @param thresholds one bound, or two (low, high) for {@link Comparison#INTERVAL_WITHIN}
   * @param unit the statistic's unit, as the registry writes it
   * @param replication event, run or block
   * @param runs the plan's condition names judged; empty = every ok run of the campaign
   * @param testable the condition for being testable, if any
   * @param line the plan line where the rule starts
   * @param lines the plan line of each field of the rule, by field name
   */
  public record Rule(String id, String claim, boolean consistency, String statistic, Comparison comparison,
      String lower,
                     String upper, List<BigDecimal> thresholds, String unit, String replication, List<String> runs,
                     Optional<Testable> testable, long line, Map<String, Long> lines) {
    // fourteen components: the fields of the plan's rule, each read and printed by name
    public Rule {
      Objects.requireNonNull(id);
      thresholds = List.copyOf(thresholds);
      runs = List.copyOf(runs);
      lines = Map.copyOf(lines);
    }

    /** The plan line of a field, or the rule's own line. */
    public long lineOf(String field) {
      return lines.getOrDefault(field, line);
    }

    /** The rule as the paper's definition states it: statistic, comparison, threshold with unit, sidedness. */
    public String statement() {
      String bound = thresholds.size() == 2 ? "[" + thresholds.get(0).toPlainString() + ", "
          + thresholds.get(1).toPlainString()
          + "]" : thresholds.get(0).toPlainString();
      String unitWord = unit.equals("1") ? "" : " " + unit;
      String what = switch (comparison) {
        case INTERVAL_ABOVE -> "the interval [" + lower + ", " + upper + "] lies above " + bound + unitWord;
        case INTERVAL_BELOW -> "the interval [" + lower + ", " + upper + "] lies below " + bound + unitWord;
        case INTERVAL_EXCLUDES -> "the interval [" + lower + ", " + upper + "] excludes " + bound + unitWord;
        case INTERVAL_WITHIN -> "the interval [" + lower + ", " + upper + "] lies within " + bound + unitWord;
        default -> statistic + " " + comparison.word() + " " + bound + unitWord;
      };
      return what + " (" + comparison.sidedness() + "; unit of replication: " + replication + "; runs: "
          + (runs.isEmpty() ? "every ok run" : String.join(", ", runs)) + ")";
    }
  }

  /**
   * A claim judged by several rules.
   *
   * @param id identifier, unique in the plan (rules and claims share one name space)
   * @param claim what it judges
   * @param all true: held iff every rule held; false: held iff any held
   * @param of the rules' ids
   * @param line the plan line where the claim starts
   */
  public record Claim(String id, String claim, boolean all, List<String> of, long line) {
    public Claim {
      of = List.copyOf(of);
    }
  }

  /**
   * A plan's criteria.
   *
   * @param rules the rules, in plan order
   * @param claims the combined claims, in plan order
   * @param line the plan line of the section
   */
  public record Section(List<Rule> rules, List<Claim> claims, long line) {
    public Section {
      rules = List.copyOf(rules);
      claims = List.copyOf(claims);
    }
  }

  private Criteria() {}

  /**
   * The criteria of a plan; empty when the plan has no {@code criteria} member.
   *
   * @param plan the plan's tree
   * @param bytes the plan's bytes (for line numbers)
   * @param conditions the plan's condition names (a rule's {@code runs} must name some of them)
   * @param name the plan as messages name it
   * @throws DataException naming the plan and the line of the offending value
   */
  public static Optional<Section> read(JsonNode plan, byte[] bytes, Set<String> conditions, String name) {
    JsonNode c = plan.get("criteria");
    if (c == null) {
      return Optional.empty();
    }
    Map<String, Long> lines = lines(bytes, name);
    Reader r = new Reader(name, lines);
    return Optional.of(r.section(c, conditions));
  }

  /** The condition names of a plan as the instrument's schema writes them ({@code conditions[].name}). */
  public static Set<String> conditionNames(JsonNode plan) {
    Set<String> out = new LinkedHashSet<>();
    JsonNode cs = plan.get("conditions");
    if (cs != null && cs.isArray()) {
      for (JsonNode c : cs) {
        JsonNode n = c.get("name");
        if (n != null && n.isTextual()) {
          out.add(n.asText());
        }
      }
    }
    return out;
  }

  /** Reads the section with the line of each value at hand. */
  private static final class Reader {
    private final String name;
    private final Map<String, Long> lines;

    Reader(String name, Map<String, Long> lines) {
      this.name = name;
      this.lines = lines;
    }

    private long line(String pointer) {
      return lines.getOrDefault(pointer, 0L);
    }

    private DataException bad(String pointer, String message) {
      return new DataException(name, line(pointer), "criteria: " + message + " (at " + pointer + ")", null);
    }

    Section section(JsonNode c, Set<String> conditions) {
      String at = "/criteria";
      if (!c.isObject()) {
        throw bad(at, "must be an object with version, rules and, optionally, claims");
      }
      fields(c, at, Set.of("version", "rules", "claims"));
      JsonNode v = c.get("version");
      if (v == null || !v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() != VERSION) {
        throw bad(at + "/version", "version must be " + VERSION);
      }
      JsonNode rules = c.get("rules");
      if (rules == null || !rules.isArray() || rules.isEmpty()) {
        throw bad(at + "/rules", "rules must be a non-empty array");
      }
      if (rules.size() > MAX_RULES) {
        throw bad(at + "/rules", "more than " + MAX_RULES + " rules");
      }
      List<Rule> out = new ArrayList<>();
      Set<String> ids = new HashSet<>();
      for (int i = 0; i < rules.size(); i++) {
        Rule rule = rule(rules.get(i), at + "/rules/" + i, conditions);
        if (!ids.add(rule.id())) {
          throw bad(at + "/rules/" + i + "/id", "id " + rule.id() + " is used twice");
        }
        out.add(rule);
      }
      List<Claim> claims = new ArrayList<>();
      JsonNode cl = c.get("claims");
      if (cl != null) {
        if (!cl.isArray() || cl.size() > MAX_RULES) {
          throw bad(at + "/claims", "claims must be an array of at most " + MAX_RULES);
        }
        for (int i = 0; i < cl.size(); i++) {
          String p = at + "/claims/" + i;
          JsonNode o = cl.get(i);
          if (!o.isObject()) {
            throw bad(p, "a claim must be an object");
          }
          fields(o, p, CLAIM_FIELDS);
          String id = id(o, p);
          if (!ids.add(id)) {
            throw bad(p + "/id", "id " + id + " is used twice");
          }
          String claim = text(o, p, "claim");
          String combine = word(o, p, "combine", List.of("all", "any"));
          JsonNode of = o.get("of");
          if (of == null || !of.isArray() || of.size() < 2) {
            throw bad(p + "/of", "of must list at least two rule ids");
          }
          List<String> refs = new ArrayList<>();
          for (int j = 0; j < of.size(); j++) {
            JsonNode ref = of.get(j);
            if (!ref.isTextual() || out.stream().noneMatch(x -> x.id().equals(ref.asText()))
                || refs.contains(ref.asText())) {
              throw bad(p + "/of/" + j, "of must name distinct rules of this plan, not " + Echo.of(ref.toString()));
            }
            refs.add(ref.asText());
          }
          claims.add(new Claim(id, claim, combine.equals("all"), refs, line(p)));
        }
      }
      return new Section(out, claims, line(at));
    }

    private Rule rule(JsonNode o, String p, Set<String> conditions) {
      if (!o.isObject()) {
        throw bad(p, "a rule must be an object");
      }
      fields(o, p, RULE_FIELDS);
      String id = id(o, p);
      String claim = text(o, p, "claim");
      boolean consistency = word(o, p, "kind", List.of("empirical", "consistency")).equals("consistency");
      String statistic = key(o, p, "statistic");
      String cw = text(o, p, "comparison");
      Comparison comparison = Comparison.of(cw).orElseThrow(() -> bad(p + "/comparison", "comparison must be one of "
          + String.join(", ", Comparison.words()) + ", not " + Echo.of(cw)));
      String lower = "";
      String upper = "";
      if (comparison.interval()) {
        lower = key(o, p, "lower");
        upper = key(o, p, "upper");
      } else if (o.has("lower") || o.has("upper")) {
        throw bad(p + (o.has("lower") ? "/lower" : "/upper"), "lower and upper belong to an interval comparison only");
      }
      String unit = word(o, p, "unit", UNITS);
      List<BigDecimal> thresholds = new ArrayList<>();
      JsonNode t = o.get("threshold");
      if (comparison == Comparison.INTERVAL_WITHIN) {
        if (t == null || !t.isArray() || t.size() != 2) {
          throw bad(p + "/threshold", "interval_within takes a threshold [low, high]");
        }
        thresholds.add(number(t.get(0), p + "/threshold/0", unit));
        thresholds.add(number(t.get(1), p + "/threshold/1", unit));
        if (thresholds.get(0).compareTo(thresholds.get(1)) > 0) {
          throw bad(p + "/threshold", "low exceeds high");
        }
      } else {
        if (t == null) {
          throw bad(p, "threshold is missing");
        }
        thresholds.add(number(t, p + "/threshold", unit));
      }
      String sidedness = word(o, p, "sidedness", List.of("one-sided", "two-sided"));
      if (!sidedness.equals(comparison.sidedness())) {
        throw bad(p + "/sidedness", "comparison " + comparison.word() + " is " + comparison.sidedness() + ", not "
            + sidedness);
      }
      String replication = word(o, p, "replication", List.of("event", "run", "block"));
      List<String> runs = new ArrayList<>();
      JsonNode rn = o.get("runs");
      if (rn == null) {
        throw bad(p, "runs is missing (\"all\" or a list of condition names)");
      }
      if (rn.isTextual() && rn.asText().equals("all")) {
        // every ok run
      } else if (rn.isArray() && !rn.isEmpty()) {
        for (int j = 0; j < rn.size(); j++) {
          JsonNode n = rn.get(j);
          if (!n.isTextual() || !conditions.contains(n.asText()) || runs.contains(n.asText())) {
            throw bad(p + "/runs/" + j, "runs must name distinct conditions of this plan, not "
                + Echo.of(n.toString()));
          }
          runs.add(n.asText());
        }
      } else {
        throw bad(p + "/runs", "runs must be \"all\" or a non-empty list of condition names");
      }
      Optional<Testable> testable = Optional.empty();
      JsonNode tc = o.get("testable_if");
      if (tc != null) {
        String q = p + "/testable_if";
        if (!tc.isObject()) {
          throw bad(q, "testable_if must be an object");
        }
        fields(tc, q, TESTABLE_FIELDS);
        String ts = key(tc, q, "statistic");
        String tw = text(tc, q, "comparison");
        Comparison tcmp = Comparison.of(tw).filter(x -> !x.interval()).orElseThrow(() -> bad(q + "/comparison",
            "comparison must be one of <, <=, >, >=, not " + Echo.of(tw)));
        String tu = word(tc, q, "unit", UNITS);
        JsonNode tt = tc.get("threshold");
        if (tt == null) {
          throw bad(q, "threshold is missing");
        }
        testable = Optional.of(new Testable(ts, tcmp, number(tt, q + "/threshold", tu), tu, line(q)));
      }
      Map<String, Long> fieldLines = new HashMap<>();
      for (String f : RULE_FIELDS) {
        if (o.has(f)) {
          fieldLines.put(f, line(p + "/" + f));
        }
      }
      return new Rule(id, claim, consistency, statistic, comparison, lower, upper, thresholds, unit, replication, runs,
          testable, line(p), fieldLines);
    }

    private void fields(JsonNode o, String p, Set<String> known) {
      for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
        String f = it.next();
        if (!known.contains(f)) {
          throw bad(p + "/" + f, "unknown field " + Echo.of(f) + " (known: " + String.join(", ", new TreeSet<>(known))
              + ")");
        }
      }
    }

    private String id(JsonNode o, String p) {
      String id = text(o, p, "id");
      if (!ID.matcher(id).matches()) {
        throw bad(p + "/id", "id must be a letter then letters or digits, at most 64: " + Echo.of(id));
      }
      return id;
    }

    private String key(JsonNode o, String p, String field) {
      String k = text(o, p, field);
      if (!KEY.matcher(k).matches() || k.length() > 200) {
        throw bad(p + "/" + field, field + " must be a registry key, not " + Echo.of(k));
      }
      return k;
    }

    private String word(JsonNode o, String p, String field, List<String> words) {
      String w = text(o, p, field);
      if (!words.contains(w)) {
        throw bad(p + "/" + field, field + " must be one of " + String.join(", ", words) + ", not " + Echo.of(w));
      }
      return w;
    }

    private String text(JsonNode o, String p, String field) {
      JsonNode v = o.get(field);
      if (v == null) {
        throw bad(p, field + " is missing");
      }
      if (!v.isTextual() || v.asText().isBlank() || v.asText().length() > 2000) {
        throw bad(p + "/" + field, field + " must be a non-empty string of at most 2,000 characters");
      }
      String s = v.asText();
      for (int i = 0; i < s.length(); i++) {
        if (Echo.isControl(s.charAt(i))) {
          throw bad(p + "/" + field, field + " holds a control character");
        }
      }
      return s;
    }

    /** A finite number within its unit's range, exactly as written. */
    private BigDecimal number(JsonNode v, String p, String unit) {
      if (v == null || !v.isNumber()) {
        throw bad(p, "a threshold must be a JSON number, not " + Echo.of(String.valueOf(v)));
      }
      BigDecimal d;
      if (v.isIntegralNumber()) {
        d = new BigDecimal(v.bigIntegerValue());
      } else {
        double x = v.doubleValue();
        if (!Double.isFinite(x)) {
          throw bad(p, "a threshold must be finite");
        }
        d = v.decimalValue();
      }
      if (d.abs().compareTo(BigDecimal.valueOf(1e15)) > 0) {
        throw bad(p, "a threshold must lie within +-1e15");
      }
      if (unit.equals("fraction") && (d.signum() < 0 || d.compareTo(BigDecimal.ONE) > 0)) {
        throw bad(p, "a fraction threshold must lie in [0, 1], not " + d.toPlainString());
      }
      if (unit.equals("count") && (d.signum() < 0 || d.stripTrailingZeros().scale() > 0)) {
        throw bad(p, "a count threshold must be a whole number at least 0, not " + d.toPlainString());
      }
      return d;
    }
  }

  /**
   * The line of every value of a JSON text, by JSON pointer ({@code /criteria/rules/0/threshold}); a field's line is
   * that of its value.
   */
  static Map<String, Long> lines(byte[] json, String name) {
    Map<String, Long> out = new HashMap<>();
    try (JsonParser p = new JsonFactory().createParser(json)) {
      List<Object> path = new ArrayList<>();
      List<Integer> index = new ArrayList<>();
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.FIELD_NAME) {
          path.set(path.size() - 1, p.currentName());
          continue;
        }
        if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
          path.remove(path.size() - 1);
          index.remove(index.size() - 1);
          continue;
        }
        // a value: in an array it takes the next index
        if (!path.isEmpty() && path.get(path.size() - 1) instanceof Integer) {
          int i = index.get(index.size() - 1) + 1;
          index.set(index.size() - 1, i);
          path.set(path.size() - 1, i);
        }
        out.put(pointer(path), p.currentTokenLocation().getLineNr() < 0 ? 0L
            : (long) p.currentTokenLocation().getLineNr());
        if (t == JsonToken.START_OBJECT) {
          path.add("");
          index.add(-1);
        } else if (t == JsonToken.START_ARRAY) {
          path.add(-1);
          index.add(-1);
        }
      }
    } catch (IOException e) {
      throw new DataException(name, 0, "not valid JSON: " + Echo.cause(e), e);
    }
    return out;
  }

  private static String pointer(List<Object> path) {
    StringBuilder b = new StringBuilder();
    for (Object o : path) {
      b.append('/').append(o.toString().replace("~", "~0").replace("/", "~1"));
    }
    return b.toString();
  }
}
