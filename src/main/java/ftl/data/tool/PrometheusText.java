package ftl.data.tool;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The sample lines of a Prometheus text exposition (what a scrape of an exporter returns, such as RabbitMQ PerfTest's
 * {@code -mpr} endpoint): {@code metric[{labels}] value [timestamp]}, comment and blank lines skipped. Only the lines
 * of the metrics asked for are read, so a scrape's other series cannot make it fail. Values are kept as printed (the
 * callers decide what a value may be); the optional timestamp (milliseconds) must be an integer and is never the value.
 */
public final class PrometheusText {
  private PrometheusText() {}

  /**
   * One sample line.
   *
   * @param metric the metric name
   * @param labels the label set as printed, braces included ({@code ""} when none)
   * @param value the value as printed
   * @param line the line number (1-based)
   */
  public record Sample(String metric, String labels, String value, long line) {
    /** The value of a label ({@code quantile="0.5"} gives {@code 0.5}), or null when the label set has none. */
    public String label(String name) {
      String key = name + "=\"";
      int at = labels.indexOf(key);
      while (at > 0 && labels.charAt(at - 1) != '{' && labels.charAt(at - 1) != ',') {
        at = labels.indexOf(key, at + 1);
      }
      if (at < 0) {
        return null;
      }
      int from = at + key.length();
      int to = labels.indexOf('"', from);
      return to < 0 ? null : labels.substring(from, to);
    }
  }

  /**
   * The sample lines of the metrics {@code wanted} accepts, in file order.
   *
   * @param text the exposition
   * @param name the file as messages name it
   * @throws DataException naming file and line for a sample line of a wanted metric that is not
   *     {@code metric[{labels}] value [timestamp]}
   */
  public static List<Sample> samples(String text, String name, Predicate<String> wanted) {
    List<Sample> out = new ArrayList<>();
    long n = 0;
    for (String l : text.split("\n", -1)) {
      n++;
      if (l.isBlank() || l.startsWith("#")) {
        continue;
      }
      int end = 0;
      while (end < l.length() && l.charAt(end) != '{' && l.charAt(end) != ' ' && l.charAt(end) != '\t') {
        end++;
      }
      String metric = l.substring(0, end);
      if (!wanted.test(metric)) {
        continue;
      }
      int rest = end;
      if (rest < l.length() && l.charAt(rest) == '{') {
        rest = labelsEnd(l, rest);
        if (rest < 0) {
          throw new DataException(name, n, "the labels of " + metric + " are not closed", null);
        }
      }
      String[] tokens = l.substring(rest).strip().split("[ \t]+", -1);
      if (tokens.length > 2 || tokens[0].isEmpty()) {
        throw new DataException(name, n, "a sample of " + metric + " is \"metric value [timestamp]\", not \""
            + Echo.of(l) + "\"", null);
      }
      if (tokens.length == 2 && !tokens[1].matches("-?[0-9]{1,19}")) {
        throw new DataException(name, n, "the timestamp of " + metric + " is not an integer (\"" + Echo.of(tokens[1])
            + "\")",
            null);
      }
      out.add(new Sample(metric, l.substring(end, rest), tokens[0], n));
    }
    return out;
  }

  /**
   * The index after the {@code }} that closes the labels opening at {@code open}, or -1 (quoted values may hold
   * braces).
   */
  private static int labelsEnd(String l, int open) {
    boolean quoted = false;
    for (int i = open + 1; i < l.length(); i++) {
      char c = l.charAt(i);
      if (quoted && c == '\\') {
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (!quoted && c == '}') {
        return i + 1;
      }
    }
    return -1;
  }
}
