package ftl.harness.run;

import ftl.data.ledger.Geometry;
import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.Priority;
import ftl.harness.host.JvmPriority;
import ftl.harness.host.LoadGenerator;
import ftl.harness.host.ProcFs;
import ftl.harness.host.Scheduling;
import ftl.harness.plan.Condition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread placement and the scheduling manipulations of one run, each read back: the broker's cores, the background
 * load, the whole-JVM priority ({@code fifo-jvm}) and its restore, the priority and core geometry of the two
 * stamping threads. It owns the ledger columns that record them ({@code broker_cpus}, {@code load_applied},
 * {@code load_measured_pct}, {@code jvm_threads}, {@code jvm_threads_late}, {@code priority_restored},
 * {@code priority_applied}, {@code geometry_applied}, {@code stamp_threads}) and collects the refusals that abort
 * the run. The one implementation of the manipulations on every system: the one run loop, {@link RunLoop}, calls it
 * from its coordinating thread only, in one order (load,
 * then after the probe the JVM's threads and the two stamping threads, re-scans during the sends, restore, load
 * stopped). Not thread-safe.
 */
public final class ThreadPlacement {
  private final Condition condition;
  private final LedgerCells cells;
  private final List<String> refused = new ArrayList<>();
  private LoadGenerator load;
  /** Set when the condition is {@code fifo-jvm} and the threads were raised: restored in {@link #restoreFirst}. */
  private JvmPriority jvm;
  private String jvmRefused;
  private JvmPriority.Pass restored;

  /** The manipulations of {@code condition}, recorded in {@code cells}. */
  public ThreadPlacement(Condition condition, LedgerCells cells) {
    this.condition = condition;
    this.cells = cells;
  }

  /** Pins the embedded broker's threads to the condition's cores (an external cluster is not placed). */
  void placeBroker(KafkaRun.BrokerHandle broker) {
    if (broker.pid() > 0) {
      String cpus = condition.brokerCpus().equals("all") ? Scheduling.allCpus() : condition.brokerCpus();
      // every broker of a local cluster on the same cores; the first refusal is the run's
      Scheduling.Applied a = null;
      for (long pid : broker.pids()) {
        Scheduling.Applied one = Scheduling.pinProcess(pid, cpus);
        if (a == null || (a.ok() && !one.ok())) {
          a = one;
        }
      }
      cells.put(LedgerSchema.BROKER_CPUS, a.ok() ? ProcFs.canonicalCpus(cpus) : "refused: " + a.detail());
      if (!a.ok()) {
        refused.add("broker placement " + a.detail());
      }
    } else {
      cells.put(LedgerSchema.BROKER_CPUS, "external");
    }
  }

  /**
   * Starts the background load generator when the condition asks for load ({@code childClasspath}: the classpath
   * of its JVM, {@link ftl.harness.broker.EmbeddedBroker#childClasspath()}).
   *
   * @throws java.io.IOException when its JVM cannot be started
   */
  public void startLoad(String childClasspath) throws IOException {
    if (condition.loadPercent() > 0) {
      load = LoadGenerator.start(childClasspath, condition.loadPercent());
      cells.put(LedgerSchema.LOAD_APPLIED, load.applied() ? LedgerSchema.APPLIED : LedgerSchema.REFUSED);
      if (!load.applied()) {
        refused.add("load " + load.detail());
      }
    } else {
      cells.put(LedgerSchema.LOAD_APPLIED, LedgerSchema.APPLIED);
    }
  }

  /**
   * {@code fifo-jvm}: every thread of this JVM to SCHED_FIFO, read back thread by thread; for the other
   * priorities, a check that no thread of this JVM is left real-time by an earlier run.
   */
  public void applyToJvm() {
    JvmPriority all = JvmPriority.ofThisJvm(Priority.FIFO_PRIORITY);
    if (condition.priority() != Priority.FIFO_JVM) {
      List<String> left = all.notDefault();
      cells.put(LedgerSchema.JVM_THREADS, census(all));
      if (!left.isEmpty()) {
        refused.add("real-time threads left in the client JVM: " + String.join("; ", left));
      }
      return;
    }
    jvm = all;
    JvmPriority.Pass p = all.raiseAll();
    cells.put(LedgerSchema.JVM_THREADS, p.summary("raised") + "; now " + census(all));
    if (!p.ok()) {
      refused.add("fifo-jvm: " + p.refused().size() + " threads not raised: " + String.join("; ", p.refused()));
    }
  }

  /**
   * During a fifo-jvm run: raises threads created since the last pass; returns false (and the sends must stop)
   * when one cannot be raised.
   */
  public boolean rescanJvm() {
    if (jvm == null || jvmRefused != null) {
      return true;
    }
    JvmPriority.Pass p = jvm.rescan();
    if (!p.ok()) {
      jvmRefused = "fifo-jvm: a thread created during the run could not be raised: " + String.join("; ", p.refused());
      return false;
    }
    return true;
  }

  private static String census(JvmPriority jvm) {
    StringBuilder out = new StringBuilder();
    jvm.census().forEach((k, v) -> out.append(out.length() == 0 ? "" : ", ").append(v).append(' ').append(k));
    return out.toString();
  }

