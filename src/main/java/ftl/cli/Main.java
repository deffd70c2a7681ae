package ftl.cli;

import ftl.data.DataException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Entry point of {@code ./ftl}. */
@Command(name = "ftl", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Reproducibility archive of \"Faster Than Light, According to the Arithmetic\": "
        + "recompute every number of the paper from data/, check it, and run the instrument.",
    footer = ExitCode.HELP_FOOTER,
    subcommands = {
        ReproduceCommand.class, ListCommand.class, CheckCommand.class, CheckPdfCommand.class, ManifestCommand.class,
        GridlawCommand.class, CampaignCommand.class, BrokerCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Callable<Integer> {

  @Option(names = "--data", paramLabel = "DIR", scope = CommandLine.ScopeType.INHERIT,
      description = "Data root to read (default: data/ of the archive).")
  Path dataRoot;

  @Option(names = "--root", paramLabel = "DIR", hidden = true, scope = CommandLine.ScopeType.INHERIT,
      description = "Archive root (default: current directory).")
  Path archiveRoot;

  @Override
  public Integer call() {
    new CommandLine(this).usage(System.out);
    return ExitCode.USAGE;
  }

  /** The archive root: {@code --root}, else the current directory. */
  public Path archiveRoot() {
    return (archiveRoot == null ? Path.of("") : archiveRoot).toAbsolutePath().normalize();
  }

  /** The data root: {@code --data}, else {@code <archive>/data}. */
  public Path dataRoot() {
    return dataRoot == null ? archiveRoot().resolve("data") : dataRoot.toAbsolutePath().normalize();
  }

  /**
   * {@code ftl --version}: the archive's version (pom.xml's, as in CITATION.cff, codemeta.json and the PDFs'
   * metadata) and the digest of the data root in hand (the one a PDF built from it carries).
   */
  static final class Version implements CommandLine.IVersionProvider {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public String[] getVersion() {
      Main m = (Main) spec.root().userObject();
      java.nio.file.Path data = m.dataRoot();
      String shown = ftl.verify.Reproduction.displayName(m.archiveRoot(), data);
      String digest = java.nio.file.Files.isDirectory(data)
          ? ftl.verify.Reproduction.dataDigest(ftl.data.DataSet.scan(data, shown)) : "none (no data root at " + shown + ")";
      return new String[] {"ftl " + ftl.emit.ArchiveVersion.VERSION, "data digest " + digest + " (" + shown + ")"};
    }
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the CLI and returns the exit code (tests call this instead of {@link #main}). */
  public static int run(String... args) {
    CommandLine cl = commandLine();
    return cl.execute(args);
  }

  /** The configured command line, with error handling that never shows a user a stack trace for bad input. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.setUsageHelpWidth(110);
    cl.setExitCodeExceptionMapper(Main::exitCodeOf);
    cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
      int code = exitCodeOf(ex);
      if (code == ExitCode.INTERNAL) {
        cmd.getErr().println("ftl: internal error: " + ex);
        ex.printStackTrace(cmd.getErr());
      } else {
        cmd.getErr().println("ftl: " + ex.getMessage());
      }
      return code;
    });
    return cl;
  }

  static int exitCodeOf(Throwable ex) {
    if (ex instanceof DataException) {
      return ExitCode.BAD_DATA;
    }
    if (ex instanceof NotFoundException) {
      return ExitCode.NOT_FOUND;
    }
    if (ex instanceof CommandLine.ParameterException) {
      return ExitCode.USAGE;
    }
    if (ex instanceof HarnessFailure) {
      return ExitCode.HARNESS;
    }
    return ExitCode.INTERNAL;
  }
}
