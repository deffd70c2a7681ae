package ftl.cli;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.emit.ArchiveVersion;
import ftl.verify.Reproduction;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** Entry point of {@code ./ftl}. */
@Command(name = "ftl", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Reproducibility archive of \"Faster Than Light, According to the Arithmetic\": "
        + "recompute every number of the paper from data/, check it, and run the instrument.",
    footer = ExitCode.HELP_FOOTER,
    subcommands = {
        ReproduceCommand.class, ListCommand.class, CheckCommand.class, CheckPdfCommand.class, AuditCommand.class,
        ManifestCommand.class,
        GridlawCommand.class, ReplayScheduleCommand.class, ReportCommand.class, CampaignCommand.class,
        BrokerCommand.class,
        DoctorCommand.class,
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
   * The data root to read: as {@link #dataRoot()}, after checking that a {@code --data} names an existing
   * folder (the archive's own {@code data/} may be absent: then there is no campaign data).
   *
   * @throws NotFoundException when {@code --data} names nothing, or a file rather than a folder
   */
  public Path readableDataRoot() {
    Path d = dataRoot();
    if (dataRoot != null && !Files.isDirectory(d)) {
      throw new NotFoundException("--data " + Echo.of(dataRoot.toString()) + ": "
          + (Files.exists(d) ? "not a folder" : "no such folder"));
    }
    return d;
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
      Path data = m.dataRoot();
      String shown = Reproduction.displayName(m.archiveRoot(), data);
      String digest = Files.isDirectory(data)
          ? Reproduction.dataDigest(DataSet.scan(data, shown,
          Reproduction.declared(m.archiveRoot(), data))) : "none (no data root at " + shown + ")";
      return new String[] {"ftl " + ArchiveVersion.VERSION, "data digest " + digest + " (" + shown + ")"};
    }
  }

  public static void main(String[] args) {
    // before anything can print (a library's logger keeps the stream it finds): controls are shown as escapes
    System.setOut(TerminalStream.wrap(System.out));
    System.setErr(TerminalStream.wrap(System.err));
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
    // "check @/etc/passwd" is an argument, not a file of arguments to read
    cl.setExpandAtFiles(false);
    // the help is plain text: no colour codes (which the terminal filter would show as escapes)
    cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
    wholeSummaries(cl);
    // whatever a command prints to standard output and error passes the terminal filter (ftl.cli.TerminalStream)
    cl.setExecutionStrategy(parsed -> {
      PrintStream out = System.out;
      PrintStream err = System.err;
      System.setOut(TerminalStream.wrap(out));
      System.setErr(TerminalStream.wrap(err));
      try {
        return new CommandLine.RunLast().execute(parsed);
      } finally {
        System.out.flush();
        System.err.flush();
        System.setOut(out);
        System.setErr(err);
      }
    });
    cl.setParameterExceptionHandler((ex, args) -> {
      // picocli's own handler echoes the argument as it came: a usage error is printed through Echo like any other
      CommandLine c = ex.getCommandLine();
      c.getErr().println("ftl: " + Echo.clean(ex.getMessage()));
      if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, c.getErr())) {
        c.getErr().println("Try '" + Echo.of(c.getCommandSpec().qualifiedName()) + " --help' for more information.");
      }
      return c.getExitCodeExceptionMapper() != null ? c.getExitCodeExceptionMapper().getExitCode(ex) : ExitCode.USAGE;
    });
    cl.setExitCodeExceptionMapper(Main::exitCodeOf);
    cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
      int code = exitCodeOf(ex);
      if (code == ExitCode.INTERNAL) {
        cmd.getErr().println("ftl: internal error: " + Echo.clean(String.valueOf(ex)));
        ex.printStackTrace(cmd.getErr());
      } else if (code == ExitCode.IO) {
        cmd.getErr().println("ftl: " + ioMessage(ex));
      } else {
        cmd.getErr().println("ftl: " + Echo.clean(ex.getMessage()));
      }
      return code;
    });
    return cl;
  }

  /**
   * Every command list (the root's and that of each command with subcommands) shows each subcommand by its first
   * sentence, whole and wrapped: picocli's own list shows only the first line of a description, which cut summaries
   * in the middle of a sentence (issue #54).
   */
  static void wholeSummaries(CommandLine cl) {
    if (!cl.getSubcommands().isEmpty()) {
      cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, Main::commandList);
    }
    cl.getSubcommands().values().stream().distinct().forEach(Main::wholeSummaries);
  }

  /** The command list of a help: each subcommand's names, then its {@link #summary} wrapped in a second column. */
  static String commandList(CommandLine.Help help) {
    Map<String, CommandLine.Help> subcommands = help.subcommands();
    if (subcommands.isEmpty()) {
      return "";
    }
    int names = 0;
    for (CommandLine.Help h : subcommands.values()) {
      names = Math.max(names, h.commandNamesText(", ").toString().length());
    }
    int width = help.commandSpec().usageMessage().width();
    CommandLine.Help.TextTable table = CommandLine.Help.TextTable.forColumns(help.colorScheme(),
        new CommandLine.Help.Column(names + 2, 2, CommandLine.Help.Column.Overflow.SPAN),
        new CommandLine.Help.Column(width - (names + 2), 2, CommandLine.Help.Column.Overflow.WRAP));
    for (CommandLine.Help h : new LinkedHashSet<>(subcommands.values())) {
      table.addRowValues(h.commandNamesText(", "), help.colorScheme().text(summary(h.commandSpec().usageMessage())));
    }
    return table.toString();
  }

  /**
   * A command's summary: its header when it declares one, else the first sentence of its description (the lines joined,
   * up to the first {@link #SENTENCE_END}, or the end), so it is never cut mid-sentence.
   */
  static String summary(CommandLine.Model.UsageMessageSpec usage) {
    if (usage.header().length > 0) {
      return String.format(Locale.ROOT, usage.header()[0]);
    }
    String text = String.format(Locale.ROOT, String.join(" ", usage.description())).replaceAll("\\s+", " ").strip();
    Matcher end = SENTENCE_END.matcher(text);
    return end.find() ? text.substring(0, end.start() + 1) : text;
  }

  /**
   * The end of a sentence inside a text: a full stop, a space, then anything but a lower-case letter (a capital, an
   * option such as {@code --json}); "e.g. one" goes on.
   */
  private static final Pattern SENTENCE_END = Pattern.compile("\\.(?= [^a-z])");

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
    if (ioCause(ex) != null) {
      return ExitCode.IO;
    }
    return ExitCode.INTERNAL;
  }

  /**
   * The I/O failure behind an exception, or null: an {@link java.io.IOException} (thrown, or wrapped in an
   * {@link java.io.UncheckedIOException}) or a path the system cannot name ({@link java.nio.file.InvalidPathException},
   * a NUL in a file name). Readers of data turn their I/O failures into {@link DataException}s; what reaches here is
   * the environment's (a read-only checkout, a full disk, a folder named as an output file), not a bug.
   */
  static Throwable ioCause(Throwable ex) {
    if (ex instanceof IOException || ex instanceof InvalidPathException) {
      return ex;
    }
    if (ex instanceof UncheckedIOException u) {
      return u.getCause();
    }
    return null;
  }

  /** An I/O failure as one inert line: the path and the system's reason. */
  static String ioMessage(Throwable ex) {
    Throwable io = ioCause(ex);
    String what;
    if (io instanceof AccessDeniedException a) {
      what = a.getFile() + ": permission denied (a read-only checkout or folder?)";
    } else if (io instanceof NoSuchFileException n) {
      what = n.getFile() + ": no such file or folder";
    } else if (io instanceof FileAlreadyExistsException f) {
      what = f.getFile() + ": already exists";
    } else if (io instanceof FileSystemException f && f.getReason() != null) {
      what = f.getFile() + ": " + f.getReason();
    } else {
      what = String.valueOf(io.getMessage());
    }
    return "cannot write or read a file: " + Echo.clean(what);
  }
}
