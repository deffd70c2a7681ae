package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ftl.cli.CliRunner.Result;
import ftl.data.DataSet;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.verify.Manifest;
import ftl.verify.PrintedNumber;
import ftl.verify.TempArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The CLI end to end, on temporary archives. */
@Tag("slow") // whole pipeline, PDFs or many CLI runs: left out of the quick loop (mvn -Pquick test)
class CliTest {
  static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small");

  static Result run(String... args) {
    return CliRunner.run(args);
  }

  @Test
  void reproduce_noCampaignData_saysSoAndSucceeds(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp);
    assertThat(run("--root", a.root.toString(), "reproduce").code()).isIn(0, 1);
    Manifest.write(a.root);
    Result r = run("--root", a.root.toString(), "reproduce", "--check");
    assertThat(r.code()).as(r.out()).isZero();
    assertThat(r.out()).containsPattern("no campaign data for \\d+ of \\d+ quantities")
        .contains("runs.total: no campaign data present");
  }

  @Test
  void reproduce_textQuotesQuantityWithoutData_failsNamingThePlace(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).write("paper/paper.tex",
        "\\input{generated/quantities}\nWe took \\RunsTotal{} runs.\n");
    run("--root", a.root.toString(), "reproduce");
    Manifest.write(a.root);
    Result r = run("--root", a.root.toString(), "reproduce", "--check");
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("paper/paper.tex:2: quotes \\RunsTotal but runs.total has no value");
  }

  @Test
  void reproduceCheck_generatedFileEdited_failsNamingIt(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    run("--root", a.root.toString(), "reproduce");
    a.write("paper/generated/quantities.tex", "% edited by hand\n");
    Manifest.write(a.root);
    Result r = run("--root", a.root.toString(), "reproduce", "--check");
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("paper/generated/quantities.tex: stale");
  }

  @Test
  void reproduce_twice_isByteIdenticalAndChecks(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    run("--root", a.root.toString(), "reproduce");
    String first = Files.readString(a.root.resolve("paper/generated/quantities.tex"));
    run("--root", a.root.toString(), "reproduce");
    assertThat(Files.readString(a.root.resolve("paper/generated/quantities.tex"))).isEqualTo(first);
    assertThat(first).startsWith("% GENERATED from emit/paper/quantities.tex.ftl")
        .contains("\\newcommand{\\NegAckSpans}{\\ftlQuantity{events.ackNegative}{2}}")
        .contains("\\newcommand{\\OmbRetentionMin}{\\ftlQuantity{omb.retention.min}{40.00\\%}}");
    Manifest.write(a.root);
    assertThat(run("--root", a.root.toString(), "reproduce", "--check").code()).isZero();
  }

  @Test
  void listJson_smallFixture_carriesKeyValueTextMacroSources(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    Result r = run("--root", a.root.toString(), "list", "--json");
    assertThat(r.code()).isZero();
    JsonNode arr = new ObjectMapper().readTree(r.out());
    JsonNode neg = null;
    for (JsonNode n : arr) {
      assertThat(n.has("key") && n.has("value") && n.has("text") && n.has("macro") && n.has("sources")).isTrue();
      if (n.get("key").asText().equals("events.ackNegative")) {
        neg = n;
      }
    }
    assertThat(neg).isNotNull();
    assertThat(neg.get("value").asLong()).isEqualTo(2);
    assertThat(neg.get("macro").asText()).isEqualTo("\\NegAckSpans");
    assertThat(neg.get("sources").toString()).contains("data/k/ledger.csv").contains("data/k/events/r1.csv")
        .contains("data/k/events/r2.csv");
  }

  @Test
  void listJson_foreignDataRoot_computesFromIt(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp);
    Result r = run("--root", a.root.toString(), "--data", SMALL.toAbsolutePath().toString(), "list", "--json");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("\"key\" : \"runs.total\"");
    assertThat(new ObjectMapper().readTree(r.out()).get(0).get("value").asLong()).isEqualTo(2);
  }

  static Stream<Arguments> checkLookups() {
    return Stream.of(Arguments.of("events.ackNegative"), Arguments.of("\\NegAckSpans"), Arguments.of("NegAckSpans"),
        Arguments.of("\\OmbRetentionMin"), Arguments.of("40.00%"), Arguments.of("40.00\\%"));
  }

  @ParameterizedTest(name = "check {0}")
  @MethodSource("checkLookups")
  void check_byKeyMacroOrText_findsAndAgrees(String what, @TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL)
        .write("paper/abstract.txt", "The guard kept 40.00% of one run.\n");
    run("--root", a.root.toString(), "reproduce");
    Result r = run("--root", a.root.toString(), "check", what);
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("data/k/ledger.csv").contains("function:")
        .contains("generated:  paper/generated/quantities.tex agrees");
  }

  /**
   * Every quantity of a data root is found and agrees by its key and by its macro, and every quantity whose
   * printed text no other quantity shares is found by that text (exit 0, the key named in the output).
   */
  @Test
  void check_everyQuantity_byKeyMacroAndUniqueText(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    run("--root", a.root.toString(), "reproduce");
    Analysis an = new Analysis(DataSet.scan(a.root.resolve("data"), "data"));
    List<Computed> all = Registry.forData(an.data()).all().stream()
        .map(q -> Computed.of(q, an)).toList();
    Map<String, Long> textCount = all.stream().filter(Computed::available)
        .collect(Collectors.groupingBy(c -> PrintedNumber.digits(c.text()), Collectors.counting()));
    int byText = 0;
    for (Computed c : all) {
      String key = c.quantity().key();
      for (String what : new String[] {key, "\\" + c.quantity().macro()}) {
        Result r = run("--root", a.root.toString(), "check", what);
        assertThat(r.code()).as("check " + what + "\n" + r.out() + r.err()).isZero();
        assertThat(r.out()).as("check " + what).startsWith(key + "  \\" + c.quantity().macro());
      }
      String norm = PrintedNumber.digits(c.text());
      if (c.available() && !norm.isEmpty() && textCount.get(norm) == 1) {
        Result r = run("--root", a.root.toString(), "check", c.text());
        assertThat(r.code()).as("check \"" + c.text() + "\"\n" + r.out() + r.err()).isZero();
        assertThat(r.out()).as("check \"" + c.text() + "\"").startsWith(key + "  \\" + c.quantity().macro());
        byText++;
      }
    }
    assertThat(all).hasSizeGreaterThan(50);
    assertThat(byText).isPositive();
  }

  @Test
  void check_unknownText_exitsNotFound(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    Result r = run("--root", a.root.toString(), "check", "99,999");
    assertThat(r.code()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(r.err()).contains("no quantity is printed as \"99,999\"");
  }

  @Test
  void check_staleGeneratedMacro_disagrees(@TempDir Path tmp) throws IOException {
    TempArchive a = TempArchive.create(tmp).withData(SMALL);
    run("--root", a.root.toString(), "reproduce");
    Path g = a.root.resolve("paper/generated/quantities.tex");
    Files.writeString(g, Files.readString(g).replace("{events.ackNegative}{2}", "{events.ackNegative}{3}"));
    Result r = run("--root", a.root.toString(), "check", "events.ackNegative");
    assertThat(r.code()).isEqualTo(ExitCode.DISAGREE);
    assertThat(r.out()).contains("DISAGREE");
  }

  static Stream<Arguments> gridlawCases() {
    return Stream.of(
        Arguments.of(new String[] {"--interval", "1250us", "--quantum", "1ms", "--latency", "400us"}, "s/q = 5/4",
        "predicted retention = 1/4"),
        Arguments.of(new String[] {"--interval", "700us", "--quantum", "1ms"}, "s/q = 7/10", "multiple of 1/10"),
        Arguments.of(new String[] {"--interval", "1ms", "--quantum", "1ms", "--latency", "400us", "--phase", "700us"},
        "b = 1", "predicted retention = 1/1"),
        Arguments.of(new String[] {"--interval", "1ms", "--quantum", "1ms", "--latency", "400us", "--phase", "100us"},
        "b = 1", "predicted retention = 0/1"),
        Arguments.of(new String[] {"--interval", "1ms", "--quantum", "1ms", "--latency", "300us", "--phase", "500us",
        "--offset", "700us"}, "b = 1", "predicted one-tick negatives = 1/1"),
        Arguments.of(new String[] {"--interval", "1250us", "--quantum", "1ms", "--latency", "300us", "--phase",
        "100us", "--offset", "700us"}, "0 kept, 2 zero, 2 one-tick negative, 0 deeper",
        "predicted one-tick negatives = 1/2 = 50.00%"),
        Arguments.of(new String[] {"--interval", "1ms", "--quantum", "1ms", "--latency", "300us", "--offset",
        "-1.5ms"}, "producer behind", "predicted retention = 1/1"),
        Arguments.of(new String[] {"--interval", "500us", "--quantum", "1ms", "--latency", "1.5ms"}, "s/q = 1/2",
        "2 of 2 phases kept"));
  }

  @ParameterizedTest(name = "gridlaw {1}")
  @MethodSource("gridlawCases")
  void gridlaw_exactFraction_printsReducedFractionAndRetention(String[] args, String fraction, String retention) {
    String[] full = new String[args.length + 1];
    full[0] = "gridlaw";
    System.arraycopy(args, 0, full, 1, args.length);
    Result r = run(full);
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains(fraction).contains(retention);
  }

  @Test
  void gridlaw_durationWithoutUnit_isUsageError() {
    Result r = run("gridlaw", "--interval", "1000", "--quantum", "1ms");
    assertThat(r.code()).isEqualTo(ExitCode.USAGE);
    assertThat(r.err()).contains("is not a duration with a unit");
  }

  @Test
  void help_everyCommand_listsExitCodes() {
    for (String cmd : new String[] {"reproduce", "list", "check", "manifest", "gridlaw", "campaign", "broker"}) {
      Result r = run(cmd, "--help");
      assertThat(r.code()).as(cmd).isZero();
      assertThat(r.out()).as(cmd).contains("Exit codes:").contains("3   bad input data");
    }
  }

  @Test
  void broker_clusterSizeOutOfRangeOrOnAnotherSystem_isUsageErrorBeforeAnythingStarts() {
    Result six = run("broker", "--brokers", "6");
    assertThat(six.code()).isEqualTo(ExitCode.USAGE);
    assertThat(six.err()).contains("--brokers must be 1..5 (was 6)");
    Result nats = run("broker", "--brokers", "3", "--system", "nats");
    assertThat(nats.code()).isEqualTo(ExitCode.USAGE);
    assertThat(nats.err()).contains("--brokers applies to kafka only");
  }

  @Test
  void manifest_unknownAction_isUsageError() {
    assertThat(run("manifest", "frobnicate").code()).isEqualTo(ExitCode.USAGE);
  }
}
