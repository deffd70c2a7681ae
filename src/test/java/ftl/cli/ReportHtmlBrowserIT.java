package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * {@code ftl report --html} opened from disk in a real browser: headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}, which {@code .ci/run} installs) driven by Selenium. On the archive's {@code data/cluster}
 * and on a user's campaign folder (the synthetic {@code src/test/resources/ftl/report/html/user-campaign}): the page
 * logs no console message of level warning or above, requests nothing (its resource timing list is empty, and the
 * browser's network is pointed at a closed port, so a request would also fail loudly), embeds exactly the JSON that
 * {@code report --json} prints, draws every chart with as many points as that JSON holds (the percentile plots with
 * the JSON's own values), shows data as text (the user fixture's kernel field holds markup), and renders a screenshot
 * that is not one colour. Skipped, with the reason, where Chromium is not installed.
 */
class ReportHtmlBrowserIT {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> SPANS = List.of("flight_ns", "displacement_ns", "ack_span_ns");

  private static ChromeDriver driver;

  @TempDir
  static Path tmp;

  @BeforeAll
  static void startBrowser() {
    assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "Chromium is not installed (" + CHROMIUM + ", " + CHROMEDRIVER + "): apt-get install chromium chromium-driver,"
            + " as .ci/run does; the HTML report's browser test is skipped");
    ChromeOptions o = new ChromeOptions();
    o.setBinary(CHROMIUM.toFile());
    // no network at all: a request the page made would fail (and be logged) rather than reach anything
    o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--window-size=1200,1000",
        "--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-extensions",
        "--no-first-run", "--disable-background-networking", "--disable-component-update");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    o.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
        .usingAnyFreePort().build();
    driver = new ChromeDriver(service, o);
  }

  @AfterAll
  static void stopBrowser() {
    if (driver != null) {
      driver.quit();
    }
  }

  /** The campaign folders: the archive's replicated-cluster campaign and a user's (synthetic) folder. */
  static Stream<Arguments> folders() {
    return Stream.of(
        Arguments.of(Named.of("data/cluster (the archive's)", Path.of("data/cluster")), false),
        Arguments.of(Named.of("a user's campaign folder (synthetic fixture)",
            Path.of("src/test/resources/ftl/report/html/user-campaign")), true));
  }

  @ParameterizedTest
  @MethodSource("folders")
  void reportHtml_openedFromDisk_drawsTheJsonOfflineWithoutError(Path folder, boolean markupInData)
      throws IOException, InterruptedException {
    Path page = tmp.resolve(folder.getFileName() + ".html");
    CliRunner.Result html = CliRunner.run("report", folder.toString(), "--html", "--out", page.toString());
    CliRunner.Result json = CliRunner.run("report", folder.toString(), "--json");
    assertThat(html.code()).as(html.err()).isEqualTo(json.code()).isIn(ExitCode.OK, ExitCode.DISAGREE);
    JsonNode report = JSON.readTree(json.out());

    driver.get(page.toUri().toString());
    for (int i = 0; i < 100 && !"true".equals(driver.executeScript("return document.body.getAttribute('data-ready')"));
         i++) {
      Thread.sleep(100);
    }
    assertThat(driver.executeScript("return document.body.getAttribute('data-ready')")).as("the page ran to its end")
        .isEqualTo("true");

    List<String> messages = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
      if (e.getLevel().intValue() >= Level.WARNING.intValue()) {
        messages.add(e.getLevel() + " " + e.getMessage());
      }
    }
    assertThat(messages).as("console messages of level warning or above").isEmpty();

    Object resources = driver.executeScript(
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; })"
            + ".filter(function (n) { return !(n.startsWith('data:') || n.startsWith('file:')); });");
    assertThat((List<?>) resources).as("requests beyond the page itself").isEmpty();

    JsonNode embedded = JSON.readTree((String) driver.executeScript(
        "return JSON.stringify(JSON.parse(document.getElementById('report-data').textContent));"));
    // JavaScript writes 5.0 as 5: numbers compare by value, everything else exactly
    assertThat(embedded.equals((a, b) -> a.isNumber() && b.isNumber() ? Double.compare(a.asDouble(), b.asDouble())
        : a.equals(b) ? 0 : 1, report)).as("the page embeds the JSON of report --json").isTrue();

    JsonNode charts = JSON.readTree((String) driver.executeScript("return JSON.stringify(window.ftlCharts);"));
    Map<String, List<List<Long>>> expected = expectedPoints(report);
    assertThat(charts).hasSize(expected.size());
    Set<String> seen = new HashSet<>();
    for (JsonNode c : charts) {
      String id = c.get("id").asText();
      seen.add(id);
      List<List<Long>> want = expected.get(id);
      assertThat(want).as("chart " + id + " is one the JSON describes").isNotNull();
      assertThat(c.get("series")).as(id).hasSize(want.size());
      boolean any = false;
      for (int s = 0; s < want.size(); s++) {
        JsonNode series = c.get("series").get(s);
        assertThat(series.get("points").asInt()).as(id + " series " + series.get("label"))
            .isEqualTo(want.get(s).size());
        any |= !want.get(s).isEmpty();
        if (SPANS.contains(id)) {
          List<Long> ys = new ArrayList<>();
          series.get("ys").forEach(y -> ys.add(y.asLong()));
          assertThat(ys).as(id + " series " + series.get("label") + " values").isEqualTo(want.get(s));
        }
      }
      assertThat(c.get("drawn").asBoolean()).as(id + " drawn").isEqualTo(any);
      if (any) {
        assertThat(c.get("canvas").asBoolean()).as(id + " has a canvas").isTrue();
        List<Integer> drawnPoints = new ArrayList<>();
        c.get("uplotPoints").forEach(p -> drawnPoints.add(p.asInt()));
        assertThat(drawnPoints).as(id + ": the points uPlot holds").isEqualTo(want.stream().map(List::size).toList());
      }
    }
    assertThat(seen).isEqualTo(expected.keySet());
    long drawn = charts.findValues("drawn").stream().filter(JsonNode::asBoolean).count();
    assertThat(driver.findElements(By.cssSelector(".chart canvas"))).hasSizeGreaterThanOrEqualTo((int) drawn);

    if (markupInData) {
      assertThat(driver.findElements(By.cssSelector("#setting b"))).as("markup from the ledger is shown as text")
          .isEmpty();
      assertThat(driver.findElement(By.id("setting")).getText()).contains("<b>not markup</b>");
    }

    byte[] png = driver.getScreenshotAs(OutputType.BYTES);
    assertThat(colours(png)).as("distinct colours of the page's screenshot").isGreaterThan(16);
    WebElement flight = driver.findElement(By.id("chart-flight_ns"));
    driver.executeScript("arguments[0].scrollIntoView();", flight);
    assertThat(colours(flight.getScreenshotAs(OutputType.BYTES))).as("distinct colours of the flight chart")
        .isGreaterThan(8);
  }

  /**
   * What each chart must hold, from the JSON alone: per chart id, per series, the values (for the percentile plots)
   * or as many placeholders as the points (for the others).
   */
  private static Map<String, List<List<Long>>> expectedPoints(JsonNode report) {
    Map<String, List<List<Long>>> out = new LinkedHashMap<>();
    for (String span : SPANS) {
      List<List<Long>> series = new ArrayList<>();
      for (JsonNode c : report.get("conditions")) {
        List<Long> ys = new ArrayList<>();
        c.get(span).get("percentiles").forEach(p -> ys.add(p.get("value_ns").asLong()));
        series.add(ys);
      }
      out.put(span, series);
    }
    out.put("ack_negative_share", List.of(present(report.get("conditions"), "sign", "ack_negative_interval", "lower"),
        present(report.get("conditions"), "sign", "ack_negative_interval", "upper"),
        present(report.get("conditions"), "sign", "ack_negative_share")));
    out.put("retention", List.of(present(report.get("conditions"), "guard", "retention"),
        present(report.get("conditions"), "grid_law", "predicted_retention")));
    out.put("pacing_lag", List.of(present(report.get("run_list"), "pacing_lag_p50_ns"),
        present(report.get("run_list"), "pacing_lag_max_ns")));
    out.put("host", List.of(present(report.get("run_list"), "steal_pct"),
        present(report.get("run_list"), "other_run_pct"),
        present(report.get("run_list"), "catch_up_share")));
    return out;
  }

  /** One placeholder for each element of {@code array} whose member at {@code path} is present and not null. */
  private static List<Long> present(JsonNode array, String... path) {
    List<Long> out = new ArrayList<>();
    for (JsonNode x : array) {
      JsonNode v = x;
      for (String p : path) {
        v = v == null || v.isNull() ? null : v.get(p);
      }
      if (v != null && !v.isNull()) {
        out.add(0L);
      }
    }
    return out;
  }

  /** The number of distinct colours of a PNG (every pixel). */
  private static int colours(byte[] png) throws IOException {
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
    Set<Integer> seen = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        seen.add(img.getRGB(x, y));
      }
    }
    return seen.size();
  }
}
