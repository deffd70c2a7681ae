package ftl.cli;

import ftl.cache.DiskRunSummaryCache;
import ftl.data.Campaign;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.Registry;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Value;
import ftl.verify.Census;
import ftl.verify.Manifest;
import ftl.verify.Reproduction;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ftl reproduce [--check]}. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
    description = {"Recompute every number of the paper from the data, and check the texts against it.",
        "Recompute every quantity from the data, rewrite paper/generated/ and supplement/generated/",
        "(or with --check write nothing and fail on any difference), check paper, supplement and",
        "paper/abstract.txt against the quantities, and verify SHA256SUMS. Prints a summary table.",
        "Every events file is scanned: the run-summary cache of check and list (target/ftl-cache/) is",
        "never read here, only refreshed. A folder of the archive's data/ that its catalogue of campaigns does",
        "not declare is not read, and fails the reproduction (exit 1), named: a campaign of yours belongs outside."},
    footer = ExitCode.HELP_FOOTER)
public final class ReproduceCommand implements Callable<Integer> {
  private static final int MANIFEST_LINES = 20;

  @ParentCommand Main main;

  @Option(names = "--check", description = "Write nothing; fail (exit 1) if any generated file differs.")
  boolean check;

  @Override
  public Integer call() throws IOException {
    PrintStream out = System.out;
    long t0 = System.nanoTime();
    // Authoritative: every events file is scanned; the run-summary cache is only refreshed, never read.
    Reproduction.Report r = Reproduction.run(main.archiveRoot(), main.readableDataRoot(), !check,
        DiskRunSummaryCache.forArchive(main.archiveRoot(), DiskRunSummaryCache.Mode.REFRESH));
    long ok = 0;
    long notOk = 0;
    for (Campaign c : r.data().campaigns()) {
      for (LedgerRow row : c.runs()) {
        if (row.ok()) {
          ok++;
        } else {
          notOk++;
        }
      }
    }
    out.printf("ftl reproduce: data root %s: %d campaign%s, %d ok run%s, %d not ok (counted, not analysed)%n",
        r.data().displayRoot(), r.data().campaigns().size(), r.data().campaigns().size() == 1 ? "" : "s",
        ok, ok == 1 ? "" : "s", notOk);
    for (Campaign c : r.data().campaigns()) {
      out.printf("  %-24s %5d runs  %s%n", c.name(), c.runs().size(),
          c.preRegistered() ? "pre-registered (plan.json)" : "NOT pre-registered (no plan.json)");
    }
    if (!r.data().otherFolders().isEmpty()) {
      out.println("  other folders (no ledger, not campaigns): " + String.join(", ", r.data().otherFolders()));
    }
    r.data().undeclared().forEach(f -> out.println("  UNDECLARED " + Reproduction.undeclared(r.data(), f)));
    out.println("  data digest " + r.dataDigest());
    out.println();
    out.printf("%-28s %-22s %s%n", "quantity", "text", "macro");
    Set<String> fixed = new HashSet<>();
    Registry.standard().all().forEach(q -> fixed.add(q.key()));
    for (Computed c : r.quantities()) {
      if (fixed.contains(c.quantity().key())) {
        out.printf("%-28s %-22s \\%s%n", c.quantity().key(), c.text(), c.quantity().macro());
      }
    }
    long perCondition = r.quantities().stream().filter(c -> !fixed.contains(c.quantity().key())).count();
    if (perCondition > 0) {
      out.printf("... and %d per-condition and per-source quantities (table cells): ./ftl list shows every one%n",
          perCondition);
    }
    out.println();
    if (!r.unavailable().isEmpty()) {
      out.printf("no campaign data for %d of %d quantities, which therefore cannot be computed:%n",
          r.unavailable().size(), r.quantities().size());
      for (Computed c : r.unavailable()) {
        out.println("  " + c.quantity().key() + ": " + ((Value.Unavailable) c.value()).reason());
      }
      out.println();
    }
    out.printf("generated files: %d from emit/ (%s)%n", r.outputs().size(),
        check ? (r.staleOutputs().isEmpty() ? "all up to date" : r.staleOutputs().size() + " stale")
            : "written where changed");
    r.staleOutputs().forEach(s -> out.println("  " + s));
    var counts = Census.counts(r.census());
    out.printf(
        "census of numbers in paper/, supplement/, paper/abstract.txt: %d by macro, %d by the original study's macros,"
            + " %d named by key, %d exempt, %d untraced%n",
        counts.get(Census.Kind.MACRO), counts.get(Census.Kind.ORIGINAL),
        counts.get(Census.Kind.NAMED), counts.get(Census.Kind.EXEMPT),
        counts.get(Census.Kind.UNTRACED));
    r.untraced().forEach(e -> out.println("  UNTRACED " + e));
    r.census().stream().filter(e -> e.kind() == Census.Kind.NAMED)
        .forEach(e -> out.println("  named    " + e));
    out.printf("texts: %d problem%s%n", r.textProblems().size(), r.textProblems().size() == 1 ? "" : "s");
    r.textProblems().forEach(s -> out.println("  " + s));
    if (r.manifest().isEmpty()) {
      out.println(Manifest.FILE + ": every file verifies");
    } else {
      out.printf("%s: %d problem%s%s%n", Manifest.FILE, r.manifest().size(), r.manifest().size() == 1 ? "" : "s",
          check ? "" : " (run ./ftl manifest write after regenerating)");
      r.manifest().stream().limit(MANIFEST_LINES).forEach(p -> out.println("  " + p.describe()));
      if (r.manifest().size() > MANIFEST_LINES) {
        out.printf("  ... and %d more (./ftl manifest verify lists every one)%n", r.manifest().size() - MANIFEST_LINES);
      }
    }
    out.printf("%s in %.1f s%n", r.disagrees() ? "DISAGREE" : "OK", (System.nanoTime() - t0) / 1e9);
    return r.disagrees() ? ExitCode.DISAGREE : ExitCode.OK;
  }
}
