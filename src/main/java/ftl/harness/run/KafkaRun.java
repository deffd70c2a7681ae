package ftl.harness.run;

import ftl.data.Event;
import ftl.data.RunStatus;
import ftl.harness.host.JvmPriority;
import ftl.harness.host.LoadGenerator;
import ftl.harness.host.Manipulations;
import ftl.harness.host.ProcFs;
import ftl.harness.plan.Condition;
import ftl.harness.plan.Geometry;
import ftl.harness.plan.Plan;
import ftl.harness.plan.Priority;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One run on a Kafka cluster: a fresh topic, one producer and one consumer in this JVM, the condition's
 * manipulations applied to the two stamping threads and read back, warm-up sends, measured sends, drain,
 * tear-down. See the package doc of {@code ftl.harness} for the thread layout and the pitfalls.
 */
public final class KafkaRun {

  /** The broker the run talks to: the embedded one (pid known, can die) or an external cluster. */
  public interface BrokerHandle {
    String bootstrap();

    /** Broker pid, or -1 for an external cluster (not placed, not watched). */
    long pid();

    boolean alive();

    /** Why the broker is not alive (exit code), for the ledger's reason. */
    String death();
  }

  /** Producer {@code client.id}; its I/O thread is {@code kafka-producer-network-thread | ftl-p}. */
  public static final String PRODUCER_CLIENT_ID = "ftl-p";
  /** Name of the consumer (receive-stamping) thread; unambiguous as a 15-char {@code comm}. */
  public static final String RECV_THREAD = "ftl-recv";
  /** Name of the pacing (send-stamping) thread. */
  public static final String SEND_THREAD = "ftl-send";
  /** {@code comm} of the producer I/O thread: its Java name truncated to 15 characters by the kernel. */
  public static final String PRODUCER_IO_COMM = "kafka-producer-";

  private static final Duration POLL = Duration.ofMillis(50);
  private static final long PROBE_TIMEOUT_MILLIS = 15_000;
  private static final long DRAIN_IDLE_MILLIS = 5_000;
  private static final long LEAD_NANOS = 2_000_000L;

