package ftl.cli;

import ftl.verify.Manifest;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ftl manifest write | verify}. */
@Command(name = "manifest", mixinStandardHelpOptions = true,
    description = {"Write or verify SHA256SUMS, one line per file of the archive.",
        "Tracked files, sorted, except SHA256SUMS itself, in the format `sha256sum -c SHA256SUMS` accepts;",
        "verify names every missing, extra and changed file, one per line, and every folder of data/ that the",
        "catalogue of campaigns does not declare (a campaign of your own belongs outside data/): exit 1 for any."},
    footer = ExitCode.HELP_FOOTER)
public final class ManifestCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Parameters(index = "0", paramLabel = "ACTION", description = "write | verify")
  String action;

  @Override
  public Integer call() throws IOException {
    switch (action) {
      case "write" -> {
        int n = Manifest.write(main.archiveRoot());
        System.out.println("wrote " + Manifest.FILE + ": " + n + " files");
        return ExitCode.OK;
      }
      case "verify" -> {
        List<Manifest.Problem> problems = Manifest.verify(main.archiveRoot());
        for (Manifest.Problem p : problems) {
          System.out.println(p.describe());
        }
        if (problems.isEmpty()) {
          System.out.println(Manifest.FILE + ": every file verifies");
          return ExitCode.OK;
        }
        System.out.println(Manifest.FILE + ": " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s"));
        return ExitCode.DISAGREE;
      }
      default -> throw new picocli.CommandLine.ParameterException(
          new picocli.CommandLine(this), "manifest: ACTION must be write or verify, not \"" + action + "\"");
    }
  }
}
