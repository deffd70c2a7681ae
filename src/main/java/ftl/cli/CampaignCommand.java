package ftl.cli;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.ledger.Instrument;
import ftl.harness.campaign.CampaignRunner;
import ftl.harness.plan.PlanParser;
import ftl.harness.run.KafkaCluster;
import ftl.harness.system.NatsSystem;
import ftl.harness.system.SystemName;
import ftl.harness.system.SystemRun;
import ftl.report.CampaignReport;
import ftl.report.TrustRule;
import ftl.report.format.ReportText;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine;

/** {@code ftl campaign run | resume | smoke}: the instrument's campaign runner. */
@Command(name = "campaign", mixinStandardHelpOptions = true,
    description = {"Run a measurement campaign on a real Kafka broker (embedded by default).",
        "Writes plan.json, schedule.csv, ledger.csv (one row per run, appended atomically) and events/<run_id>.csv.gz.",
        "Plan schema: see the package doc of ftl.harness (src/main/java/ftl/harness/package-info.java)."},
    footer = ExitCode.HELP_FOOTER,
    subcommands = {CampaignCommand.Run.class, CampaignCommand.Resume.class, CampaignCommand.Smoke.class})
public final class CampaignCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE;
  }

  static int finish(CampaignRunner.Summary s) {
    if (s.failed() + s.aborted() > 0) {
      System.err.println("ftl: " + (s.failed() + s.aborted()) + " of " + s.ran()
          + " runs not ok (failed " + s.failed() + ", aborted " + s.aborted() + "); the ledger gives each reason");
      return ExitCode.HARNESS;
    }
    return ExitCode.OK;
  }

  static CampaignRunner runner(Main main, CommandLine.Model.CommandSpec spec, String bootstrap) {
    String list = bootstrap;
    if (bootstrap != null) {
      try {
        list = KafkaCluster.bootstrapList(bootstrap);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--bootstrap " + e.getMessage());
      }
    }
    return new CampaignRunner(main.archiveRoot(), list, System.err, System.console() != null);
  }

  /**
   * The runner for {@code plan} with the cluster options applied ({@link ClusterOptions#apply}: the client config read
   * and the cluster asked whether the plan fits it, before anything is written).
   */
  static CampaignRunner runner(Main main, CommandLine.Model.CommandSpec spec, ClusterOptions cluster, Path plan) {
    CampaignRunner r = runner(main, spec, cluster.bootstrap);
    cluster.apply(spec, PlanParser.read(plan), r, System.err);
    return r;
  }

  /**
   * Whether a campaign folder lies in the archive's data root ({@code data/} of the archive, or the {@code --data}
   * root): a campaign there is the archive's, run under its rules (plan committed in the folder before the first run,
   * the tree otherwise clean) and registered; anywhere else it is a practitioner's workspace (issue #54). Paths are
   * compared as the file system resolves them (links followed, as far as they exist).
   */
  static boolean inArchiveData(Main main, Path dir) {
    Path d = resolved(dir);
    for (Path root : List.of(main.archiveRoot().resolve("data"), main.dataRoot())) {
      Path r = resolved(root);
      if (d.startsWith(r) && !d.equals(r)) {
        return true;
      }
    }
    return false;
  }

  /** {@code p} absolute, with its longest existing ancestor's real path (links resolved) and the rest as written. */
  static Path resolved(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    Path existing = abs;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return abs;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
    } catch (IOException e) {
      return abs;
    }
  }

  /**
   * Refuses a workspace that is the archive itself or its data root: the runner writes {@code ledger.csv} and
   * {@code events/} into the folder (exit 5).
   */
  static void refuseArchiveFolders(Main main, Path dir) {
    Path d = resolved(dir);
    if (d.equals(resolved(main.archiveRoot())) || d.equals(resolved(main.archiveRoot().resolve("data")))
        || d.equals(resolved(main.dataRoot()))) {
      throw new HarnessFailure("refusing to write a campaign into " + d + ", the archive's own folder: give the plan a "
          + "folder of its own (the runner writes beside it), or name one with --out DIR");
    }
  }

  static CampaignRunner.Summary guarded(IoAction a) {
    try {
      return a.run();
    } catch (CampaignRunner.InstrumentException e) {
      throw new HarnessFailure(e.getMessage(), e);
    } catch (FileSystemException e) {
      // a file that cannot be written or read (an unwritable --out, a read-only mount, a full disk): exit 6 naming it
      throw new UncheckedIOException(e);
    } catch (IOException e) {
      throw new HarnessFailure("campaign I/O failed: " + e.getMessage(), e);
    }
  }

  interface IoAction {
    CampaignRunner.Summary run() throws IOException;
  }

  @Command(name = "run", mixinStandardHelpOptions = true,
      description = {"Run every condition x repeat of a plan in its seeded random order.",
          "Writes into the plan's folder, or --out DIR. A folder of the archive's data/ is a campaign of the archive:",
          "refused (exit 5) unless the plan is committed in it and the tree has no other uncommitted change, so",
          "every ledger row's git_commit names what ran. Any other folder is your workspace: git is optional, and",
          "the ledger records the plan's digest, ftl's version and build digest, the folder's git state where there",
          "is one, and registered=no (its plan's criteria give no confirmatory verdict)."}, footer =
          ExitCode.HELP_FOOTER)
  static final class Run implements Callable<Integer> {
    @ParentCommand CampaignCommand parent;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN", description = "plan.json")
    Path plan;

    @Option(names = "--out", paramLabel = "DIR", description = "Campaign folder (default: the plan's folder).")
    Path out;

    @CommandLine.Mixin ClusterOptions cluster;

    @Option(names = "--replay-inputs", paramLabel = "DIR",
        description =
        "Folder with the input files of the plan's replay schedules (a checkout of the upstream repository, "
            + "or the files themselves); each is checked against the plan's SHA-256, and each schedule regenerated "
            + "and checked.")
    Path replayInputs;

    @Override
    public Integer call() {
      if (!Files.exists(plan)) {
        throw new NotFoundException("no such plan file: " + plan);
      }
      Path abs = plan.toAbsolutePath().normalize();
      // the plan's folder (a plan that exists is a file, so it has one; the file itself only in theory)
      Path dir = out != null ? out : Objects.requireNonNullElse(abs.getParent(), abs);
      CampaignRunner r = runner(parent.main, spec, cluster, plan).replayInputs(replayInputs);
      boolean archive = inArchiveData(parent.main, dir);
      if (!archive) {
        refuseArchiveFolders(parent.main, dir);
      }
      r.requireCleanTree(archive);
      return finish(guarded(() -> r.run(plan, dir)));
    }
  }

  @Command(name = "resume", mixinStandardHelpOptions = true,
      description = {"Remove temp and orphan files left by an interrupted campaign, then run exactly the missing runs.",
          "A campaign of the archive's data/: refuses to start (exit 5) from a tree with uncommitted changes outside",
          "the campaign folder. A workspace anywhere else: git optional, as campaign run."},
      footer = ExitCode.HELP_FOOTER)
  static final class Resume implements Callable<Integer> {
    @ParentCommand CampaignCommand parent;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "Campaign folder (holds plan.json).")
    Path dir;

    @CommandLine.Mixin ClusterOptions cluster;

    @Option(names = "--replay-inputs", paramLabel = "DIR",
        description = "Folder with the input files of the plan's replay schedules (see campaign run --help).")
    Path replayInputs;

    @Override
    public Integer call() {
      if (!Files.isDirectory(dir)) {
        throw new NotFoundException("no such campaign folder: " + dir);
      }
      Path plan = dir.resolve("plan.json");
      boolean archive = inArchiveData(parent.main, dir);
      CampaignRunner r = (Files.isRegularFile(plan) ? runner(parent.main, spec, cluster, plan)
          : runner(parent.main, spec, cluster.bootstrap)).requireCleanTree(archive).replayInputs(replayInputs);
      return finish(guarded(() -> r.resume(dir)));
    }
  }

  @Command(name = "smoke", mixinStandardHelpOptions = true,
      description =
      {"Run the built-in smoke plan (five short runs, under two minutes), or --plan, on the embedded broker.",
          "Writes to scratch/smoke-<timestamp>/ unless --out is given; never into data/.",
          "Ends with ftl report of what it wrote: the figures, every trust rule and the verdict, and report's exit "
          + "code",
          "(0 trusted, 1 a rule that decides fails: all by default, --fail-on chooses as for ftl report; 5 when a run"
              + " failed)."},
      footer = ExitCode.HELP_FOOTER)
  static final class Smoke implements Callable<Integer> {
    @ParentCommand CampaignCommand parent;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Campaign folder (default: scratch/smoke-<timestamp>/).")
    Path out;

    @Option(names = "--plan", paramLabel = "PLAN", description =
        "Try this plan instead of the built-in one (still into scratch/, never data/; the tree need not be clean).")
    Path userPlan;

    @CommandLine.Mixin ClusterOptions cluster;

    @CommandLine.Mixin FailOnOption failOn;

    @CommandLine.ArgGroup(exclusive = false, heading = "%nOther systems (a quick look, no campaign folder):%n")
    SystemOptions other;

    /** The words of {@code --system}, from the one vocabulary ({@link Instrument#systemWords()}). */
    static final class SystemWords implements Iterable<String> {
      @Override
      public java.util.Iterator<String> iterator() {
        return Instrument.systemWords().iterator();
      }
    }

    /** {@code --system rabbitmq|nats} and what goes with it (issue 29: the instrument's run loop on other systems). */
    static final class SystemOptions {
      @Option(names = "--system", required = true, paramLabel = "SYSTEM", completionCandidates = SystemWords.class,
          description =
          "${COMPLETION-CANDIDATES}: start the system's server in scratch/<system>-<timestamp>/ (or use --url), "
              + "run the instrument's system-neutral loop --runs times and print median flight T, displacement D, "
              + "ack-referenced span A and the negative-A count per run and pooled. Without --system: the smoke plan.")
      String system;

      @Option(names = "--url", paramLabel = "URL",
          description = "An existing server: host:port (kafka), amqp://user:pass@host:port/vhost or nats://host:port.")
      String url;

      @Option(names = "--server-binary", paramLabel = "PATH",
          description = "The server to start (default: /usr/lib/rabbitmq/bin/rabbitmq-server, /usr/sbin/nats-server).")
      Path serverBinary;

      @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Runs (default: ${DEFAULT-VALUE}).")
      int runs;

      @Option(names = "--events", paramLabel = "N", defaultValue = "" + SystemRun.Settings.SMOKE_EVENTS, description =
          "Measured events per run (default: ${DEFAULT-VALUE}).")
      int events;

      @Option(names = "--warmup", paramLabel = "N", defaultValue =
          "" + SystemRun.Settings.SMOKE_WARMUP_EVENTS, description =
          "Warm-up sends per run (default: ${DEFAULT-VALUE}).")
      int warmup;

      @Option(names = "--interval", paramLabel = "DUR", defaultValue = "1ms", description =
          "Send interval (default: ${DEFAULT-VALUE}).")
      String interval;

      @Option(names = "--persistent", description =
          "rabbitmq: persistent messages on a durable classic queue (default: transient messages on a classic "
          + "queue, as PerfTest publishes by default; OMB's shipped driver declares a durable quorum queue instead: "
          + "queue_type quorum in a plan).")
      boolean persistent;

      @Option(names = "--nats-ack", paramLabel = "PATH", defaultValue = "reply",
          description =
          "nats: where the ack stamp is taken: reply (a dispatcher on each message's reply subject, default) "
              + "or future (publishAsync's future, whose callback runs late on the sender when the PubAck came first).")
      String natsAck;
    }

    @Override
    public Integer call() throws IOException {
      Path root = parent.main.archiveRoot();
      String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT).withZone(ZoneOffset.UTC)
          .format(Instant.now());
      if (other != null) {
        if (failOn.given()) {
          throw new CommandLine.ParameterException(spec.commandLine(),
              "--fail-on judges the smoke plan's campaign folder; --system writes none and gives no verdict");
        }
        return otherSystem(root, stamp);
      }
      Set<TrustRule> deciding = failOn.rules(); // an unknown rule is refused before anything runs
      Path dir = out != null ? out : root.resolve("scratch").resolve("smoke-" + stamp);
      if (inArchiveData(parent.main, dir)) {
        throw new HarnessFailure("refusing to write a smoke campaign into " + resolved(dir)
            + ", in the archive's data/: a campaign of the archive is run with 'ftl campaign run' under its rules "
            + "(plan committed first)");
      }
      if (userPlan != null) {
        if (!Files.isRegularFile(userPlan)) {
          throw new NotFoundException("no such plan file: " + userPlan);
        }
        // the user's own file, read once by the runner: every message about the plan names it (issue 43), never a copy
        CampaignRunner r = runner(parent.main, spec, cluster, userPlan);
        int code = finish(guarded(() -> r.run(userPlan, dir)));
        System.err.println("ftl: smoke campaign written to " + dir);
        return withVerdict(code, dir, deciding);
      }
      Path plan = Files.createTempFile("ftl-smoke-plan", ".json");
      try {
        try (InputStream in = CampaignRunner.class.getResourceAsStream("/ftl/harness/smoke-plan.json")) {
          if (in == null) {
            throw new DataException("ftl/harness/smoke-plan.json", 0, "built-in smoke plan missing from the classpath");
          }
          Files.write(plan, in.readAllBytes());
        }
        CampaignRunner r = runner(parent.main, spec, cluster, plan);
        int code = finish(guarded(() -> r.run(plan, dir)));
        System.err.println("ftl: smoke campaign written to " + dir);
        return withVerdict(code, dir, deciding);
      } finally {
        Files.deleteIfExists(plan);
      }
    }

    /**
     * The smoke's end (issue #54): {@code ftl report} of the folder it wrote, the rules {@code deciding} deciding
     * ({@code --fail-on}, every rule by default), printed on standard output, and its exit code (0 trusted, 1 a rule
     * that decides fails); an instrument failure's exit code ({@code code}, 5) stands.
     */
    static int withVerdict(int code, Path dir, Set<TrustRule> deciding) {
      Path abs = dir.toAbsolutePath().normalize();
      if (!Files.isRegularFile(abs.resolve("ledger.csv"))) {
        return code;
      }
      CampaignReport report = CampaignReport.of(DataSet.campaignAt(abs, ReportCommand.displayParent(dir, abs)),
          deciding);
      System.out.println();
      System.out.print(ReportText.render(report));
      System.out.flush();
      return code != ExitCode.OK ? code : report.trusted() ? ExitCode.OK : ExitCode.DISAGREE;
    }

    private int otherSystem(Path root, String stamp) {
      SystemName name;
      SystemRun.Settings settings;
      try {
        name = SystemName.of(other.system);
        settings = SystemRun.Settings.DEFAULTS.withWarmupEvents(other.warmup).withEvents(other.events)
            .withSendIntervalNanos(DurationParser.nanos(other.interval));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
      }
      if (name == SystemName.KAFKA && other.url != null) {
        try {
          KafkaCluster.bootstrapList(other.url);
        } catch (IllegalArgumentException e) {
          throw new CommandLine.ParameterException(spec.commandLine(), "--url for kafka " + e.getMessage());
        }
      }
      if (other.runs < 1) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--runs must be at least 1 (was " + other.runs
            + ")");
      }
      Path scratch = out != null ? out : root.resolve("scratch").resolve(name + "-" + stamp);
      NatsSystem.AckPath ackPath = switch (other.natsAck) {
        case "reply" -> NatsSystem.AckPath.REPLY_HANDLER;
        case "future" -> NatsSystem.AckPath.FUTURE;
        default -> throw new CommandLine.ParameterException(spec.commandLine(),
            "--nats-ack must be reply or future (was \"" + other.natsAck + "\")");
      };
      return SystemSmoke.run(new SystemSmoke.Request(name, other.url, other.serverBinary, scratch, other.runs, settings,
          other.persistent, ackPath), System.out, System.err);
    }
  }
}