  private final String runId;
  private final Condition condition;
  private final BrokerHandle broker;
  private final String childClasspath;
  private final ftl.harness.replay.SendSchedule schedule;

  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath) {
    this(runId, condition, broker, childClasspath, null);
  }

  /**
   * A run whose measured sends follow {@code schedule} (send {@code seq} due at {@code start + offset(seq)}) instead of
   * one every {@code send_interval}; null = fixed interval. Warm-up sends are paced every {@code send_interval} either way.
   */
  public KafkaRun(String runId, Condition condition, BrokerHandle broker, String childClasspath,
                  ftl.harness.replay.SendSchedule schedule) {
    this.runId = runId;
    this.condition = condition;
    this.broker = broker;
    this.childClasspath = childClasspath;
    this.schedule = schedule;
    if (schedule != null && schedule.size() < condition.events()) {
      throw new IllegalArgumentException("schedule has " + schedule.size() + " sends, the condition asks for " + condition.events());
    }
  }

  /** Volatile state the coordinating thread shares with the sender and the receiver. */
  private static final class Shared {
    volatile boolean stopSending;
    volatile boolean receiving = true;
    volatile String clientError;
    volatile long senderTimerSlack = -1;
    final AtomicInteger producerTid = new AtomicInteger(-1);
    final AtomicInteger consumerTid = new AtomicInteger(-1);
    final CountDownLatch consumerReady = new CountDownLatch(1);
    final CountDownLatch probeAcked = new CountDownLatch(1);
    final AtomicReference<String> consumerError = new AtomicReference<>();
    /** Set when the condition is {@code fifo-jvm} and the threads were raised: restored in {@code finish}. */
    volatile JvmPriority jvm;
    volatile String jvmRefused;
    /** Every process's CPU time when the run started, for {@code other_cpu_top}. */
    volatile Map<Long, ProcFs.ProcessTicks> procs0 = Map.of();
  }

  /** One completion callback per slot, allocated before the run so the send path allocates none of ours. */
  private static final class AckCallback implements Callback {
    private final StampBook book;
    private final int slot;

    AckCallback(StampBook book, int slot) {
      this.book = book;
      this.slot = slot;
    }

    @Override
    public void onCompletion(RecordMetadata metadata, Exception exception) {
      book.stampAck(slot, exception);
    }
  }

  public RunOutcome run() {
    Instant startedAt = Instant.now();
    long t0 = System.nanoTime();
    Map<String, String> cells = new LinkedHashMap<>();
    StampBook book = StampBook.system(condition.warmupEvents(), condition.events());
    Shared shared = new Shared();
    String topic = "ftl-" + runId + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16);
    cells.put("topic", topic);
    cells.put("loadavg_start", ProcFs.loadavg1());
    cells.put("clock_offset_us", String.valueOf(condition.clockOffsetMicros()));
    cells.put("fetch_min_bytes", String.valueOf(condition.fetchMinBytes()));
    cells.put("fetch_max_wait_ms", String.valueOf(condition.fetchMaxWaitMillis()));
    String[] rt = JvmPriority.rtThrottling(Path.of("/proc"));
    cells.put("sched_rt_runtime_us", rt[0]);
    cells.put("sched_rt_period_us", rt[1]);
    shared.procs0 = ProcFs.processTicks();
    ProcFs.CpuTimes cpu0 = ProcFs.cpuTimes();
    long self0 = ProcFs.processCpuTicks(ProcFs.pid());
    long broker0 = broker.pid() > 0 ? ProcFs.processCpuTicks(broker.pid()) : 0;
    long load0 = 0;
    long loadPid = -1;

    List<String> refused = new ArrayList<>();
    String failure = null;
    LoadGenerator load = null;
    KafkaProducer<byte[], byte[]> producer = null;
    Thread receiver = null;
    Admin admin = null;
    try {
      // Broker placement.
      if (broker.pid() > 0) {
        String cpus = condition.brokerCpus().equals("all") ? Manipulations.allCpus() : condition.brokerCpus();
        Manipulations.Applied a = Manipulations.pinProcess(broker.pid(), cpus);
        cells.put("broker_cpus", a.ok() ? ProcFs.canonicalCpus(cpus) : "refused: " + a.detail());
        if (!a.ok()) {
          refused.add("broker placement " + a.detail());
        }
      } else {
        cells.put("broker_cpus", "external");
      }
      // Background load.
      if (condition.loadPercent() > 0) {
        load = LoadGenerator.start(childClasspath, condition.loadPercent());
        loadPid = load.pid();
        load0 = ProcFs.processCpuTicks(loadPid);
        cells.put("load_applied", load.applied() ? "applied" : "refused");
        if (!load.applied()) {
          refused.add("load " + load.detail());
        }
      } else {
        cells.put("load_applied", "applied");
      }

      admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(),
          AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000,
          AdminClientConfig.CLIENT_ID_CONFIG, "ftl-admin"));
      admin.createTopics(List.of(new NewTopic(topic, condition.partitions(), (short) 1))).all().get(20, TimeUnit.SECONDS);

      List<TopicPartition> partitions = new ArrayList<>();
      for (int p = 0; p < condition.partitions(); p++) {
        partitions.add(new TopicPartition(topic, p));
      }
      receiver = new Thread(() -> receive(book, shared, partitions), RECV_THREAD);
      receiver.start();
      if (!shared.consumerReady.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("consumer did not get its partitions within 30 s");
      }
      if (shared.consumerError.get() != null) {
        throw new IllegalStateException("consumer: " + shared.consumerError.get());
      }

      producer = new KafkaProducer<>(producerProps());
      // Probe: one record whose callback names the producer I/O thread, and whose delivery proves the path.
      producer.send(new ProducerRecord<>(topic, key(Long.MIN_VALUE), new byte[0]), (m, e) -> {
        shared.producerTid.set(ProcFs.currentTid());
        if (e != null) {
          shared.clientError = "probe send failed: " + e;
        }
        shared.probeAcked.countDown();
      });
      if (!shared.probeAcked.await(PROBE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("probe record not acknowledged within " + PROBE_TIMEOUT_MILLIS / 1000 + " s");
      }
      if (shared.clientError != null) {
        throw new IllegalStateException(shared.clientError);
      }
      long probeDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PROBE_TIMEOUT_MILLIS);
      while (book.foreign() < 1 && System.nanoTime() < probeDeadline) {
        Thread.sleep(5);
      }
      if (book.foreign() < 1) {
        throw new IllegalStateException("probe record not delivered to the consumer within " + PROBE_TIMEOUT_MILLIS / 1000 + " s");
      }

      // Whole-JVM priority first (fifo-jvm), then the manipulations on the two stamping threads, each read back.
      refused.addAll(applyToJvm(shared, cells));
      refused.addAll(applyToStampingThreads(shared, cells));

      if (!refused.isEmpty()) {
        cells.put("events_written", "0");
        return finish(RunStatus.ABORTED, "manipulation refused: " + String.join("; ", refused), book, startedAt, t0,
            cells, cpu0, self0, broker0, load, load0, shared, receiver, producer, admin, topic);
      }

      // Sends, on the pacing thread.
      final KafkaProducer<byte[], byte[]> prod = producer;
      Thread sender = new Thread(() -> send(prod, topic, book, shared), SEND_THREAD);
      sender.start();
      while (sender.isAlive()) {
        sender.join(100);
        if (!broker.alive()) {
          shared.stopSending = true;
        }
        rescanJvm(shared);
      }
      // Drain: wait for every ack and delivery, or until nothing has moved for DRAIN_IDLE_MILLIS.
      long sent = book.sentTotal();
      long lastProgress = System.nanoTime();
      long lastCount = -1;
      while (broker.alive()) {
        long count = book.received() + book.acked() + book.ackErrors();
        if (book.received() >= sent && book.acked() + book.ackErrors() >= sent) {
          break;
        }
        if (count != lastCount) {
          lastCount = count;
          lastProgress = System.nanoTime();
        } else if (System.nanoTime() - lastProgress > TimeUnit.MILLISECONDS.toNanos(DRAIN_IDLE_MILLIS)) {
          break;
        }
        Thread.sleep(10);
      }
      rescanJvm(shared);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    } catch (Exception e) {
      failure = "client error: " + oneLine(e);
    }
    return finish(null, failure, book, startedAt, t0, cells, cpu0, self0, broker0, load, load0, shared, receiver,
        producer, admin, topic);
  }

  private Properties producerProps() {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    p.put(ProducerConfig.CLIENT_ID_CONFIG, PRODUCER_CLIENT_ID);
    p.put(ProducerConfig.ACKS_CONFIG, condition.acks());
    p.put(ProducerConfig.LINGER_MS_CONFIG, condition.lingerMillis());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000 + condition.lingerMillis());
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
    if (condition.acks().equals("1")) {
      p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
    }
    return p;
  }

  /** Receiving thread body: creates, assigns and polls the consumer; stamps every record. */
  private void receive(StampBook book, Shared shared, List<TopicPartition> partitions) {
    shared.consumerTid.set(ProcFs.currentTid());
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "ftl-c");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, condition.fetchMinBytes());
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, condition.fetchMaxWaitMillis());
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
      consumer.assign(partitions);
      consumer.seekToEnd(partitions);
      for (TopicPartition tp : partitions) {
        consumer.position(tp, Duration.ofSeconds(20)); // resolve the end offset before any send
      }
      shared.consumerReady.countDown();
      while (shared.receiving) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
        for (ConsumerRecord<byte[], byte[]> r : records) {
          book.stampRecv(seqOf(r.key()), r.timestamp());
        }
      }
    } catch (WakeupException e) {
      // stopping
    } catch (RuntimeException e) {
      shared.consumerError.set(oneLine(e));
      shared.consumerReady.countDown();
    }
  }

  /** Pacing thread body: warm-up sends, drain of the warm-up, then the measured sends on their own aligned schedule. */
  private void send(KafkaProducer<byte[], byte[]> producer, String topic, StampBook book, Shared shared) {
    Pacer pacer = Pacer.system();
    shared.senderTimerSlack = Pacer.tightenTimerSlack();
    byte[] value = new byte[condition.payloadBytes()];
    for (int i = 0; i < value.length; i++) {
      value[i] = (byte) ('a' + i % 26);
    }
    AckCallback[] callbacks = new AckCallback[book.slots()];
    for (int s = 0; s < callbacks.length; s++) {
      callbacks[s] = new AckCallback(book, s);
    }
    long interval = condition.sendIntervalNanos();
    long offsetUs = condition.clockOffsetMicros();
    boolean explicit = condition.explicitCreateTime();
    try {
      int warmup = book.warmup();
      if (warmup > 0) {
        long start = System.nanoTime() + LEAD_NANOS;
        for (int s = 0; s < warmup && !shared.stopSending; s++) {
          ProducerRecord<byte[], byte[]> rec = new ProducerRecord<>(topic, key(book.seqOf(s)), value);
          long due = Pacer.intendedNanos(start, s, interval);
          pacer.awaitNanos(due);
          book.stampSend(s, due);
          producer.send(explicit ? offsetRecord(rec, book.sendMicrosAt(s), offsetUs) : rec, callbacks[s]);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!shared.stopSending && (book.received() < warmup || book.acked() + book.ackErrors() < warmup)
            && System.nanoTime() < deadline) {
          Thread.sleep(1);
        }
      }
      // A (monotonic, wall) pair read close together: a preemption between the two reads would shift the
      // aligned phase by its length, so keep the tightest of a few tries and use the midpoint.
      long nowNs = 0;
      long nowUs = 0;
      long best = Long.MAX_VALUE;
      for (int k = 0; k < 5; k++) {
        long a = System.nanoTime();
        long us = WallClock.micros();
        long b = System.nanoTime();
        if (b - a < best) {
          best = b - a;
          nowNs = a + (b - a) / 2;
          nowUs = us;
        }
      }
      long start = condition.startPhaseMicros().isPresent()
          ? alignedStartNanos(nowNs, nowUs, condition.startPhaseMicros().getAsInt(), LEAD_NANOS)
          : nowNs + LEAD_NANOS;
      for (int seq = 0; seq < book.events() && !shared.stopSending; seq++) {
        int s = warmup + seq;
        ProducerRecord<byte[], byte[]> rec = new ProducerRecord<>(topic, key(seq), value);
        long due = schedule == null ? Pacer.intendedNanos(start, seq, interval) : Pacer.scheduledNanos(start, schedule, seq);
        pacer.awaitNanos(due);
        book.stampSend(s, due);
        producer.send(explicit ? offsetRecord(rec, book.sendMicrosAt(s), offsetUs) : rec, callbacks[s]);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      shared.clientError = "sender interrupted";
    } catch (RuntimeException e) {
      shared.clientError = "send failed: " + oneLine(e);
    }
  }

  /**
   * The record again with its timestamp set explicitly to the emulated producer clock's millisecond,
   * {@link #offsetCreateMillis}: Kafka keeps a producer-set timestamp as the record's CreateTime (topics
   * default to {@code message.timestamp.type=CreateTime}).
   *
   * <p><b>WARNING</b>: one {@code ProducerRecord} allocation (about 40 bytes) between the send stamp and
   * {@code send()}, so it lies inside the flight; it is taken only in clock-offset conditions, which need the
   * send stamp's wall clock before the record can be built.
   */
  static ProducerRecord<byte[], byte[]> offsetRecord(ProducerRecord<byte[], byte[]> rec, long sendMicros, long offsetMicros) {
    return new ProducerRecord<>(rec.topic(), null, offsetCreateMillis(sendMicros, offsetMicros), rec.key(), rec.value());
  }

  /**
   * CreateTime of a record sent at true wall time {@code sendMicros} by a producer whose clock reads
   * {@code offsetMicros} ahead of the true one: {@code floor((sendMicros + offsetMicros) / 1000)}, whole ms.
   */
  public static long offsetCreateMillis(long sendMicros, long offsetMicros) {
    return Math.floorDiv(Math.addExact(sendMicros, offsetMicros), 1000L);
  }

  /**
   * Events whose delivered CreateTime differs from {@code floor((send_us + offset) / 1000)}. With an offset the
   * producer sets it, so any mismatch means Kafka rewrote it; with none it counts the events whose CreateTime
   * (read inside {@code send()}) fell in a later millisecond than the send stamp.
   */
  static long createMismatches(StampBook book, long offsetMicros) {
    long n = 0;
    for (int seq = 0; seq < book.events(); seq++) {
      if (book.sent(seq)) {
        Event e = book.event(seq);
        if (e.createMillis() != Event.MISSING && e.createMillis() != offsetCreateMillis(e.sendMicros(), offsetMicros)) {
          n++;
        }
      }
    }
    return n;
  }

  /**
   * {@code fifo-jvm}: every thread of this JVM to SCHED_FIFO, read back thread by thread; for the other
   * priorities, a check that no thread of this JVM is left real-time by an earlier run.
   */
  private List<String> applyToJvm(Shared shared, Map<String, String> cells) {
    JvmPriority jvm = JvmPriority.ofThisJvm(Priority.FIFO_PRIORITY);
    if (condition.priority() != Priority.FIFO_JVM) {
      List<String> left = jvm.notDefault();
      cells.put("jvm_threads", census(jvm));
      return left.isEmpty() ? List.of() : List.of("real-time threads left in the client JVM: " + String.join("; ", left));
    }
    shared.jvm = jvm;
    JvmPriority.Pass p = jvm.raiseAll();
    cells.put("jvm_threads", p.summary("raised") + "; now " + census(jvm));
    return p.ok() ? List.of() : List.of("fifo-jvm: " + p.refused().size() + " threads not raised: " + String.join("; ", p.refused()));
  }

  /** During a fifo-jvm run: raises threads created since the last pass; a thread that cannot be raised stops the sends. */
  private void rescanJvm(Shared shared) {
    JvmPriority jvm = shared.jvm;
    if (jvm == null || shared.jvmRefused != null) {
      return;
    }
    JvmPriority.Pass p = jvm.rescan();
    if (!p.ok()) {
      shared.jvmRefused = "fifo-jvm: a thread created during the run could not be raised: " + String.join("; ", p.refused());
      shared.stopSending = true;
    }
  }

  private static String census(JvmPriority jvm) {
    StringBuilder out = new StringBuilder();
    jvm.census().forEach((k, v) -> out.append(out.length() == 0 ? "" : ", ").append(v).append(' ').append(k));
    return out.toString();
  }

  /**
   * Monotonic start time whose wall-clock microsecond phase within the millisecond is {@code phaseMicros}, at
   * least {@code leadNanos} after {@code nowNanos}, given a pair of readings {@code (nowNanos, nowMicros)}
   * taken together.
   */
  public static long alignedStartNanos(long nowNanos, long nowMicros, int phaseMicros, long leadNanos) {
    long earliestUs = nowMicros + (leadNanos + 999) / 1000;
    long shift = Math.floorMod(phaseMicros - Math.floorMod(earliestUs, 1000L), 1000L);
    long targetUs = earliestUs + shift;
    return nowNanos + (targetUs - nowMicros) * 1000L;
  }

  private List<String> applyToStampingThreads(Shared shared, Map<String, String> cells) {
    List<String> refused = new ArrayList<>();
    long pid = ProcFs.pid();
    int ptid = shared.producerTid.get();
    int ctid = shared.consumerTid.get();
    String pcomm = ProcFs.comm(pid, ptid);
    String ccomm = ProcFs.comm(pid, ctid);
    if (!PRODUCER_IO_COMM.equals(pcomm) || !RECV_THREAD.equals(ccomm)) {
      refused.add("stamping threads not identified (producer tid " + ptid + " comm " + pcomm + ", consumer tid " + ctid + " comm " + ccomm + ")");
      cells.put("priority_applied", "refused");
      cells.put("geometry_applied", "refused");
      return refused;
    }
    Manipulations.Applied pp = Manipulations.priority(pid, ptid, condition.priority());
    Manipulations.Applied cp = Manipulations.priority(pid, ctid, condition.priority());
    boolean prioOk = pp.ok() && cp.ok();
    cells.put("priority_applied", prioOk ? "applied" : "refused");
    if (!prioOk) {
      refused.add("priority " + condition.priority().word() + ": producer " + pp.detail() + ", consumer " + cp.detail());
    }
    int last = Manipulations.cores() - 1;
    Manipulations.Applied pg;
    Manipulations.Applied cg;
    if (condition.geometry() == Geometry.SHARED) {
      pg = Manipulations.pin(pid, ptid, String.valueOf(last));
      cg = Manipulations.pin(pid, ctid, String.valueOf(last));
    } else if (condition.geometry() == Geometry.SPLIT) {
      pg = Manipulations.pin(pid, ptid, "0");
      cg = Manipulations.pin(pid, ctid, String.valueOf(last));
      if (last == 0) {
        cg = new Manipulations.Applied(false, "split needs two cores, the host has one");
      }
    } else {
      pg = new Manipulations.Applied(true, "tid " + ptid + " cpus " + ProcFs.cpusAllowed(pid, ptid));
      cg = new Manipulations.Applied(true, "tid " + ctid + " cpus " + ProcFs.cpusAllowed(pid, ctid));
    }
    boolean geoOk = pg.ok() && cg.ok();
    cells.put("geometry_applied", geoOk ? "applied" : "refused");
    if (!geoOk) {
      refused.add("geometry " + condition.geometry().word() + ": producer " + pg.detail() + ", consumer " + cg.detail());
    }
    ProcFs.Sched ps = ProcFs.sched(pid, ptid);
    ProcFs.Sched cs = ProcFs.sched(pid, ctid);
    cells.put("stamp_threads", "producer-io tid " + ptid + " " + (ps == null ? "?" : ps.word()) + " cpus "
        + ProcFs.cpusAllowed(pid, ptid) + "; consumer tid " + ctid + " " + (cs == null ? "?" : cs.word()) + " cpus "
        + ProcFs.cpusAllowed(pid, ctid));
    return refused;
  }

  private RunOutcome finish(RunStatus forced, String reason, StampBook book, Instant startedAt, long t0,
                            Map<String, String> cells, ProcFs.CpuTimes cpu0, long self0, long broker0,
                            LoadGenerator load, long load0, Shared shared, Thread receiver,
                            KafkaProducer<byte[], byte[]> producer, Admin admin, String topic) {
    boolean brokerDied = !broker.alive();
    String brokerDeath = brokerDied ? broker.death() : null;
    // fifo-jvm: back to SCHED_OTHER before the tear-down, and once more after it (threads started meanwhile).
    JvmPriority.Pass restored = shared.jvm == null ? null : shared.jvm.restoreAll();
    // Tear-down: producer first (joins its I/O thread), then the receiver, then the topic.
    if (producer != null) {
      try {
        producer.close(Duration.ofSeconds(brokerDied ? 0 : 5));
      } catch (RuntimeException e) {
        // closing a producer whose broker is gone
      }
    }
    shared.receiving = false;
    if (receiver != null) {
      try {
        receiver.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (shared.jvm != null) {
      JvmPriority.Pass again = shared.jvm.restoreAll();
      List<String> refusedBoth = new ArrayList<>(restored.refused());
      refusedBoth.addAll(again.refused());
      restored = new JvmPriority.Pass(restored.threads(), restored.changed() + again.changed(), refusedBoth);
      cells.put("priority_restored", restored.summary("restored"));
      cells.put("jvm_threads_late", String.valueOf(shared.jvm.late()));
    } else {
      cells.put("priority_restored", "nothing to restore (the JVM's threads were not raised)");
      cells.put("jvm_threads_late", "0");
    }
    ProcFs.CpuTimes cpu1 = ProcFs.cpuTimes();
    Map<Long, ProcFs.ProcessTicks> procs1 = ProcFs.processTicks();
    long self1 = ProcFs.processCpuTicks(ProcFs.pid());
    long broker1 = broker.pid() > 0 && !brokerDied ? ProcFs.processCpuTicks(broker.pid()) : broker0;
    long load1 = load != null ? ProcFs.processCpuTicks(load.pid()) : 0;
    cells.put("loadavg_end", ProcFs.loadavg1());
    if (load != null) {
      cells.put("load_measured_pct", fmt1(load.measuredPercent()));
      if (!load.alive()) {
        reason = reason == null ? "load generator died during the run" : reason;
      }
      load.close();
    } else {
      cells.put("load_measured_pct", "0.0");
    }
    long total = cpu1.totalTicks() - cpu0.totalTicks();
    long ours = Math.max(0, self1 - self0) + Math.max(0, broker1 - broker0) + Math.max(0, load1 - load0);
    long other = Math.max(0, cpu1.busyTicks() - cpu0.busyTicks() - ours);
    cells.put("other_cpu_pct", total > 0 ? fmt1(100.0 * other / total) : "");
    cells.put("other_cpu_top", ProcFs.topOthers(shared.procs0, procs1,
        new java.util.HashSet<>(List.of(ProcFs.pid(), broker.pid(), load != null ? load.pid() : -1L)), 3));
    if (admin != null) {
      if (!brokerDied) {
        try {
          admin.deleteTopics(List.of(topic)).all().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
          // best effort: the topic is unique to this run
        }
      }
      admin.close(Duration.ofSeconds(brokerDied ? 0 : 5));
    }

    GuardTally tally = GuardTally.of(book);
    PacingLag lag = PacingLag.of(book);
    int written = book.measuredSent();
    long acksMissing = 0;
    long recvsMissing = 0;
    for (int seq = 0; seq < book.events(); seq++) {
      if (book.sent(seq)) {
        Event e = book.event(seq);
        acksMissing += e.hasAck() ? 0 : 1;
        recvsMissing += e.hasRecv() ? 0 : 1;
      }
    }
    cells.put("pacer_spin_ns", String.valueOf(Pacer.DEFAULT_SPIN_NANOS));
    cells.put("pacer_timerslack_ns", shared.senderTimerSlack < 0 ? "" : String.valueOf(shared.senderTimerSlack));
    cells.put("events_written", String.valueOf(written));
    cells.put("acks_missing", String.valueOf(acksMissing));
    cells.put("recvs_missing", String.valueOf(recvsMissing));
    cells.put("send_errors", String.valueOf(book.ackErrors()));
    cells.put("duplicates", String.valueOf(book.duplicates()));
    cells.put("create_ms_mismatch", String.valueOf(createMismatches(book, condition.clockOffsetMicros())));
    if (book.sent(0)) {
      long firstUs = book.event(0).sendMicros();
      cells.put("first_send_phase_us", String.valueOf(Math.floorMod(firstUs, 1000L)));
    }

    RunStatus status;
    if (forced != null) {
      status = forced;
    } else {
      List<String> why = new ArrayList<>();
      if (brokerDied) {
        why.add("broker died during the run (" + brokerDeath + ")");
      }
      if (reason != null) {
        why.add(reason);
      }
      if (shared.clientError != null) {
        why.add("client error: " + shared.clientError);
      }
      if (shared.consumerError.get() != null) {
        why.add("consumer error: " + shared.consumerError.get());
      }
      if (shared.jvmRefused != null) {
        why.add(shared.jvmRefused);
      }
      if (restored != null && !restored.ok()) {
        why.add("fifo-jvm: threads not restored to SCHED_OTHER: " + String.join("; ", restored.refused()));
      }
      if (book.ackErrors() > 0) {
        why.add(book.ackErrors() + " sends failed (first: " + book.firstAckError() + ")");
      }
      if (written < book.events()) {
        why.add("short: " + written + " of " + book.events() + " events sent");
      }
      if (recvsMissing > 0) {
        why.add("short: " + recvsMissing + " deliveries missing");
      }
      if (acksMissing > book.ackErrors()) {
        why.add((acksMissing - book.ackErrors()) + " acknowledgments missing");
      }
      status = why.isEmpty() ? RunStatus.OK : RunStatus.FAILED;
      reason = String.join("; ", why);
    }
    long durationMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    return new RunOutcome(status, reason == null ? "" : reason, book, tally, lag, startedAt, durationMillis, cells);
  }

  static byte[] key(long seq) {
    byte[] k = new byte[8];
    for (int i = 7; i >= 0; i--) {
      k[i] = (byte) seq;
      seq >>>= 8;
    }
    return k;
  }

  static long seqOf(byte[] key) {
    if (key == null || key.length != 8) {
      return Long.MIN_VALUE;
    }
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (key[i] & 0xff);
    }
    return v;
  }

  static String oneLine(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage();
      out.append(out.length() == 0 ? "" : " <- ").append(t.getClass().getSimpleName())
          .append(m == null ? "" : ": " + m.replace('\n', ' '));
    }
    return out.toString();
  }

  static String fmt1(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
  }

  /** The warm-up rule as the ledger records it. */
  public static String warmupRule() { return Plan.WARMUP_RULE; }
}
