package ftl.cli;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.Echo;
import ftl.data.ledger.LedgerRow;
import ftl.harness.campaign.AtomicFiles;
import ftl.report.CampaignReport;
import ftl.report.TrustRule;
import ftl.report.format.ReportHtml;
import ftl.report.format.ReportJson;
import ftl.report.format.ReportText;
import ftl.report.format.RulesMarkdown;
import ftl.text.StatusLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ftl report DIR [--json | --html [--out FILE]] [--fail-on RULE,...]}, and {@code ftl report --rules}. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"Report a campaign folder, yours or one of data/, with a trust verdict as its exit code.",
        "Per condition: the flight T, displacement D and ack-referenced span A (p50, p99, p99.9, max), the sign check,"
        + " what OpenMessaging Benchmark's guard would keep and what the grid law predicts, pacing lag and catch-up, "
        + "and host disturbance; in plain words, then as tables; then every trust rule with the number behind it, "
        + "and a verdict.",
        "Exit 0 when every rule that decides holds (all by default; --fail-on chooses), 1 when one fails, 3 for a "
            + "folder with no ledger or a malformed ledger or events file (file:line named), 4 when DIR does not "
            + "exist, 6 when --out cannot be written.",
        "--html writes the same report as one self-contained page that draws offline (docs/practitioners.md).",
        "The rules, their bounds and why: docs/practitioners.md (--rules prints the table)."},
    footer = ExitCode.HELP_FOOTER)
public final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "DIR",
      description = "The campaign folder: ledger.csv, events/ and, when pre-registered, plan.json.")
  Path dir;

  @Option(names = "--json", description = "Print the report as one JSON object (spans in ns, shares as fractions).")
  boolean json;

  @Option(names = "--html", description =
      "Write the report as one self-contained HTML page that draws offline: percentile"
      + " plots of T, D and A per condition, the sign check, retention beside the grid law, pacing and host by run, the"
      + " rules and the ledger's setting, all drawn from the JSON of --json, which the page embeds. To standard output,"
      + " or to --out.")
  boolean html;

  @Option(names = "--out", paramLabel = "FILE", description =
      "With --html: write the page to FILE (replaced atomically)"
      + " instead of standard output.")
  Path out;

  @CommandLine.Mixin FailOnOption failOn;

  @Option(names = "--rules", description =
      "Print the trust rules as the Markdown table of docs/practitioners.md and exit.")
  boolean rules;

  @Override
  public Integer call() {
    if (rules) {
      System.out.print(RulesMarkdown.table());
      return ExitCode.OK;
    }
    if (dir == null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'DIR'");
    }
    if (json && html) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--json and --html: choose one");
    }
    if (out != null && !html) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--out goes with --html");
    }
    Set<TrustRule> deciding = failOn.rules();
    Path abs = dir.toAbsolutePath().normalize();
    if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
      throw new NotFoundException("no such folder: " + Echo.of(dir.toString()));
    }
    if (!Files.isDirectory(abs)) {
      throw new NotFoundException(Echo.of(dir.toString())
          + ": not a folder (name a campaign folder, which holds ledger.csv)");
    }
    Campaign campaign = DataSet.campaignAt(abs, displayParent(dir, abs));
    long total = campaign.runs().stream().filter(LedgerRow::ok).count();
    AtomicLong read = new AtomicLong();
    StatusLine status = StatusLine.onTerminal();
    CampaignReport report;
    try {
      report = CampaignReport.of(campaign, deciding, () -> status.update("report " + campaign.displayDir() + ": "
          + read.incrementAndGet() + " of " + total + " runs read"));
    } finally {
      status.clear();
    }
    int code = report.trusted() ? ExitCode.OK : ExitCode.DISAGREE;
    if (html && out != null) {
      try {
        AtomicFiles.write(out, ReportHtml.render(report, code).getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      spec.commandLine().getErr().println("ftl: report of " + campaign.displayDir() + " written to " + out);
    } else {
      System.out.print(json ? ReportJson.render(report, code) : html ? ReportHtml.render(report, code)
          : ReportText.render(report));
    }
    return code;
  }

  /** How messages name the folder's parent: as the user wrote it ({@code data} for {@code data/cluster}). */
  static String displayParent(Path given, Path abs) {
    Path g = given.normalize();
    Path parent = g.getParent();
    if (parent != null) {
      return parent.toString();
    }
    Path name = g.getFileName();
    if (g.isAbsolute() || name == null || name.toString().isEmpty() || name.toString().equals("..")) {
      return String.valueOf(abs.getParent());
    }
    return ".";
  }
}