  /**
   * The condition's priority and geometry on the two stamping threads, {@code ack} (Kafka's producer I/O thread, the
   * RabbitMQ or NATS client's completion thread) and {@code recv} (the thread that delivers to the application),
   * each read back; both refused when a thread is not the one identified ({@link StampingThread#identifiedIn}: it
   * never stamped, ended, or its tid is another thread's now). Geometry {@code split} puts {@code ack} on core 0 and
   * {@code recv} on the last core, {@code shared} both on the last core.
   */
  public void applyToStampingThreads(StampingThread ack, StampingThread recv) {
    long pid = ProcFs.pid();
    int ptid = ack.tid();
    int ctid = recv.tid();
    if (!ack.identifiedIn(pid) || !recv.identifiedIn(pid)) {
      refused.add("stamping threads not identified (" + ack.role() + " tid " + ptid + " comm " + ProcFs.comm(pid, ptid)
          + ", " + recv.role() + " tid " + ctid + " comm " + ProcFs.comm(pid, ctid) + ")");
      cells.put(LedgerSchema.PRIORITY_APPLIED, LedgerSchema.REFUSED);
      cells.put(LedgerSchema.GEOMETRY_APPLIED, LedgerSchema.REFUSED);
      return;
    }
    Scheduling.Applied pp = Scheduling.priority(pid, ptid, condition.priority());
    Scheduling.Applied cp = Scheduling.priority(pid, ctid, condition.priority());
    boolean prioOk = pp.ok() && cp.ok();
    cells.put(LedgerSchema.PRIORITY_APPLIED, prioOk ? LedgerSchema.APPLIED : LedgerSchema.REFUSED);
    if (!prioOk) {
      refused.add("priority " + condition.priority().word() + ": " + ack.role() + " " + pp.detail() + ", " + recv.role()
          + " " + cp.detail());
    }
    int last = Scheduling.cores() - 1;
    Scheduling.Applied pg;
    Scheduling.Applied cg;
    if (condition.geometry() == Geometry.SHARED) {
      pg = Scheduling.pin(pid, ptid, String.valueOf(last));
      cg = Scheduling.pin(pid, ctid, String.valueOf(last));
    } else if (condition.geometry() == Geometry.SPLIT) {
      pg = Scheduling.pin(pid, ptid, "0");
      cg = Scheduling.pin(pid, ctid, String.valueOf(last));
      if (last == 0) {
        cg = new Scheduling.Applied(false, "split needs two cores, the host has one");
      }
    } else {
      pg = new Scheduling.Applied(true, "tid " + ptid + " cpus " + ProcFs.cpusAllowed(pid, ptid));
      cg = new Scheduling.Applied(true, "tid " + ctid + " cpus " + ProcFs.cpusAllowed(pid, ctid));
    }
    boolean geoOk = pg.ok() && cg.ok();
    cells.put(LedgerSchema.GEOMETRY_APPLIED, geoOk ? LedgerSchema.APPLIED : LedgerSchema.REFUSED);
    if (!geoOk) {
      refused.add("geometry " + condition.geometry().word() + ": " + ack.role() + " " + pg.detail() + ", " + recv.role()
          + " " + cg.detail());
    }
    ProcFs.Sched ps = ProcFs.sched(pid, ptid);
    ProcFs.Sched cs = ProcFs.sched(pid, ctid);
    cells.put(LedgerSchema.STAMP_THREADS, ack.label() + " tid " + ptid + " " + (ps == null ? "?" : ps.word()) + " cpus "
        + ProcFs.cpusAllowed(pid, ptid) + "; " + recv.label() + " tid " + ctid + " " + (cs == null ? "?" : cs.word())
        + " cpus " + ProcFs.cpusAllowed(pid, ctid));
  }

  /** Manipulations refused so far (the run is aborted when any was, before its sends). */
  public List<String> refused() {
    return List.copyOf(refused);
  }

  /** A fifo-jvm thread created during the run that could not be raised, or null. */
  public String jvmRefused() {
    return jvmRefused;
  }

  /** fifo-jvm: back to SCHED_OTHER before the tear-down. */
  public void restoreFirst() {
    restored = jvm == null ? null : jvm.restoreAll();
  }

  /** fifo-jvm: once more after the tear-down (threads started meanwhile); writes the restore's columns. */
  public void restoreAgain() {
    if (jvm != null) {
      JvmPriority.Pass again = jvm.restoreAll();
      List<String> refusedBoth = new ArrayList<>(restored.refused());
      refusedBoth.addAll(again.refused());
      restored = new JvmPriority.Pass(restored.threads(), restored.changed() + again.changed(), refusedBoth);
      cells.put(LedgerSchema.PRIORITY_RESTORED, restored.summary("restored"));
      cells.put(LedgerSchema.JVM_THREADS_LATE, jvm.late());
    } else {
      cells.put(LedgerSchema.PRIORITY_RESTORED, "nothing to restore (the JVM's threads were not raised)");
      cells.put(LedgerSchema.JVM_THREADS_LATE, 0);
    }
  }

  /** fifo-jvm threads not restored to SCHED_OTHER (empty when every one was, or none was raised). */
  public List<String> notRestored() {
    return restored == null ? List.of() : restored.refused();
  }

  /** Pid of the load generator, -1 when none runs. */
  public long loadPid() {
    return load == null ? -1L : load.pid();
  }

  /** Records the load achieved and stops the generator; true when it died during the run. */
  public boolean stopLoad() {
    if (load == null) {
      cells.put(LedgerSchema.LOAD_MEASURED_PCT, "0.0");
      return false;
    }
    cells.put(LedgerSchema.LOAD_MEASURED_PCT, KafkaRun.fmt1(load.measuredPercent()));
    boolean died = !load.alive();
    load.close();
    return died;
  }
}
