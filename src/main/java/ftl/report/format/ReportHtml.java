package ftl.report.format;

import ftl.report.CampaignReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ftl report --html}: one self-contained page per campaign folder that draws offline. The page is a layout
 * ({@code page.html}, {@code page.css}, {@code page.js} under {@code src/main/resources/ftl/report/html/}) with the
 * JSON of {@link ReportJson#render} embedded as data, and uPlot ({@link #UPLOT}, vendored with its licence) inlined to
 * draw it: every number on the page is a member of that JSON, so the page and {@code --json} come from one computation.
 * The page loads nothing (its Content-Security-Policy forbids any request), and sets data as text, never as markup.
 *
 * <p>Why uPlot: a charting library the page runs itself keeps the page's numbers the JSON's own (the browser test reads
 * them back from the charts), adds no charting stack to the JVM, and at 51 KB (MIT) with log and symmetric-log (asinh)
 * scales, no dependencies and a pinned npm version it is the smallest well-kept one that draws a percentile plot.
 */
public final class ReportHtml {
  /** The vendored uPlot, a folder named after its version (its README says where it came from). */
  static final String UPLOT = "vendor/uplot-1.6.32/";

  private static final Pattern SLOT = Pattern.compile("@@([A-Z_]+)@@");

  private ReportHtml() {}

  /** The page of a report, with the exit code the command returns (as {@code --json} writes it). */
  public static String render(CampaignReport report, int exitCode) {
    return page(report.figures().name(), ReportJson.render(report, exitCode));
  }

  /** The page around {@code json} (a report's JSON), titled {@code campaign}. */
  static String page(String campaign, String json) {
    Map<String, String> slots = Map.of(
        "TITLE", escapeHtml(campaign),
        "UPLOT_CSS", inlined(UPLOT + "uPlot.min.css"),
        "PAGE_CSS", inlined("page.css"),
        "DATA", scriptSafe(json),
        "UPLOT_JS", inlined(UPLOT + "uPlot.iife.min.js"),
        "PAGE_JS", inlined("page.js"));
    // one pass over the layout: a slot's text is never searched for slots again
    Matcher m = SLOT.matcher(resource("page.html"));
    StringBuilder out = new StringBuilder(200_000 + json.length());
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(Objects.requireNonNull(slots.get(m.group(1)), m.group(1))));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * JSON that can stand inside a {@code <script>} element: {@code <}, {@code >} and {@code &} (which occur only inside
   * JSON strings) written as {@code \}{@code u} escapes, so no text of the data can close the element or open a
   * comment.
   */
  static String scriptSafe(String json) {
    return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
  }

  /** Text for an HTML element's content. */
  static String escapeHtml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /** A resource to stand inside a {@code <script>} or {@code <style>} element, checked not to close it. */
  private static String inlined(String name) {
    String text = resource(name);
    if (text.contains("</script") || text.contains("</style")) {
      throw new IllegalStateException("ftl/report/html/" + name + " would close the element it is inlined in");
    }
    return text;
  }

  private static String resource(String name) {
    try (InputStream in = ReportHtml.class.getResourceAsStream("/ftl/report/html/" + name)) {
      if (in == null) {
        throw new IllegalStateException("resource missing from the build: ftl/report/html/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
