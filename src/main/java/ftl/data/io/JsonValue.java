package ftl.data.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A value of a JSON text read by {@link StrictJson}, with its place: the file, its path in the document
 * ({@code predictions.size.phase_us}, {@code conditions[2].acks}) and the line it starts on. This is the one
 * accessor API through which every number, word and text that decides a result is read from a plan: each accessor
 * either returns a value the caller can use as it is, or throws a {@link DataException} naming
 * {@code file:line}, the path and what was found, so no plan value reaches a computation out of its range
 * (exit 3, never a wrapped integer, an infinite tolerance or a stack trace).
 *
 * <p>The typed accessors never convert: a number is a JSON number (the string {@code "0.5"}, {@code "Infinity"},
 * {@code "NaN"} or {@code "0x1p-1"} is not one), an integer is a JSON integer literal (not {@code 2.0} or
 * {@code 2e0}) that fits the range the caller names, a word is one of the caller's words. The {@code optional...}
 * forms return empty for an absent key or a JSON {@code null} and refuse any other value that is not of the type.
 * Navigation ({@link #path}, {@link #at}) never fails: a missing member is a missing value whose line is that of
 * its nearest present ancestor.
 */
public final class JsonValue {
  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_$-]{1,64}");

  private final String file;
  private final Map<String, Integer> lines;
  private final String path;
  private final JsonNode node;

  private JsonValue(String file, Map<String, Integer> lines, String path, JsonNode node) {
    this.file = Objects.requireNonNull(file);
    this.lines = lines;
    this.path = path;
    this.node = node == null ? MissingNode.getInstance() : node;
  }

  static JsonValue root(String file, Map<String, Integer> lines, JsonNode node) {
    return new JsonValue(file, Collections.unmodifiableMap(lines), "", node);
  }

  /**
   * The path of member {@code name} of the value at {@code parent}: {@code a.b}, or {@code a["x y"]} for other names.
   */
  static String child(String parent, String name) {
    if (PLAIN_NAME.matcher(name).matches()) {
      return parent.isEmpty() ? name : parent + "." + name;
    }
    return parent + "[\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
  }

  /** The path in the document, {@code ""} for the root. */
  public String path() {
    return path;
  }

  /** The Jackson node (a missing node when absent). Read numbers through the typed accessors, not from it. */
  public JsonNode json() {
    return node;
  }

  /**
   * The line this value starts on; for an absent value, the line of its nearest present ancestor; 0 when the
   * document holds nothing.
   */
  public long line() {
    return lineOf(path);
  }

  /** The line of the value at {@code somePath} of this value's document, or of its nearest present ancestor. */
  public long lineOf(String somePath) {
    String p = somePath;
    while (true) {
      Integer l = lines.get(p);
      if (l != null) {
        return l;
      }
      if (p.isEmpty()) {
        return 0;
      }
      int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
      p = cut < 0 ? "" : p.substring(0, cut);
    }
  }

  /** Member {@code name} of this object (a missing value when this is not an object or has no such member). */
  public JsonValue path(String name) {
    return new JsonValue(file, lines, child(path, name), node.isObject() ? node.get(name) : null);
  }

  /** Element {@code i} of this array (a missing value when this is not an array or is shorter). */
  public JsonValue at(int i) {
    return new JsonValue(file, lines, path + "[" + i + "]", node.isArray() ? node.get(i) : null);
  }

  /** The elements of this array; empty when it is not an array. */
  public List<JsonValue> elements() {
    List<JsonValue> out = new ArrayList<>();
    for (int i = 0; node.isArray() && i < node.size(); i++) {
      out.add(at(i));
    }
    return out;
  }

  /** The members of this object in document order; empty when it is not an object. */
  public Map<String, JsonValue> members() {
    Map<String, JsonValue> out = new LinkedHashMap<>();
    if (node.isObject()) {
      for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
        String n = it.next();
        out.put(n, path(n));
      }
    }
    return out;
  }

  /** True when the key is absent (or this is the value of an empty document). */
  public boolean isMissing() {
    return node.isMissingNode();
  }

  /** True when absent or a JSON {@code null}: what the {@code optional...} accessors read as empty. */
  public boolean isAbsent() {
    return node.isMissingNode() || node.isNull();
  }

  public boolean isObject() {
    return node.isObject();
  }

  /** A finite number (a JSON number: integer or decimal). */
  public double finiteDouble() {
    return doubleIn(-Double.MAX_VALUE, Double.MAX_VALUE);
  }

  /** A finite number in {@code [min, max]}. */
  public double doubleIn(double min, double max) {
    if (!node.isNumber()) {
      throw error("must be a number" + found());
    }
    double d = node.doubleValue();
    if (!Double.isFinite(d)) {
      throw error("must be a finite number (was " + Echo.of(node.toString()) + ")");
    }
    if (d < min || d > max) {
      throw error("must be in [" + plain(min) + ", " + plain(max) + "] (was " + Echo.of(node.toString()) + ")");
    }
    return d;
  }

  /** A finite number in {@code [min, max]}, empty when absent or null. */
  public OptionalDouble optionalDoubleIn(double min, double max) {
    return isAbsent() ? OptionalDouble.empty() : OptionalDouble.of(doubleIn(min, max));
  }

  /** An integer (a JSON integer literal) in {@code [min, max]}, read exactly: never wrapped, never rounded. */
  public long longIn(long min, long max) {
    if (!node.isIntegralNumber()) {
      throw error("must be an integer" + found());
    }
    if (!node.canConvertToExactIntegral() || !node.canConvertToLong()) {
      throw error("must be an integer in [" + min + ", " + max + "] (was " + Echo.of(node.toString()) + ")");
    }
    long v = node.longValue();
    if (v < min || v > max) {
      throw error("must be an integer in [" + min + ", " + max + "] (was " + v + ")");
    }
    return v;
  }

  /** An integer in {@code [min, max]}, empty when absent or null. */
  public OptionalLong optionalLongIn(long min, long max) {
    return isAbsent() ? OptionalLong.empty() : OptionalLong.of(longIn(min, max));
  }

  /** An integer in {@code [min, max]} that fits an int. */
  public int intIn(int min, int max) {
    return (int) longIn(min, max);
  }

  /** A JSON string. */
  public String text() {
    if (!node.isTextual()) {
      throw error("must be a string" + found());
    }
    return node.textValue();
  }

  /** A JSON string, empty when absent or null. */
  public Optional<String> optionalText() {
    return isAbsent() ? Optional.empty() : Optional.of(text());
  }

  /** One of the given words (a JSON string equal to one of them). */
  public String word(Collection<String> words) {
    String w = text();
    if (!words.contains(w)) {
      throw error("must be one of " + String.join(", ", new TreeSet<>(words)) + " (was \"" + Echo.of(w) + "\")");
    }
    return w;
  }

  /** The value a word stands for, by a map from each allowed word. */
  public <E> E word(Map<String, E> words) {
    return words.get(word(words.keySet()));
  }

  /** A JSON {@code true} or {@code false}. */
  public boolean bool() {
    if (!node.isBoolean()) {
      throw error("must be true or false" + found());
    }
    return node.booleanValue();
  }

  /**
   * A problem with this value, for the caller to throw: {@code file:line: path: problem}.
   */
  public DataException error(String problem) {
    return new DataException(file, line(), (path.isEmpty() ? "" : path + ": ") + problem, null);
  }

  private String found() {
    if (node.isMissingNode()) {
      return " (missing)";
    }
    if (node.isTextual()) {
      return ", not the string \"" + Echo.of(node.textValue()) + "\"";
    }
    return " (was " + Echo.of(node.toString()) + ")";
  }

  private static String plain(double d) {
    if (d == -Double.MAX_VALUE) {
      return "-max";
    }
    if (d == Double.MAX_VALUE) {
      return "max";
    }
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  @Override
  public String toString() {
    return file + ":" + line() + ": " + (path.isEmpty() ? "(root)" : path);
  }
}
