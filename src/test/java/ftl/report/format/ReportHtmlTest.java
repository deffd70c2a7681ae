package ftl.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ftl report --html} without a browser ({@code ReportHtmlBrowserIT} opens it in one): the page embeds the JSON
 * of {@code --json}, text from data cannot close the element that holds it, nothing in the page names a resource to
 * load, and the vendored uPlot is the npm package's files, unchanged.
 */
class ReportHtmlTest {
  static final Path USER = Path.of("src/test/resources/ftl/report/html/user-campaign");
  private static final Pattern DATA = Pattern.compile(
      "<script id=\"report-data\" type=\"application/json\">(.*?)</script>", Pattern.DOTALL);

  @TempDir
  Path tmp;

  @Test
  void render_userCampaign_embedsTheJsonOfReportJson() throws IOException {
    CliRunner.Result html = CliRunner.run("report", USER.toString(), "--html");
    CliRunner.Result json = CliRunner.run("report", USER.toString(), "--json");
    assertThat(html.code()).isEqualTo(ExitCode.DISAGREE).isEqualTo(json.code());
    Matcher m = DATA.matcher(html.out());
    assertThat(m.find()).isTrue();
    ObjectMapper om = new ObjectMapper();
    assertThat(om.readTree(m.group(1))).isEqualTo(om.readTree(json.out()));
    assertThat(html.out()).startsWith("<!DOCTYPE html>").contains("<title>ftl report: user-campaign</title>");
  }

  @Test
  void render_markupInData_staysInsideTheJsonString() throws IOException {
    String json = "{\"kernel\": \"</script><script>alert(1)</script><!-- & -->\"}";
    String page = ReportHtml.page("c<b>", json);
    Matcher m = DATA.matcher(page);
    assertThat(m.find()).isTrue();
    assertThat(m.group(1)).doesNotContain("<").doesNotContain(">").doesNotContain("&");
    assertThat(new ObjectMapper().readTree(m.group(1)).get("kernel").asText())
        .isEqualTo("</script><script>alert(1)</script><!-- & -->");
    assertThat(page).contains("<title>ftl report: c&lt;b&gt;</title>").doesNotContain("alert(1)</script>");
  }

  @Test
  void page_namesNoResourceToLoad() {
    String page = ReportHtml.page("c", "{}");
    assertThat(page).doesNotContainPattern("(?i)<(link|img|iframe|object|embed)\\b")
        .doesNotContainPattern("(?i)<script[^>]*\\ssrc=")
        .doesNotContainPattern("(?i)@import|url\\(\\s*['\"]?(https?:|//)")
        .contains("Content-Security-Policy\" content=\"default-src 'none';");
  }

  @Test
  void uplot_vendoredFiles_matchTheDigestsOfTheNpmPackage() throws IOException, NoSuchAlgorithmException {
    assertThat(sha256(ReportHtml.UPLOT + "uPlot.iife.min.js"))
        .isEqualTo("19c8d4c6ad88929a79f4ae49d6f7161566dfd0ba3d15cc495e974f787eb78f1f");
    assertThat(sha256(ReportHtml.UPLOT + "uPlot.min.css"))
        .isEqualTo("df630c6a8d6f8eeaff264b50f73ce5b114f646ffd9a0bb74f049b0a00135fa04");
    assertThat(Files.readString(Path.of("src/main/resources/ftl/report/html/" + ReportHtml.UPLOT + "LICENSE")))
        .startsWith("The MIT License (MIT)");
  }

  @Test
  void reportHtml_out_writesTheFileAndSaysWhere() throws IOException {
    Path out = tmp.resolve("page.html");
    CliRunner.Result r = CliRunner.run("report", USER.toString(), "--html", "--out", out.toString());
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("written to " + out);
    assertThat(Files.readString(out, StandardCharsets.UTF_8)).startsWith("<!DOCTYPE html>");
    // standard output passes the filter that escapes controls: the page holds none, so it is the same page
    assertThat(CliRunner.run("report", USER.toString(), "--html").out()).isEqualTo(Files.readString(out,
        StandardCharsets.UTF_8));
  }

  @Test
  void reportHtml_optionsThatDoNotGoTogether_usageError() {
    assertThat(CliRunner.run("report", USER.toString(), "--html", "--json").code()).isEqualTo(ExitCode.USAGE);
    CliRunner.Result r = CliRunner.run("report", USER.toString(), "--out", tmp.resolve("x.html").toString());
    assertThat(r.code()).isEqualTo(ExitCode.USAGE);
    assertThat(r.err()).contains("--out goes with --html");
  }

  @Test
  void reportHtml_outInAFolderThatDoesNotExist_exitSix() {
    CliRunner.Result r = CliRunner.run("report", USER.toString(), "--html", "--out",
        tmp.resolve("no/such/folder/page.html").toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.IO);
  }

  @Test
  void reportJson_userCampaign_carriesThePlotsIntervalSettingAndRuns() throws IOException {
    JsonNode j = new ObjectMapper().readTree(CliRunner.run("report", USER.toString(), "--json").out());
    JsonNode acksall = j.get("conditions").get(1);
    JsonNode t = acksall.get("flight_ns");
    // 525 values: the ladder stops at 99 (1 / (1 - 0.999) = 1000 >= 525), then the maximum
    assertThat(t.get("percentiles").findValuesAsText("percentile"))
        .containsExactly("0.0", "50.0", "90.0", "99.0", "100.0");
    assertThat(t.get("percentiles").get(0).get("value_ns").asLong()).isEqualTo(t.get("min").asLong());
    assertThat(t.get("percentiles").get(1).get("value_ns").asLong()).isEqualTo(t.get("p50").asLong());
    assertThat(t.get("percentiles").get(4).get("value_ns").asLong()).isEqualTo(t.get("max").asLong());
    JsonNode ci = acksall.get("sign").get("ack_negative_interval");
    double share = acksall.get("sign").get("ack_negative_share").asDouble();
    assertThat(ci.get("lower").asDouble()).isLessThan(share);
    assertThat(ci.get("upper").asDouble()).isGreaterThan(share);
    JsonNode none = j.get("conditions").get(0).get("sign").get("ack_negative_interval");
    assertThat(none.get("lower").asDouble()).isZero();
    // no negative in 600: the exact upper bound 1 - 0.025^(1/600)
    assertThat(none.get("upper").asDouble()).isCloseTo(1 - Math.pow(0.025, 1.0 / 600),
        org.assertj.core.data.Offset.offset(1e-12));
    assertThat(j.get("setting").get("clocksource").toString())
        .isEqualTo("[{\"value\":\"tsc\",\"runs\":4},{\"value\":\"hpet\",\"runs\":1}]");
    assertThat(j.get("run_list")).hasSize(5);
    assertThat(j.get("run_list").get(3).get("run_id").asText()).isEqualTo("u04");
    assertThat(j.get("run_list").get(3).get("fails").toString()).isEqualTo("[\"sign\"]");
  }

  private static String sha256(String resource) throws IOException, NoSuchAlgorithmException {
    try (InputStream in = ReportHtml.class.getResourceAsStream("/ftl/report/html/" + resource)) {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
    }
  }
}
