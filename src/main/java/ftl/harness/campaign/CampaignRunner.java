package ftl.harness.campaign;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.data.registration.PlanDigest;
import ftl.harness.broker.EmbeddedBroker;
import ftl.harness.broker.EmbeddedCluster;
import ftl.harness.wire.RunCapture;
import ftl.harness.wire.WireCapture;
import ftl.harness.host.ClockSource;
import ftl.harness.host.Commands;
import ftl.harness.host.HostCheck;
import ftl.harness.host.HostFacts;
import ftl.harness.host.LocalListeners;
import ftl.harness.plan.Condition;
import ftl.harness.plan.ConditionDefaults;
import ftl.harness.plan.ConditionField;
import ftl.harness.plan.Plan;
import ftl.harness.plan.PlanParser;
import ftl.harness.plan.ReplaySpec;
import ftl.harness.replay.SendSchedule;
import ftl.harness.run.KafkaCluster;
import ftl.harness.run.KafkaRun;
import ftl.harness.run.FinishedRun;
import ftl.harness.run.StampBook;
import ftl.harness.system.KafkaSystem;
import ftl.harness.system.MessagingSystem;
import ftl.harness.system.SystemCampaignRun;
import ftl.harness.system.SystemName;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs the missing runs of a campaign folder in schedule order, one ledger row per run (see
 * {@link CampaignFolder} for the write order that makes a kill at any instant recoverable).
 */
public final class CampaignRunner {

