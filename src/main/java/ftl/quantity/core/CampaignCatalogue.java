package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.ledger.Instrument;
import ftl.data.tool.OmbFormat;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every campaign of the archive's data root, declared once: its folder under {@code data/}, the system it measured,
 * its role in the paper, whether it was registered with a plan, and the classes of the registry that read it by name.
 * The registry refers to a campaign through this catalogue, never by a string of its own; {@code CampaignCatalogueTest}
 * holds it to {@code data/*}{@code /plan.json} (folders, plans, systems) and to the sources (every class that names
 * an entry is among its readers, and every reader names it).
 *
 * <p>Sections that read every campaign they find under a data root are not listed as readers: each is a {@link Family}
 * that a campaign opts into by declaring it here, and on the archive's data root a campaign is read by exactly the
 * families it declares ({@link #opted}); a foreign data root's campaigns (not in the catalogue) are read by every
 * family.
 *
 * <p>Adding a campaign: its folder with plan and ledger under {@code data/}, one constant here with the families that
 * apply to it, and the section that reads it by name. On the archive's data root only the folders declared here are
 * read ({@link #folders()}): a folder nothing here declares (a user's campaign copied into {@code data/}) adds no
 * quantity and moves no number (issues #54, #57); a folder declared with no family adds only what the sections that
 * read it by name add, and a number pooled over campaigns moves only when the new entry declares {@link
 * Family#POOLED}.
 */
public enum CampaignCatalogue {
  /** Mode A: negative ack-referenced spans under manipulation of the two stamping threads. */
  MODE_A("modeA", MeasuredSystem.KAFKA, Role.SIGN, true,
      List.of("CampaignQuantities", "ConditionQuantities", "ThreatQuantities", "PriorityPooledQuantities",
      "ExposureQuantities", "DisplacementQuantities", "TimelineQuantities", "Manipulations", "Layout",
      "ClaimVerdicts"), Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT,
      Family.THREATS),
  /** Mode B: OpenMessaging Benchmark's positivity guard replayed on every event, against the grid law. */
  MODE_B("modeB", MeasuredSystem.KAFKA, Role.RETENTION, true,
      List.of("CampaignQuantities", "ClockOffsetQuantities", "GridLawHeldOutQuantities", "OmbInflationQuantities",
      "ScanNeeds"), Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /** The no-JVM cross-check (Python, one process): the grid law without a JVM. */
  NOJVM("nojvm", MeasuredSystem.NOJVM, Role.CROSS_CHECK, true, List.of(), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS, Family.GRID_LAW),
  /** The no-JVM cross-check repeated in a quiet window. */
  NOJVM_QUIET("nojvm-quiet", MeasuredSystem.NOJVM, Role.CROSS_CHECK, true, List.of(), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS, Family.GRID_LAW),
  /** Payload size moves the flight; the grid law says how retention follows (pre-registered predictions). */
  PAYLOAD("payload", MeasuredSystem.KAFKA, Role.PREDICTION, true, List.of("PayloadQuantities"), Family.POOLED,
      Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /** The broker confined to one core, the stamping threads on the other: the priority collapse's follow-up. */
  ISOLATION("isolation", MeasuredSystem.KAFKA, Role.MECHANISM, true, List.of("IsolationQuantities"), Family.POOLED,
      Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /** Our instrument at OpenMessaging Benchmark's rates on its broker: the held-out input of its prediction. */
  OMB_MATCHED("omb-matched", MeasuredSystem.KAFKA, Role.PREDICTION, true,
      List.of("OmbRealQuantities", "ScanNeeds", "Analysis"), Family.POOLED, Family.LEDGER, Family.CONDITIONS,
      Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /** OpenMessaging Benchmark's own worker code on the embedded broker. */
  OMB_REAL(OmbFormat.FOLDER, MeasuredSystem.OMB, Role.BENCHMARK, true, List.of("OmbRealQuantities")),
  /** Send times from a real, bursty event stream (StatsBomb), beside fixed-interval controls. */
  REPLAY("replay", MeasuredSystem.KAFKA, Role.REPLAY, true, List.of("ReplayQuantities"), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /** Whole-JVM real-time priority. */
  FIFOJVM("fifojvm", MeasuredSystem.KAFKA, Role.MECHANISM, true, List.of("FifoJvmQuantities", "Layout", "ScanNeeds"),
      Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /** A delay on the delivery branch only: the 1/D law. */
  DELIVERY("delivery", MeasuredSystem.KAFKA, Role.MECHANISM, true, List.of("DeliveryQuantities", "ScanNeeds"),
      Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /** A second clock, emulated: one-tick negatives from a producer clock offset. */
  CLOCKOFFSET("clockoffset", MeasuredSystem.KAFKA, Role.MECHANISM, true, List.of("ClockOffsetQuantities", "ScanNeeds"),
      Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS),
  /**
   * The confirmatory campaign: every claim of the original registered with its criterion before any run, measured in
   * blocks of fresh broker lifetimes (the unit of replication), runs of 60 s after a registered warm-up rule.
   */
  CONFIRM("confirm", MeasuredSystem.KAFKA, Role.CONFIRMATORY, true,
      List.of("ConfirmQuantities", "BlockEntries", "BlockRunQuantities", "BlockedCampaigns", "Blocks", "Layout",
      "FragilityQuantities"), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS, Family.CRITERIA),
  /**
   * The setting as a factor (issue #44): the run design (short runs after their first sends, as the sign campaign took
   * them; 60-s runs after the stable_flights warm-up, as the confirmatory one did) crossed with the manipulations, on
   * one boot in one sitting, in blocks of fresh broker lifetimes, registered in full before its first run.
   */
  SETTING("setting", MeasuredSystem.KAFKA, Role.SETTING, true,
      List.of("ConfirmQuantities", "BlockEntries", "BlockedCampaigns", "Blocks", "Layout", "FragilityQuantities",
      "TransientQuantities"), Family.POOLED,
      Family.LEDGER, Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS, Family.CRITERIA),
  /**
   * A replicated cluster (issue #46): three brokers, each its own JVM, a topic of one replica (the control) or three
   * at acks=1 (delivery ordered after the acknowledgment by construction) and at acks=all (both waiting on the same
   * high-watermark advance), each at default priority and SCHED_FIFO; registered in full before its first run, in
   * blocks of freshly started clusters.
   */
  CLUSTER("cluster", MeasuredSystem.KAFKA, Role.CLUSTER, true,
      List.of("ConfirmQuantities", "BlockEntries", "BlockConditionQuantities", "BlockedCampaigns", "Blocks", "Layout",
      "FragilityQuantities"), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS, Family.CRITERIA),
  /**
   * The cluster's mechanism on the wire (issue #55): every run captured, the leader's produce and fetch responses
   * decoded with Kafka's protocol classes, a follower delay by Kafka's own settings and its rival (a consumer-side
   * hold); registered in full before its first run, in blocks of freshly started clusters, its verdicts beside the
   * cluster's.
   */
  WIRE("wire", MeasuredSystem.KAFKA, Role.CLUSTER, true, List.of("WireQuantities"), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS, Family.CRITERIA),
  /**
   * The instrument on RabbitMQ (AMQP 0-9-1, publisher confirms, a classic queue): Mode A's sign check and the guard on
   * its flights at three intervals, registered in full before its first run, in blocks of fresh server lifetimes.
   */
  RABBITMQ("rabbitmq", MeasuredSystem.RABBITMQ, Role.SYSTEM, true, List.of("BlockEntries", "OmbSystemQuantities"),
      Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.CRITERIA),
  /** The same on NATS JetStream (a file-storage stream, the PubAck on a reply subject, a push consumer). */
  NATS("nats", MeasuredSystem.NATS, Role.SYSTEM, true, List.of("BlockEntries", "OmbSystemQuantities"),
      Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.CRITERIA),
  /**
   * The sign campaign's manipulations on RabbitMQ: default and SCHED_FIFO priority, shared and split core geometry, and
   * background load on the client's two stamping threads at the 1 ms condition, registered before its first run.
   */
  RABBITMQ_MANIP("rabbitmq-manip", MeasuredSystem.RABBITMQ, Role.SYSTEM, true, List.of("BlockEntries"),
      Family.POOLED, Family.LEDGER, Family.CONDITIONS, Family.CRITERIA),
  /**
   * Like with like on RabbitMQ (issue #47): the transient classic queue of the campaigns above and the durable quorum
   * queue OpenMessaging Benchmark's shipped driver declares, at its rates (1,000 and 800 msg/s), with every event's
   * {@code ack_covered} telling coalesced publisher confirms apart; registered before its first run, in blocks.
   */
  RABBITMQ_QUEUES("rabbitmq-queues", MeasuredSystem.RABBITMQ, Role.SYSTEM, true,
      List.of("BlockEntries", "BlockedCampaigns", "Blocks", "OmbSystemQuantities"), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS,
      Family.CRITERIA),
  /** The same manipulations on NATS JetStream. */
  NATS_MANIP("nats-manip", MeasuredSystem.NATS, Role.SYSTEM, true, List.of("BlockEntries"), Family.POOLED,
      Family.LEDGER, Family.CONDITIONS, Family.CRITERIA),
  /**
   * A replication of nats-manip under its criteria, six blocks: registered after nats-manip's exclusions left its
   * contrasts untestable (its plan says why and what had been seen).
   */
  NATS_MANIP2("nats-manip2", MeasuredSystem.NATS, Role.SYSTEM, true, List.of("BlockEntries"), Family.POOLED,
      Family.LEDGER, Family.CONDITIONS, Family.CRITERIA),
  /**
   * The host protocol (issue #53): one registered protocol run once on every boot the project is given, each boot a
   * stratum of eight blocks (clock source within boot where two are offered); the host as a random factor.
   */
  HOSTS("hosts", MeasuredSystem.KAFKA, Role.HOSTS, true, List.of("HostQuantities"), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS, Family.GRID_LAW, Family.ONE_D_FIT, Family.THREATS, Family.CRITERIA),
  /**
   * RabbitMQ's pilot: two blocks of the same conditions, run before the campaign's plan, whose flights calibrate it.
   */
  RABBITMQ_PILOT("rabbitmq-pilot", MeasuredSystem.RABBITMQ, Role.PILOT, true, List.of(), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS),
  /** NATS's pilot, the same. */
  NATS_PILOT("nats-pilot", MeasuredSystem.NATS, Role.PILOT, true, List.of(), Family.POOLED, Family.LEDGER,
      Family.CONDITIONS),
  /** OpenMessaging Benchmark's own worker with its RabbitMQ driver on the archive's RabbitMQ server. */
  OMB_RABBITMQ("omb-rabbitmq", MeasuredSystem.OMB, Role.BENCHMARK, true,
      List.of("ClaimTests", "ClaimVerdicts", "OmbSystemQuantities"), Family.CRITERIA),
  /** OpenMessaging Benchmark's own worker with its NATS JetStream driver on the archive's NATS server. */
  OMB_NATS("omb-nats", MeasuredSystem.OMB, Role.BENCHMARK, true,
      List.of("ClaimTests", "ClaimVerdicts", "OmbSystemQuantities"), Family.CRITERIA),
  /** RabbitMQ PerfTest, unmodified, on the archive's RabbitMQ server: what its latency metric leaves out. */
  PERFTEST("perftest", MeasuredSystem.PERFTEST, Role.BENCHMARK, true, List.of("ClaimVerdicts", "PerfTestQuantities"),
      Family.CRITERIA),
  /** Published harnesses and medians, and the demonstration of Kafka's own tools: no plan, no ledger. */
  AUDIT("audit", MeasuredSystem.PUBLISHED, Role.AUDIT, false,
      List.of("AuditQuantities", "PublishedMedians", "Sources"));

  /**
   * A family of quantities and verdicts that every campaign declaring it gets, made by a section that reads every such
   * campaign under the data root rather than one campaign by name. A pooled number (a key without a campaign in it,
   * such as {@code runs.total}) pools the campaigns that declare {@link #POOLED}, and names them in its sources
   * ({@code ./ftl check}, {@code list --json}).
   */
  public enum Family {
    /**
     * Its runs join the numbers pooled over every campaign of an instrument ({@link Analysis#rows}, {@link
     * Analysis#runs}, {@link Analysis#campaigns}: the unscoped keys of {@link ftl.quantity.Registry}, {@code threat.*},
     * the claims set in Java over every two-clock campaign) and their sources.
     */
    POOLED,
    /** {@code campaign.<what>.<campaign>} from its ledger ({@link ftl.quantity.section.LedgerQuantities}). */
    LEDGER,
    /** One set of entries per condition of its ledger ({@link ftl.quantity.section.ConditionQuantities}). */
    CONDITIONS,
    /** The held-out grid-law test of its scheduled runs ({@link ftl.quantity.section.GridLawHeldOutQuantities}). */
    GRID_LAW,
    /** The 1/D fit over its Kafka runs ({@link ftl.quantity.section.DisplacementQuantities}). */
    ONE_D_FIT,
    /** The per-campaign threats: the other tasks' CPU ({@link ftl.quantity.section.ThreatQuantities}). */
    THREATS,
    /**
     * Its plan's registered criteria judged, one verdict per rule and claim ({@link
     * ftl.quantity.verdict.PlanCriteria}).
     */
    CRITERIA
  }

  /** What took a campaign's measurements. */
  public enum MeasuredSystem {
    /** The archive's Java instrument on a real Kafka broker (ledger {@code instrument} kafka). */
    KAFKA(Instrument.KAFKA.word()),
    /** The no-JVM Python cross-check (ledger {@code instrument} python-nojvm). */
    NOJVM(Instrument.PYTHON_NOJVM.word()),
    /**
     * The archive's Java instrument on a real RabbitMQ server (ledger {@code instrument} and {@code system} rabbitmq).
     */
    RABBITMQ(Instrument.RABBITMQ.word()),
    /**
     * The archive's Java instrument on a real NATS JetStream server (ledger {@code instrument} and {@code system}
     * nats).
     */
    NATS(Instrument.NATS.word()),
    /** OpenMessaging Benchmark's own worker code (its own ledger format, {@code ftl.data.tool.OmbFormat}). */
    OMB("omb"),
    /** RabbitMQ PerfTest's own output and metrics ({@code ftl.data.tool.PerfTestFormat}). */
    PERFTEST("perftest"),
    /** No measurement of ours: published figures and third-party tools' outputs. */
    PUBLISHED("");

    private final String instrument;

    MeasuredSystem(String instrument) {
      this.instrument = instrument;
    }

    /** The ledger's {@code instrument} word of its runs ({@code ""} where its rows carry none). */
    public String instrument() { return instrument; }
  }

  /** What a campaign is in the paper. */
  public enum Role {
    /** Mode A, the sign campaign. */
    SIGN,
    /** Mode B, the retention campaign. */
    RETENTION,
    /** The no-JVM cross-check of Mode B. */
    CROSS_CHECK,
    /** A manipulation that tests a mechanism (priority, placement, delivery branch, clock offset). */
    MECHANISM,
    /** A pre-registered prediction's data, or the held-out input of one. */
    PREDICTION,
    /** A benchmark's own measurement beside ours. */
    BENCHMARK,
    /** A replayed real workload. */
    REPLAY,
    /** A campaign registered in full (criteria, predictions, exclusion rule) before its first run, in blocks. */
    CONFIRMATORY,
    /** A campaign that makes the setting (run design, clock source, boot) a measured factor. */
    SETTING,
    /** The host protocol: one registered protocol, one stratum per boot, the host a random factor. */
    HOSTS,
    /** A campaign on a replicated cluster: the mechanism of Mode A put to a test it could fail. */
    CLUSTER,
    /** A campaign on another messaging system, registered in full before its first run, in blocks. */
    SYSTEM,
    /** A pilot run before a plan was written, whose data calibrate that plan's predictions and tolerances only. */
    PILOT,
    /** The audit of published harnesses and figures. */
    AUDIT
  }

  /**
   * The manipulation campaigns on other systems (conditions base, fifo, split, load90 and the confirmatory campaign's
   * contrasts): their rules are not the systems' campaigns' rules.
   */
  public static final List<CampaignCatalogue> SYSTEM_MANIPULATIONS = List.of(RABBITMQ_MANIP, NATS_MANIP, NATS_MANIP2);

  private final String folder;
  private final MeasuredSystem system;
  private final Role role;
  private final boolean planned;
  private final List<String> readers;
  private final Set<Family> families;

  CampaignCatalogue(String folder, MeasuredSystem system, Role role, boolean planned, List<String> readers,
                    Family... families) {
    this.folder = folder;
    this.system = system;
    this.role = role;
    this.planned = planned;
    this.readers = readers;
    this.families = families.length == 0 ? Set.of() : Set.copyOf(EnumSet.of(families[0], families));
  }

  /**
   * Every folder the catalogue declares: on the archive's data root, the only folders read ({@link
   * ftl.data.DataSet#scan(java.nio.file.Path, String, Set)}); any other folder there is a user's, warned about by
   * {@code check} and {@code list} and refused by {@code reproduce} and {@code manifest verify}, never analysed.
   */
  public static Set<String> folders() {
    return Arrays.stream(values()).map(CampaignCatalogue::folder).collect(Collectors.toUnmodifiableSet());
  }

  /** Folder name under the data root; also the campaign's name in keys, macros and ledgers. */
  public String folder() { return folder; }

  public MeasuredSystem system() { return system; }

  public Role role() { return role; }

  /** Whether the folder holds a {@code plan.json} committed before its runs. */
  public boolean planned() { return planned; }

  /** Classes of the registry that read this campaign by name (see the class comment for those that read every one). */
  public List<String> readers() { return List.copyOf(readers); }

  /** The families of quantities and verdicts that apply to this campaign ({@link Family}). */
  public Set<Family> families() { return Set.copyOf(families); }

  /**
   * The campaigns of {@code data} that {@code family} reads, in the data's order: on the archive's data root (its own
   * dictionary, {@link ftl.data.ledger.DataDictionary#archivePackage()}) those whose entry here declares the family,
   * and no folder without an entry; on any other root every campaign, as a practitioner's or a fixture's campaigns have
   * no entry here.
   */
  public static List<Campaign> opted(DataSet data, Family family) {
    return opted(data, data.campaigns(), family);
  }

  /** {@link #opted(DataSet, Family)} of some of {@code data}'s campaigns (or campaigns read beside them). */
  public static List<Campaign> opted(DataSet data, List<Campaign> campaigns, Family family) {
    if (!data.dictionary().archivePackage()) {
      return campaigns;
    }
    return campaigns.stream().filter(c -> Arrays.stream(values())
        .anyMatch(k -> k.folder.equals(c.name()) && k.families.contains(family))).toList();
  }
}