  /** Thrown when the instrument cannot go on (the broker does not start); the runs done so far are kept. */
  public static final class InstrumentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InstrumentException(String message, Throwable cause) { super(message, cause); }
  }

  /** Hooks for tests: called on the runner thread around each run. */
  public interface Listener {
    default void runStarting(Plan.ScheduledRun run, KafkaRun.BrokerHandle broker) {}

    default void runFinished(Plan.ScheduledRun run, FinishedRun outcome) {}
  }

  /** Counts of one invocation. */
  public record Summary(int planned, int alreadyDone, int ok, int failed, int aborted, List<String> cleaned) {
    public Summary {
      cleaned = List.copyOf(cleaned);
    }

    public int ran() { return ok + failed + aborted; }
  }

  /**
   * The instrument warm-up run after every (re)start of the embedded broker, and once per campaign on an
   * external cluster: {@value #WARMUP_EVENTS} events at {@value #WARMUP_INTERVAL_NANOS} ns through the same
   * code paths as a measured run (discarded; the count is in the ledger as {@code instrument_warmup_events}).
   * On the 2-core guest both JVMs spend their first minutes in C2 compilation and the first runs after a
   * broker start show flights of tens of ms that shrink run after run; this warm-up shortens that only a
   * little (a 50 µs warm-up overloaded the host: flights of about 0.8 s). Real campaigns should plan
   * generous per-run warm-ups and check flights against run order.
   */
  public static final int WARMUP_EVENTS = 40_000;
  public static final long WARMUP_INTERVAL_NANOS = 500_000L;

  /**
   * The condition of the instrument warm-up: {@link #WARMUP_EVENTS} sends every {@link #WARMUP_INTERVAL_NANOS}, every
   * other field at its declared default ({@link ftl.harness.plan.ConditionDefaults}): no warm-up of its own, one
   * run, no manipulation.
   */
  static Condition warmupCondition() {
    return warmupCondition(WARMUP_EVENTS);
  }

  /** The instrument warm-up's condition with {@code events} sends ({@link #instrumentWarmupEvents}). */
  static Condition warmupCondition(int events) {
    return Condition.named("instrument-warmup").sendIntervalNanos(WARMUP_INTERVAL_NANOS).events(events).build();
  }

  /** The window of the host check printed before the first run ({@link HostCheck#sample}), ms. */
  static final long HOST_CHECK_MILLIS = 500;

  private final Path archiveRoot;
  private final String externalBootstrap;
  private final PrintStream err;
  private final boolean inPlace;
  private Listener listener = new Listener() {};
  private KafkaCluster externalCluster;
  private final ClockSource clockSource = ClockSource.SYSTEM;
  private Path scratchRoot;
  private Path replayInputs;
  private boolean requireCleanTree;
  private int instrumentWarmupEvents = WARMUP_EVENTS;
  private java.util.function.Supplier<String> bootId = CampaignRunner::currentBoot;

  /** The host's boot ({@code /proc/sys/kernel/random/boot_id}), "unknown" where it cannot be read. */
  static String currentBoot() {
    String s = HostFacts.readBootId();
    return s.matches("[0-9a-f-]{1,64}") ? s : "unknown";
  }

  /** Tests: the boot a stratified plan's stratum is taken on (default: the host's). */
  CampaignRunner bootId(java.util.function.Supplier<String> boot) {
    this.bootId = boot;
    return this;
  }

  /**
   * @param archiveRoot        where {@code scratch/} is and where git is asked for the commit
   * @param externalBootstrap  {@code host:port} of an existing cluster, or null for the embedded broker
   * @param err                where progress and run summaries go (stderr)
   * @param inPlace            redraw the progress line in place (a terminal)
   */
  public CampaignRunner(Path archiveRoot, String externalBootstrap, PrintStream err, boolean inPlace) {
    this.archiveRoot = archiveRoot.toAbsolutePath().normalize();
    this.externalBootstrap = externalBootstrap;
    this.err = err;
    this.inPlace = inPlace;
    this.scratchRoot = this.archiveRoot.resolve("scratch");
  }

  /**
   * The external cluster's client settings and existing topic ({@code --client-config}, {@code --topic}), which every
   * Kafka run and warm-up against {@code externalBootstrap} uses; the caller checked it against the plan
   * ({@link KafkaCluster#check}) before anything was written.
   */
  public CampaignRunner externalCluster(KafkaCluster cluster) {
    this.externalCluster = cluster;
    return this;
  }

  public CampaignRunner listener(Listener l) {
    this.listener = l;
    return this;
  }

  /**
   * Refuse to start unless the archive is a git work tree without changes (tracked or untracked, ignored files
   * aside) outside the campaign folder, and the campaign's {@code plan.json} is committed as it is: then every
   * ledger row's {@code git_commit} names exactly the code and plan that ran. {@code ftl campaign run} and
   * {@code resume} require it; the smoke campaign and tests do not.
   */
  public CampaignRunner requireCleanTree(boolean require) {
    this.requireCleanTree = require;
    return this;
  }

  /**
   * What makes the tree unfit to run from, or an empty list: each change outside {@code campaignDir} as git
   * prints it ({@code "M src/..."}, {@code "?? notes.txt"}), and the plan when it is not committed unchanged.
   */
  static List<String> treeProblems(Path archiveRoot, Path campaignDir) {
    Commands.Result top = Commands.run(List.of("git", "-C", archiveRoot.toString(), "rev-parse", "--show-toplevel"));
    if (!top.ok()) {
      return List.of("not a git work tree (" + top.output() + ")");
    }
    Path root = Path.of(top.output()).toAbsolutePath().normalize();
    Path dir = campaignDir.toAbsolutePath().normalize();
    List<String> problems = new ArrayList<>();
    String rel = dir.startsWith(root) ? root.relativize(dir).toString() : null;
    List<String> argv = new ArrayList<>(List.of("git", "-C", root.toString(), "status", "--porcelain",
        "--untracked-files=all", "--", "."));
    if (rel != null && !rel.isEmpty()) {
      argv.add(":(exclude)" + rel);
    }
    Commands.Result st = Commands.run(argv);
    if (!st.ok()) {
      return List.of("git status failed: " + st.output());
    }
    st.output().lines().filter(l -> !l.isBlank()).map(String::strip).forEach(problems::add);
    if (rel == null) {
      problems.add("the campaign folder " + dir + " is outside the git work tree " + root);
    } else {
      String plan = (rel.isEmpty() ? "" : rel + "/") + EventFormat.PLAN_FILE;
      Commands.Result tracked = Commands.run(List.of("git", "-C", root.toString(), "ls-files", "--error-unmatch", "--",
          plan));
      Commands.Result changed = Commands.run(List.of("git", "-C", root.toString(), "status", "--porcelain", "--",
          plan));
      if (!tracked.ok()) {
        problems.add(plan + " is not committed (a plan is committed before its first run)");
      } else if (!changed.output().isEmpty()) {
        problems.add(plan + " differs from its committed version");
      }
    }
    return problems;
  }

  private void checkTree(Path campaignDir) {
    if (!requireCleanTree) {
      return;
    }
    List<String> problems = treeProblems(archiveRoot, campaignDir);
    if (!problems.isEmpty()) {
      throw new InstrumentException("refusing to run from a tree with uncommitted changes (commit them first, so that "
          + "git_commit names what ran): " + String.join("; ", problems.subList(0, Math.min(12, problems.size())))
          + (problems.size() > 12 ? "; ... " + (problems.size() - 12) + " more" : ""), null);
    }
  }

  /**
   * Sends of the instrument warm-up after each broker start (default {@value #WARMUP_EVENTS}; the ledger records what
   * was sent as {@code instrument_warmup_events}). Tests shorten it; campaigns keep the default.
   */
  public CampaignRunner instrumentWarmupEvents(int events) {
    if (events < 1 || events > 10_000_000) {
      throw new IllegalArgumentException("instrument warm-up events must be 1..10000000: " + events);
    }
    this.instrumentWarmupEvents = events;
    return this;
  }

  /** Where embedded brokers get their {@code broker-<timestamp>/} folders (default {@code <archive>/scratch}). */
  public CampaignRunner scratchRoot(Path dir) {
    this.scratchRoot = dir.toAbsolutePath().normalize();
    return this;
  }

  /**
   * Where the input files of a plan's replay schedules are (see {@link ReplaySchedules#resolve}); null = none given.
   */
  public CampaignRunner replayInputs(Path dir) {
    this.replayInputs = dir == null ? null : dir.toAbsolutePath().normalize();
    return this;
  }

  /**
   * Starts a campaign in {@code out}: copies the plan there ({@code plan.json}) and its schedule
   * ({@code schedule.csv}), then runs everything. A folder that already has ledger rows is refused (resume it).
   */
  public Summary run(Path planFile, Path out) throws IOException {
    byte[] planBytes = readPlanBytes(planFile);
    Plan plan = PlanParser.parse(planFile.toString(), planBytes);
    CampaignFolder folder = new CampaignFolder(out);
    folder.refuseLinks(); // nothing read, written or deleted through a link (issue 58)
    if (plan.strata() == null && Files.exists(folder.ledgerFile()) && !folder.ledger().rows().isEmpty()) {
      throw new DataException(folder.ledgerFile(), 0, "the campaign folder already has runs: 'ftl campaign resume "
          + out
          + "' runs those its schedule still misses, and 'ftl campaign run PLAN --out DIR' starts a new campaign in "
          + "DIR");
    }
    if (Files.exists(folder.planFile()) && !Arrays.equals(Files.readAllBytes(folder.planFile()), planBytes)) {
      throw new DataException(folder.planFile(), 0, "the campaign folder holds a different plan.json than " + planFile);
    }
    if (requireCleanTree && !Files.exists(folder.planFile())) {
      throw new InstrumentException("refusing to run: " + folder.planFile()
          + " does not exist; put the plan in the campaign folder and commit it before the first run "
          + "(pre-registration)", null);
    }
    checkTree(out);
    Files.createDirectories(folder.eventsDir());
    if (!Files.exists(folder.planFile())) {
      AtomicFiles.write(folder.planFile(), planBytes);
    }
    return execute(plan, folder, false);
  }

  /** Runs exactly the runs of {@code dir}'s schedule that its ledger lacks, after removing temp and orphan files. */
  public Summary resume(Path dir) throws IOException {
    CampaignFolder folder = new CampaignFolder(dir);
    if (!Files.isDirectory(folder.dir())) {
      throw new DataException(folder.dir(), 0, "no such campaign folder");
    }
    folder.refuseLinks(); // nothing read, written or deleted through a link (issue 58)
    if (!Files.exists(folder.planFile())) {
      throw new DataException(folder.planFile(), 0, "no plan.json: cannot know which runs are missing");
    }
    Plan plan = PlanParser.read(folder.planFile());
    checkTree(dir);
    Files.createDirectories(folder.eventsDir());
    return execute(plan, folder, true);
  }

  private static byte[] readPlanBytes(Path planFile) {
    try {
      return Files.readAllBytes(planFile);
    } catch (NoSuchFileException e) {
      throw new DataException(planFile, 0, "no such plan file");
    } catch (IOException e) {
      throw new DataException(planFile.toString(), 0, "cannot read plan: " + e.getMessage(), e);
    }
  }

  /**
   * The schedule as written to {@code schedule.csv} by a plan without blocks (the bytes every campaign before blocks
   * has).
   */
  static String scheduleCsv(List<Plan.ScheduledRun> schedule) {
    return scheduleCsv(schedule, false);
  }

  /**
   * The schedule as written to {@code schedule.csv}: {@code run_id,condition,repeat,order_index}, and with blocks a
   * fifth column {@code block} (1-based), one row per run in execution order.
   */
  static String scheduleCsv(List<Plan.ScheduledRun> schedule, boolean blocked) {
    StringBuilder s = new StringBuilder(blocked ? "run_id,condition,repeat,order_index,block\n"
        : "run_id,condition,repeat,order_index\n");
    for (Plan.ScheduledRun r : schedule) {
      s.append(r.runId()).append(',').append(r.condition().name()).append(',').append(r.repeat()).append(',')
          .append(r.orderIndex());
      if (blocked) {
        s.append(',').append(r.block());
      }
      s.append('\n');
    }
    return s.toString();
  }

  /**
   * Refuses a plan whose largest run's stamp arrays ({@link ftl.harness.run.StampBook#bytesFor}: warm-up slots, which
   * are {@code max_events} under stable_flights, plus measured events) would take more than half of
   * {@code maxHeapBytes}: better refused before the first run than an {@code OutOfMemoryError} in the middle.
   */
  static void checkStampMemory(Plan plan, long maxHeapBytes) {
    for (Condition c : plan.conditions()) {
      long bytes = StampBook.bytesFor(c.warmupEvents(), c.events());
      if (bytes > maxHeapBytes / 2) {
        throw new InstrumentException(String.format(Locale.ROOT,
            "condition %s needs %.0f MB of stamp arrays (%d warm-up "
            + "slots + %d events x %d bytes), more than half of the JVM's %.0f MB heap: give it more "
            + "(FTL_JAVA_OPTS=-Xmx...) or plan fewer events per run", c.name(), bytes / 1e6, c.warmupEvents(),
            c.events(),
            StampBook.BYTES_PER_SLOT, maxHeapBytes / 1e6), null);
      }
    }
  }

  /**
   * The runs of {@code schedule} whose id is not in {@code done}, in schedule order.
   *
   * @throws DataException when the ledger names a run the schedule does not have
   */
  static List<Plan.ScheduledRun> missingRuns(List<Plan.ScheduledRun> schedule, Set<String> done, Path ledgerFile) {
    List<Plan.ScheduledRun> missing = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (Plan.ScheduledRun r : schedule) {
      ids.add(r.runId());
      if (!done.contains(r.runId())) {
        missing.add(r);
      }
    }
    for (String id : done) {
      if (!ids.contains(id)) {
        throw new DataException(ledgerFile, 0, "run " + id + " is not in the plan's schedule");
      }
    }
    return missing;
  }

  private Summary execute(Plan plan, CampaignFolder folder, boolean resuming) throws IOException {
    checkStampMemory(plan, Runtime.getRuntime().maxMemory());
    // one runner per campaign folder: the operating system releases the lock when this process dies, however it dies
    try (AutoCloseable lock = folder.lock()) {
      return executeLocked(plan, folder, resuming);
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("cannot release the lock of " + folder.dir() + ": " + e.getMessage(), e);
    }
  }

  /**
   * What one invocation runs: the campaign's whole schedule (every stratum's, for a stratified plan), the runs to do
   * now in order, the clock source each is planned under ("" for none) and the stratum they belong to (0 for a campaign
   * run once).
   */
  record Prepared(List<Plan.ScheduledRun> schedule, List<Plan.ScheduledRun> toRun, Map<Integer, String> clockOfBlock,
                          int stratum) {
    String clockOf(Plan plan, Plan.ScheduledRun r) {
      return stratum > 0 ? clockOfBlock.getOrDefault(r.block(), "") : plannedClocksource(plan, r);
    }
  }

  private Summary executeLocked(Plan plan, CampaignFolder folder, boolean resuming) throws IOException {
    List<Plan.ScheduledRun> single = null;
    if (plan.strata() == null) {
      single = plan.schedule();
      String csv = scheduleCsv(single, plan.blocked());
      if (Files.exists(folder.scheduleFile())) {
        if (!Files.readString(folder.scheduleFile(), StandardCharsets.UTF_8).equals(csv)) {
          throw new DataException(folder.scheduleFile(), 0,
              "does not match the schedule of plan.json (seed or conditions changed)");
        }
      } else {
        AtomicFiles.write(folder.scheduleFile(), csv.getBytes(StandardCharsets.UTF_8));
      }
    }
    List<String> cleaned = folder.clean();
    for (String c : cleaned) {
      err.println("ftl: removed " + c + " (left by an interrupted run)");
    }
    Ledger ledger = folder.ledger();
    Set<String> done = ledger.runIds();
    Prepared prepared;
    if (single != null) {
      prepared = new Prepared(single, missingRuns(single, done, folder.ledgerFile()), Map.of(), 0);
    } else {
      prepared = StratumScheduleFile.prepare(plan, folder, done, resuming,
          new StratumScheduleFile.Boot(bootId.get(), clockSource.available()), err);
    }
    List<Plan.ScheduledRun> schedule = prepared.schedule();
    List<Plan.ScheduledRun> missing = prepared.toRun();
    if (missing.isEmpty()) {
      err.println("ftl: campaign " + plan.campaign() + ": all " + schedule.size()
          + " runs are in the ledger; nothing to do");
      return new Summary(schedule.size(), done.size(), 0, 0, 0, cleaned);
    }
    refuseClocksNotOffered(missing.stream().map(r -> prepared.clockOf(plan, r)).filter(c -> !c.isEmpty()).distinct()
        .toList(),
        clockSource);
    String planSha256 = PlanDigest.of(Files.readAllBytes(folder.planFile()));
    List<String> digests = ledger.rows().stream().map(m -> m.getOrDefault(LedgerSchema.PLAN_SHA256.name(), ""))
        .toList();
    int other = PlanDigest.firstOtherDigest(digests, planSha256);
    if (other >= 0) {
      // the header is line 1, the first row line 2
      throw new DataException(folder.ledgerFile().toString(), other + 2L,
          "refusing to append: this run was taken under "
          + (digests.get(other).isEmpty() ? "no plan digest" : "plan digest " + digests.get(other)) + ", and "
          + folder.planFile() + " now has SHA-256 " + planSha256 + " (one ledger is taken under one plan)", null);
    }
    Set<String> needed = new TreeSet<>();
    for (Plan.ScheduledRun r : missing) {
      ReplaySpec.Schedule sp = plan.scheduleFor(r.condition());
      if (sp != null) {
        needed.add(sp.id());
      }
    }
    Map<String, SendSchedule> schedules = ReplaySchedules.resolve(plan, folder.planFile().toString(), replayInputs,
        needed);
    for (Map.Entry<String, SendSchedule> e : schedules.entrySet()) {
      err.println("ftl: schedule " + e.getKey() + ": regenerated, " + e.getValue().size() + " sends, SHA-256 "
          + e.getValue().sha256() + " as the plan records");
    }
    HostFacts host = HostFacts.read(archiveRoot);
    // registered in the archive only under its rules (a folder of its data/, plan committed, tree clean): issue #54
    RunOrigin origin = RunOrigin.of(folder.dir(), requireCleanTree);
    if (!requireCleanTree) {
      err.println("ftl: workspace " + folder.dir() + ": unregistered (plan SHA-256 " + planSha256 + ", ftl "
          + origin.ftlVersion() + ", build " + (origin.buildSha256().isEmpty() ? "digest unreadable"
          : origin.buildSha256()
          .substring(0, 12)) + ", " + (origin.workspaceCommit().isEmpty() ? "not in git" : "git "
          + origin.workspaceCommit()
          .substring(0, 12) + (origin.workspaceDirty().equals(RunOrigin.YES) ? " with changes" : "")) + ")");
    }
    // the host check of ftl doctor, as one line (issue #54); the ledger records it whole, run by run
    try {
      err.println("ftl: host: " + HostCheck.sample(host, HOST_CHECK_MILLIS).oneLine());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InstrumentException("interrupted while checking the host", e);
    }
    long paced = 0;
    long planned = 0;
    for (Plan.ScheduledRun r : missing) {
      paced += (r.condition().events() + plan.warmupFloorEvents(r.condition())) * r.condition().sendIntervalNanos();
      planned += r.condition().events();
    }
    Progress progress = new Progress(err, inPlace, missing.size(), planned, paced);
    err.println("ftl: campaign " + plan.campaign() + ": " + missing.size() + " of " + schedule.size()
        + " runs to do, into " + folder.dir());
    if (plan.blocked()) {
      err.println(DesignLine.of(plan.blocks()));
    }
    int ok = 0;
    int failed = 0;
    int aborted = 0;
    BrokerSlot broker = new BrokerSlot(lifetimesInLedger(ledger.rows(), folder.ledgerFile()), plan.brokers());
    ServerSlot server = new ServerSlot(plan.system(), lifetimesInLedger(ledger.rows(), folder.ledgerFile()));
    ClockSwitch clock = new ClockSwitch(clockSource, err);
    Thread hook = new Thread(() -> {
      broker.close();
      server.close();
      clock.restore();
    }, "ftl-broker-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    int block = -1;
    try {
      for (Plan.ScheduledRun r : missing) {
        if (plan.blocked() && r.block() != block) {
          if (block >= 0) {
            // a block boundary: the next block runs on a freshly started broker (a new broker lifetime)
            broker.newLifetime();
            server.newLifetime();
          }
          block = r.block();
          err.println("ftl: block " + block + " of " + plan.blocks());
        }
        String plannedClock = prepared.clockOf(plan, r);
        if (!plannedClock.isEmpty() && !plannedClock.equals(clock.current())) {
          // the clock source changes only while no broker runs: every stamp of a broker lifetime is on one clock
          broker.newLifetime();
          server.newLifetime();
          clock.apply(plannedClock);
        }
        WarmHandle handle = plan.onKafka() ? broker.ensure(followerWaitOf(r.condition()), plan.clusterWarmupSeconds())
            : server.ensure();
        progress.starting(r.runId(), r.condition().name());
        // the journal names what this run will write, so an interrupted run's files can be proved ours on resume
        folder.journal(List.of(CampaignFolder.eventsFileOf(r.runId())));
        listener.runStarting(r, handle);
        ReplaySpec.Schedule sp = plan.scheduleFor(r.condition());
        SendSchedule sendSchedule = sp == null ? null : schedules.get(sp.id());
        long clusterAgeMillis = handle.ageMillis();
        RunCapture capture = captured(r) ? startCapture(r, handle) : null;
        FinishedRun outcome = plan.onKafka()
            ? new KafkaRun(r.runId(), r.condition(), handle, EmbeddedBroker.childClasspath(), sendSchedule,
                plan.stableFlightsFor(r.condition())).run()
            : SystemCampaignRun.run(server.system(), r.runId(), r.condition(),
                EmbeddedBroker.childClasspath());
        RunCapture.Result wire = null;
        RuntimeException wireRefused = null;
        if (capture != null) {
          try {
            wire = capture.finish(outcome.book());
          } catch (DataException e) {
            wireRefused = e; // the capture file is kept; the run's events are written first, then the refusal stands
          }
        }
        outcome = ClockSwitch.heldOrAborted(clock.recorded(outcome), plannedClock);
        listener.runFinished(r, outcome);
        String rel = CampaignFolder.eventsFileOf(r.runId());
        String sha = EventFileWriter.write(folder.dir().resolve(rel), outcome.book(),
            wire == null ? (capture == null ? null : RunCapture.noColumns(outcome.book())) : wire.columns());
        LedgerCells row = row(r, outcome, new EventsWritten(rel, sha), handle, host, plan);
        row.put(LedgerSchema.CLUSTER_AGE_MS, clusterAgeMillis < 0 ? "" : String.valueOf(clusterAgeMillis));
        if (wire != null) {
          row.putAll(wire.cells().asMap());
          progress.note(wireLine(r, wire));
        }
        row.put(LedgerSchema.CLOCKSOURCE_PLANNED, plannedClock);
        row.put(LedgerSchema.STRATUM, prepared.stratum() > 0 ? String.valueOf(prepared.stratum()) : "");
        row.put(LedgerSchema.SEND_SCHEDULE, sp == null ? "" : sp.id());
        row.put(LedgerSchema.SEND_SCHEDULE_SHA256, sp == null ? "" : sp.sha256());
        row.put(LedgerSchema.PLAN_SHA256, planSha256);
        row.putAll(origin.ledgerCells().asMap());
        ledger.append(row.asMap());
        folder.journalDone();
        if (wireRefused != null) {
          throw wireRefused;
        }
        progress.finished(outcome.book().measuredSent(),
            (r.condition().events() + plan.warmupFloorEvents(r.condition())) * r.condition().sendIntervalNanos());
        progress.note(summaryLine(r, outcome));
        switch (outcome.status()) {
          case OK -> ok++;
          case FAILED -> failed++;
          default -> aborted++;
        }
        if (outcome.status() == RunStatus.FAILED) {
          broker.restart();
          server.newLifetime();
        }
      }
    } finally {
      broker.close();
      server.close();
      clock.restore();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // shutting down already
      }
      progress.end();
    }
    return new Summary(schedule.size(), done.size(), ok, failed, aborted, cleaned);
  }

  /** Whether run {@code r} is captured on the wire (its condition's {@code wire_capture}). */
  private static boolean captured(Plan.ScheduledRun r) {
    return r.condition().get(ConditionDefaults.WIRE_CAPTURE);
  }

  /** The brokers' follower wait a condition needs (a setting the brokers read at start). */
  private static int followerWaitOf(Condition c) {
    return Math.toIntExact(c.get(ConditionDefaults.FOLLOWER_WAIT_MILLIS));
  }

  /**
   * Starts the capture of run {@code r} into {@code scratch/wire/<campaign>-<run_id>.pcap}, before its clients connect;
   * a capture that cannot start stops the campaign before the run's first send (exit 5, tcpdump's own message).
   */
  private RunCapture startCapture(Plan.ScheduledRun r, WarmHandle handle) throws IOException {
    Path pcap = scratchRoot.resolve("wire").resolve(r.runId() + "-" + Long.toHexString(System.nanoTime()) + ".pcap");
    try {
      return RunCapture.start(pcap, handle.bootstrap());
    } catch (WireCapture.CaptureFailed e) {
      throw new InstrumentException(e.getMessage(), e);
    }
  }

  static String wireLine(Plan.ScheduledRun r, RunCapture.Result w) {
    Map<String, String> c = w.cells().asMap();
    return String.format(Locale.ROOT,
        "%s wire: %s events with both responses, %s with their produce request, %s missed, %s packets (%s dropped, "
        + "%s gaps), alignment error %s ns, follower wait p50 %s us (max_wait_ms %s), consumer wait p50 %s us",
        r.runId(), c.get("wire_both"), c.get("wire_produce_req"), c.get("wire_missed"), c.get("wire_packets"),
        c.get("wire_dropped"), c.get("wire_gaps"), c.get("wire_align_err_ns"), c.get("wire_follower_wait_p50_us"),
        c.get("wire_follower_max_wait_ms"), c.get("wire_consumer_wait_p50_us"));
  }

  /**
   * Refuses, before any run, clock sources the boot does not offer (exit 5, naming what it offers): a plan asking for
   * one is never half run.
   */
  static void refuseClocksNotOffered(List<String> planned, ClockSource source) {
    List<String> offered = source.available();
    for (String c : planned) {
      if (!offered.contains(c)) {
        throw new InstrumentException("refusing to run: the plan asks for clock source " + c + ", and this boot offers "
            + (offered.isEmpty() ? "none that can be read" : String.join(" ", offered)) + " (in use: "
            + source.current() + ")", null);
      }
    }
  }

  /** The clock source the plan sets for a run's block ("" when it sets none; an unblocked plan's first word). */
  static String plannedClocksource(Plan plan, Plan.ScheduledRun r) {
    return plan.clocksources().isEmpty() ? "" : plan.clocksourceOfBlock(plan.blocked() ? r.block() : 1);
  }

  static String summaryLine(Plan.ScheduledRun r, FinishedRun o) {
    return String.format(Locale.ROOT, "%s %s rep %d: %s%s | %d events, lag p50 %.1f us p99 %.1f us | %s",
        r.runId(), r.condition().name(), r.repeat(), o.status().word(),
        o.reason().isEmpty() ? "" : " (" + o.reason() + ")", o.book().measuredSent(),
        o.lag().p50Nanos() / 1e3, o.lag().p99Nanos() / 1e3, o.tally().summary());
  }

  /**
   * The largest {@code broker_lifetime} of the ledger's rows (0 when none has one): a resumed campaign counts its
   * broker starts on from there.
   */
  static int lifetimesInLedger(List<Map<String, String>> rows, Path ledgerFile) {
    int max = 0;
    for (int i = 0; i < rows.size(); i++) {
      String v = rows.get(i).getOrDefault(LedgerSchema.BROKER_LIFETIME.name(), "");
      if (!v.isEmpty()) {
        if (!v.matches("[0-9]{1,9}")) {
          throw new DataException(ledgerFile.toString(), i + 2L, "broker_lifetime is not a count (\"" + Echo.of(v)
              + "\")", null);
        }
        max = Math.max(max, Integer.parseInt(v));
      }
    }
    return max;
  }

  /**
   * A run's events file as written.
   *
   * @param rel its path in the campaign folder
   * @param sha its SHA-256
   */
  private record EventsWritten(String rel, String sha) {}

  private LedgerCells row(Plan.ScheduledRun r, FinishedRun o, EventsWritten events, WarmHandle broker, HostFacts host,
                          Plan plan) {
    String rel = events.rel();
    String sha = events.sha();
    Condition c = r.condition();
    LedgerCells m = new LedgerCells();
    m.put(LedgerSchema.RUN_ID, r.runId());
    m.put(LedgerSchema.CONDITION, c.name());
    m.put(LedgerSchema.STATUS, o.status().word());
    m.put(LedgerSchema.EVENTS_FILE, rel);
    m.put(LedgerSchema.EVENTS_SHA256, sha);
    m.put(LedgerSchema.REASON, o.reason());
    m.put(LedgerSchema.REPEAT, r.repeat());
    m.put(LedgerSchema.ORDER_INDEX, r.orderIndex());
    m.put(LedgerSchema.BLOCK, plan.blocked() ? String.valueOf(r.block()) : "");
    m.put(LedgerSchema.BROKER_LIFETIME, broker.lifetime() > 0 ? String.valueOf(broker.lifetime()) : "");
    m.put(LedgerSchema.STARTED_AT, o.startedAt().truncatedTo(ChronoUnit.MILLIS).toString());
    m.put(LedgerSchema.DURATION_MS, o.durationMillis());
    m.put(LedgerSchema.SEND_INTERVAL_NS, c.sendIntervalNanos());
    m.put(LedgerSchema.PAYLOAD_BYTES, c.payloadBytes());
    m.put(LedgerSchema.ACKS, c.acks());
    m.put(LedgerSchema.REPLICATION_FACTOR, c.replicationFactor());
    m.put(LedgerSchema.MIN_INSYNC_REPLICAS, c.minInsyncReplicas());
    m.put(LedgerSchema.LINGER_MS, c.lingerMillis());
    m.put(LedgerSchema.PARTITIONS, c.partitions());
    m.put(LedgerSchema.EVENTS_PLANNED, c.events());
    m.put(LedgerSchema.WARMUP_RULE, plan.warmupRuleFor(c));
    // under stable_flights the run writes warmup_events (the sends it made) and warmup_converged among its cells
    m.put(LedgerSchema.WARMUP_EVENTS, plan.stableFlightsFor(c) == null ? String.valueOf(c.warmupEvents()) : "");
    m.put(LedgerSchema.WARMUP_CONVERGED, "");
    m.put(LedgerSchema.PRIORITY, c.priority().word());
    m.put(LedgerSchema.GEOMETRY, c.geometry().word());
    m.put(LedgerSchema.LOAD_PCT, c.loadPercent());
    m.put(LedgerSchema.START_PHASE_US, c.startPhaseMicros().isPresent()
        ? String.valueOf(c.startPhaseMicros().getAsInt()) : "");
    for (ConditionField<?> f : ConditionDefaults.declared()) {
      // a field declared whole: its value on a system that applies it, empty on the others
      m.put(f.column(), f.appliesTo(plan.system()) ? f.cell(c.get(f)) : "");
    }
    m.put(LedgerSchema.PACING_LAG_P50_NS, o.lag().p50Nanos());
    m.put(LedgerSchema.PACING_LAG_P99_NS, o.lag().p99Nanos());
    m.put(LedgerSchema.PACING_LAG_MAX_NS, o.lag().maxNanos());
    m.put(LedgerSchema.ACK_NEGATIVE, o.tally().ackNegative());
    m.put(LedgerSchema.FLIGHT_NEGATIVE, o.tally().flightNegative());
    m.put(LedgerSchema.EVENTS_COMPLETE, o.tally().complete());
    m.put(LedgerSchema.OMB_TAKEN, o.tally().taken());
    m.put(LedgerSchema.OMB_KEPT, o.tally().kept());
    m.put(LedgerSchema.OMB_ZERO, o.tally().zero());
    m.put(LedgerSchema.OMB_NEGATIVE, o.tally().negative());
    m.put(LedgerSchema.OMB_ONE_TICK_NEGATIVE, o.tally().oneTickNegative());
    double ret = o.tally().retention();
    m.put(LedgerSchema.OMB_RETENTION, Double.isNaN(ret) ? "" : String.format(Locale.ROOT, "%.6f", ret));
    m.put(LedgerSchema.INSTRUMENT, plan.system());
    m.put(LedgerSchema.INSTRUMENT_WARMUP_EVENTS, broker.warmupEvents());
    m.put(LedgerSchema.BOOTSTRAP, broker.pid() > 0 ? "embedded" : broker.bootstrap());
    m.put(LedgerSchema.BROKER_START_MS, plan.onKafka() && broker.startMillis() >= 0
        ? String.valueOf(broker.startMillis()) : "");
    m.putAll(host.ledgerCells().asMap());
    m.put(LedgerSchema.CLOCKSOURCE_PLANNED, plannedClocksource(plan, r));
    m.put(LedgerSchema.SYSTEM, plan.system());
    // RabbitMQ's own condition field; the other systems declare no queue of a kind
    m.put(LedgerSchema.QUEUE_TYPE, plan.system().equals(Instrument.RABBITMQ.word()) ? c.queueType().word() : "");
    if (plan.onKafka()) {
      m.put(LedgerSchema.CLIENT_VERSION, host.kafkaVersion());
      // the embedded broker runs the kafka jar of the archive's own classpath; an external cluster's is not asked
      m.put(LedgerSchema.SERVER_VERSION, broker.pid() > 0 ? KafkaSystem.CLIENT_VERSION : "");
    } else {
      // no Kafka client and no Kafka settings on another system: the system's own client and server are named instead
      m.put(LedgerSchema.KAFKA_VERSION, "");
      m.put(LedgerSchema.ACKS, "");
      m.put(LedgerSchema.REPLICATION_FACTOR, "");
      m.put(LedgerSchema.MIN_INSYNC_REPLICAS, "");
      m.put(LedgerSchema.LINGER_MS, "");
      m.put(LedgerSchema.PARTITIONS, "");
      m.put(LedgerSchema.CLOCK_OFFSET_US, "");
    }
    m.putAll(o.cells()); // measured cells (manipulations read back, counts, host load)
    return m;
  }

  /**
   * The broker of the campaign: the embedded one (started lazily, restarted after a failed run and at a block
   * boundary) or an external cluster (never restarted; the instrument warm-up is repeated at a block boundary).
   * Counts the embedded broker's starts: the {@code broker_lifetime} of the runs each start serves.
   */
  private final class BrokerSlot {
    private final int brokers;
    private long startMillis = -1;
    private long servedAtNanos = -1;
    private int followerWait;
    private EmbeddedBroker embedded;
    private EmbeddedCluster cluster;

    private boolean externalWarm;
    private long warmEvents;
    private int lifetime;

    /**
     * @param lifetimesBefore broker starts the ledger already records (the largest {@code broker_lifetime})
     * @param brokers the plan's {@code brokers}: 1 = the single embedded broker, more = a local cluster
     */
    BrokerSlot(int lifetimesBefore, int brokers) {
      this.lifetime = lifetimesBefore;
      this.brokers = brokers;
    }

    /**
     * The broker for a run whose brokers need {@code followerWait} ({@code follower_wait_ms}; a local cluster running
     * with another is stopped and a fresh one started, a new lifetime), warmed after a start by instrument warm-ups
     * until {@code clusterWarmupSeconds} have passed since it served ({@code cluster_warmup_s}).
     */
    synchronized WarmHandle ensure(int followerWait, int clusterWarmupSeconds) {
      if (externalBootstrap == null && brokers > 1 && running() && followerWait != this.followerWait) {
        err.println("ftl: the next runs need the followers' fetch wait at " + followerWait
            + " ms (the cluster runs with "
            + this.followerWait + "): a fresh cluster");
        close();
      }
      this.followerWait = followerWait;
      boolean fresh = externalBootstrap == null && !running();
      WarmHandle h = ensure();
      if (fresh && clusterWarmupSeconds > 0) {
        long until = servedAtNanos + clusterWarmupSeconds * 1_000_000_000L;
        int rounds = 0;
        while (System.nanoTime() < until && running()) {
          warmEvents += warm(h);
          rounds++;
        }
        err.println(
            String.format(Locale.ROOT, "ftl: cluster warm-up: %d more instrument warm-ups, %.0f s since it served",
            rounds, (System.nanoTime() - servedAtNanos) / 1e9));
        h = new WarmHandle(handle(), warmEvents, lifetime, startMillis, servedAtNanos);
      }
      return h;
    }

    synchronized WarmHandle ensure() {
      if (externalBootstrap != null) {
        WarmHandle h = new WarmHandle(external(externalBootstrap, externalCluster), 0, 0);
        if (!externalWarm) {
          externalWarm = true;
          warmEvents = warm(h);
        }
        return new WarmHandle(h.delegate, warmEvents, 0);
      }
      if (!running()) {
        close();
        lifetime++;
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC)
            .format(Instant.now());
        Path dir = scratchRoot.resolve((brokers == 1 ? "broker-" : "cluster-") + stamp);
        err.println(brokers == 1 ? "ftl: starting the embedded Kafka broker in " + dir
            : "ftl: starting a local Kafka cluster of " + brokers + " brokers in " + dir);
        long t0 = System.nanoTime();
        try {
          if (brokers == 1) {
            embedded = EmbeddedBroker.start(dir);
          } else {
            cluster = EmbeddedCluster.start(dir, brokers, followerWait);
            err.println(String.format(Locale.ROOT, "ftl: the cluster served after %.1f s (%s)",
                (System.nanoTime() - t0) / 1e9, cluster.bootstrap()));
          }
          servedAtNanos = System.nanoTime();
          startMillis = (servedAtNanos - t0) / 1_000_000;
        } catch (IOException | RuntimeException e) {
          throw new InstrumentException((brokers == 1 ? "the embedded broker" : "the local cluster")
              + " did not start: "
              + e.getMessage(), e);
        }
        warmEvents = warm(new WarmHandle(handle(), 0, lifetime));
      }
      return new WarmHandle(handle(), warmEvents, lifetime, startMillis, servedAtNanos);
    }

    private boolean running() {
      return brokers == 1 ? embedded != null && embedded.alive() : cluster != null && cluster.alive();
    }

    /**
     * A block boundary: the embedded broker is stopped (the next {@link #ensure} starts a fresh one); an external one
     * is warmed again.
     */
    synchronized void newLifetime() {
      if (externalBootstrap == null) {
        close();
      } else {
        externalWarm = false;
      }
    }

    private KafkaRun.BrokerHandle handle() {
      return brokers == 1 ? handleOf(embedded) : handleOf(cluster);
    }

    private KafkaRun.BrokerHandle handleOf(EmbeddedBroker b) {
      return new KafkaRun.BrokerHandle() {
        @Override public String bootstrap() { return b.bootstrap(); }

        @Override public long pid() { return b.pid(); }

        @Override public boolean alive() { return b.alive(); }

        @Override public String death() { return b.death(); }
      };
    }

    private KafkaRun.BrokerHandle handleOf(EmbeddedCluster c) {
      List<Path> logs = c.nodes().stream().map(n -> n.dir().resolve("logs")).toList();
      return new KafkaRun.BrokerHandle() {
        @Override public String bootstrap() { return c.bootstrap(); }

        @Override public long pid() { return c.pids().get(0); }

        @Override public List<Long> pids() { return c.pids(); }

        @Override public boolean alive() { return c.alive(); }

        @Override public String death() { return c.death(); }

        @Override public List<Path> logDirs() { return logs; }

        @Override public int brokers() { return c.size(); }

        @Override public String network() { return EmbeddedCluster.NETWORK; }
      };
    }

    /** Runs the instrument warm-up; returns the events it delivered. */
    private long warm(WarmHandle h) {
      Condition c = warmupCondition(instrumentWarmupEvents);
      FinishedRun o = new KafkaRun("w" + Long.toHexString(System.nanoTime() & 0xffffff), c, h,
          EmbeddedBroker.childClasspath()).run();
      err.println(String.format(Locale.ROOT, "ftl: instrument warm-up: %d events at %d us, %s%s; flight p50 %.0f us",
          o.book().received(), WARMUP_INTERVAL_NANOS / 1000, o.status().word(), o.reason().isEmpty() ? "" : " ("
          + o.reason() + ")",
          medianFlightMicros(o)));
      return o.book().received();
    }

    synchronized void restart() {
      if (externalBootstrap == null) {
        close();
      }
    }

    synchronized void close() {
      if (embedded != null) {
        embedded.close();
        embedded = null;
      }
      if (cluster != null) {
        cluster.close();
        cluster = null;
      }
    }
  }

  /**
   * The server of a campaign on a system other than Kafka ({@link Plan#system()}): started by the archive in
   * {@code scratch/<system>-<timestamp>/} (or connected to {@code externalBootstrap} read as the server's URL), warmed
   * by the instrument warm-up ({@link #instrumentWarmupEvents} sends every {@value #WARMUP_INTERVAL_NANOS} ns through
   * the same run loop, discarded) after every start, stopped at a block boundary and after a failed run. Idle on a
   * Kafka plan (never started).
   */
  private final class ServerSlot {
    private final String systemWord;
    private MessagingSystem system;
    private long warmEvents;
    private int lifetime;

    ServerSlot(String systemWord, int lifetimesBefore) {
      this.systemWord = systemWord;
      this.lifetime = lifetimesBefore;
    }

    synchronized WarmHandle ensure() {
      if (system == null || !system.alive()) {
        close();
        lifetime++;
        SystemName name = SystemName.of(systemWord);
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC)
            .format(Instant.now());
        Path dir = scratchRoot.resolve(name.ledgerName() + "-" + stamp);
        try {
          if (externalBootstrap != null) {
            err.println("ftl: connecting to the " + name + " server at " + externalBootstrap);
          } else {
            err.println("ftl: starting the " + name + " server in " + dir);
          }
          if (name == SystemName.KAFKA) {
            throw new IllegalStateException("a Kafka plan runs on the broker slot");
          }
          system = externalBootstrap != null ? name.connect(externalBootstrap) : name.start(dir);
        } catch (IOException | RuntimeException e) {
          throw new InstrumentException("the " + name + " server " + (externalBootstrap != null
              ? "at " + externalBootstrap + " could not be used: " : "did not start: ") + e.getMessage(), e);
        }
        Condition c = warmupCondition(instrumentWarmupEvents);
        FinishedRun o = SystemCampaignRun.run(system, "w" + Long.toHexString(System.nanoTime() & 0xffffff), c,
            EmbeddedBroker.childClasspath());
        err.println(String.format(Locale.ROOT, "ftl: instrument warm-up: %d events at %d us, %s%s; flight p50 %.0f us",
            o.book().received(), WARMUP_INTERVAL_NANOS / 1000, o.status().word(), o.reason().isEmpty() ? "" : " ("
            + o.reason() + ")",
            medianFlightMicros(o)));
        warmEvents = o.book().received();
      }
      MessagingSystem s = system;
      KafkaRun.BrokerHandle h = new KafkaRun.BrokerHandle() {
        @Override public String bootstrap() { return s.endpoint(); }

        @Override public long pid() { return s.serverPid(); }

        @Override public boolean alive() { return s.alive(); }

        @Override public String death() { return s.death(); }
      };
      return new WarmHandle(h, warmEvents, externalBootstrap != null ? 0 : lifetime);
    }

    synchronized MessagingSystem system() { return system; }

    /** A block boundary or a failed run: the server is stopped; the next {@link #ensure} starts a fresh one. */
    synchronized void newLifetime() {
      close();
    }

    synchronized void close() {
      if (system != null) {
        system.close();
        system = null;
      }
    }
  }

  /**
   * A broker handle that also knows how many warm-up events the broker served since it started, and which start of
   * the campaign's embedded broker it is ({@code lifetime}, 1-based; 0 for an external cluster).
   */
  record WarmHandle(KafkaRun.BrokerHandle delegate, long warmupEvents, int lifetime, long startMillis,
      long servedAtNanos)
      implements KafkaRun.BrokerHandle {
    WarmHandle(KafkaRun.BrokerHandle delegate, long warmupEvents, int lifetime) {
      this(delegate, warmupEvents, lifetime, -1, -1);
    }

    /**
     * Milliseconds since the broker or cluster served ({@code cluster_age_ms}), -1 when unknown (external, other
     * systems).
     */
    long ageMillis() {
      return servedAtNanos < 0 ? -1 : (System.nanoTime() - servedAtNanos) / 1_000_000L;
    }

    @Override public String bootstrap() { return delegate.bootstrap(); }

    @Override public long pid() { return delegate.pid(); }

    @Override public boolean alive() { return delegate.alive(); }

    @Override public String death() { return delegate.death(); }

    @Override public List<Long> pids() { return delegate.pids(); }

    @Override public List<Long> ownPids() { return delegate.ownPids(); }

    @Override public List<Path> logDirs() { return delegate.logDirs(); }

    @Override public int brokers() { return delegate.brokers(); }

    @Override public String network() { return delegate.network(); }

    @Override public KafkaCluster external() { return delegate.external(); }
  }

  static double medianFlightMicros(FinishedRun o) {
    long[] t = new long[o.book().events()];
    int n = 0;
    for (int seq = 0; seq < o.book().events(); seq++) {
      if (o.book().sent(seq) && o.book().event(seq).hasRecv()) {
        t[n++] = o.book().event(seq).flightNanos();
      }
    }
    if (n == 0) {
      return Double.NaN;
    }
    t = Arrays.copyOf(t, n);
    Arrays.sort(t);
    return t[n / 2] / 1e3;
  }

  /** A handle on an existing cluster: never placed, assumed alive (its failures show up as client errors). */
  static KafkaRun.BrokerHandle external(String bootstrap) {
    return external(bootstrap, null);
  }

  /**
   * The same with the cluster's client settings and existing topic ({@code cluster}: null for the clients' defaults and
   * a fresh topic per run).
   */
  static KafkaRun.BrokerHandle external(String bootstrap, KafkaCluster cluster) {
    // found again at each run: a broker may restart
    List<Long> onThisHost = List.copyOf(LocalListeners.pids(bootstrap));
    return new KafkaRun.BrokerHandle() {
      @Override public String bootstrap() { return bootstrap; }

      @Override public List<Long> ownPids() { return onThisHost; }

      @Override public KafkaCluster external() { return cluster; }

      @Override public long pid() { return -1; }

      @Override public boolean alive() { return true; }

      @Override public String death() { return "external cluster"; }
    };
  }
}
