/**
 * The instrument: a stamping harness on a real Apache Kafka broker, its scheduling manipulations, and the
 * campaign runner that writes {@code data/<campaign>/} in the formats of docs/architecture.md#formats.
 *
 * <h2>Pieces</h2>
 * <ul>
 *   <li>{@link ftl.harness.broker.EmbeddedBroker} — Kafka 4.x in KRaft mode (one node, broker and controller)
 *       in a separate JVM on 127.0.0.1, free ports, storage formatted under {@code scratch/broker-<ts>/},
 *       ready when {@code AdminClient.describeCluster()} answers, stopped with SIGTERM. Its {@code kafka.Kafka}
 *       main runs inside {@link ftl.harness.host.ParentWatch}, which halts it if the campaign process
 *       disappears ({@code kill -9} leaves no orphan broker). {@code --bootstrap host:port} replaces it by an
 *       existing cluster; nothing else changes (the broker is then neither placed nor watched).</li>
 *   <li>{@link ftl.harness.run.KafkaRun} — one run: a fresh topic <em>per run</em> ({@code ftl-<run_id>-<random>},
 *       deleted after the run, so no run reads another's records or inherits its log segments), one producer
 *       and one consumer in this JVM: Kafka's driver ({@link ftl.harness.run.RunDriver}) of the one run loop of
 *       every system, {@link ftl.harness.run.RunLoop} (manipulations applied and read back, warm-up, measured sends,
 *       drain, the host's counters, the verdict). Its parts: {@code run.RunClients} (the run's resources and their
 *       tear-down), {@code run.ThreadPlacement} (placement and manipulations, with their {@code *_applied}
 *       columns), {@code run.Sender} and {@code run.Receiver} (the two thread bodies on the
 *       injected clock), {@link ftl.harness.run.RunVerdict} (the status rules, a pure function),
 *       {@link ftl.harness.run.FinishedRun} (what every run returns: stamps, verdict, cells).</li>
 *   <li>{@link ftl.harness.run.StampBook} — the stamps, in preallocated {@code long[]} arrays.</li>
 *   <li>{@link ftl.harness.run.Pacer} — sends by intended time, on an injected clock.</li>
 *   <li>{@link ftl.harness.run.GuardTally} — the sign channel and OpenMessaging Benchmark's positivity guard,
 *       tallied at the end of every run, printed and written to the ledger.</li>
 *   <li>{@link ftl.harness.campaign.CampaignRunner}, {@link ftl.harness.campaign.Ledger},
 *       {@link ftl.harness.campaign.CampaignFolder} — schedule, atomic ledger, resume.</li>
 *   <li>{@link ftl.harness.host} — {@code /proc}, {@code chrt}/{@code taskset} with read-back, the load generator.</li>
 * </ul>
 *
 * <h2>Threads and stamps (one client JVM, one monotonic clock)</h2>
 * <pre>
 *  ftl-send  (pacing thread)   wait for intended time -> send_ns, send_us -> producer.send()
 *  kafka-producer-network-thread | ftl-p  (comm "kafka-producer-")  completion callback -> ack_ns
 *  ftl-recv  (consumer thread: assign + seekToEnd, no group)  poll() hands a record -> recv_ns, recv_us, create_ms
 * </pre>
 * The record key is {@code seq} as 8 big-endian bytes; warm-up sends carry negative {@code seq} and are not
 * written. {@code create_ms} is {@code record.timestamp()} (CreateTime, set inside {@code send()}). The two
 * <em>stamping threads</em> the manipulations act on are the producer I/O thread and {@code ftl-recv}; their
 * native ids come from {@code /proc/thread-self} read on each thread (a probe record's callback names the
 * I/O thread) and are checked against {@code /proc/self/task/<tid>/comm}.
 *
 * <h2>What a stamp costs, and what it can displace</h2>
 * Measured on the 2-core KVM guest with {@code StampBenchmark} (JMH, {@code -prof gc}, a host shared with
 * other builds): {@code System.nanoTime()} about 25–35 ns; the wall-clock read ({@code Instant.now()}) about
 * 35 ns; a full send stamp (both clocks and three array stores) about 70 ns; an ack stamp (one clock, a
 * store, a volatile counter) about 35 ns; 0 bytes allocated per stamp (the {@code Instant} is
 * scalar-replaced). A stamp displaces what its thread would otherwise do next: on the pacing thread it
 * delays the {@code send()} it precedes (inside the flight, never outside it); on the I/O thread it delays the
 * next network step of every in-flight request; on the consumer thread the n-th record of a poll batch carries
 * n stamp costs. None of them does I/O, logging or (with escape analysis) allocation.
 *
 * <h2>Pitfalls, wrong and right</h2>
 * <b>Pacing drift / coordinated omission.</b>
 * <pre>
 *   // WRONG: the schedule follows the previous send; a stall silently lowers the rate and hides the stall
 *   send(); Thread.sleep(interval);
 *   // RIGHT: due(i) = start + i * interval; late sends go out at once and their lag is recorded (intended_ns)
 *   pacer.awaitNanos(Pacer.intendedNanos(start, i, interval)); book.stampSend(slot, due); producer.send(...);
 * </pre>
 * <b>Park overshoot.</b> {@code parkNanos} wakes late — on this KVM guest by 120–230 µs (p50–p99) at the
 * default 50 µs timer slack, 60–140 µs at 1 ns — so the pacing thread sets its own timer slack to 1 ns
 * ({@code /proc/<tid>/timerslack_ns}), parks only until {@value ftl.harness.run.Pacer#DEFAULT_SPIN_NANOS} ns
 * before the due time and spins the rest. At intervals up to about 250 µs it therefore spins all the time:
 * one core is the pacing thread's. Both settings are in the ledger ({@code pacer_spin_ns},
 * {@code pacer_timerslack_ns}).
 * <br><b>GC pauses.</b> No per-event allocation of ours on the stamping paths: stamps go into arrays sized
 * before the run, completion callbacks are preallocated one per slot, the payload array is shared.
 * (Kafka's own {@code send()} path allocates; the broker runs in its own JVM and heap.) A pause that does
 * happen shows up as pacing lag of the sends it delayed, and can only lengthen a flight, never shorten it.
 * <br><b>A stamp after a blocking call.</b>
 * <pre>
 *   // WRONG: the send stamp after send() includes (and hides) metadata waits and buffer blocking
 *   producer.send(rec, cb); long sendNs = System.nanoTime();
 *   // RIGHT: record built first, stamp, then send() at once; nothing between the stamp and the call
 *   ProducerRecord rec = ...; pacer.awaitNanos(due); book.stampSend(slot, due); producer.send(rec, cb);
 * </pre>
 * The receive stamp is taken as {@code poll()} hands the record over, before any processing of it; the ack
 * stamp is the first thing the callback does.
 * <br><b>Whole-process pinning or real-time priority.</b> Pinning the whole client to one core broke 1 ms
 * pacing, and SCHED_FIFO on the whole JVM starved the broker when the pacing thread spun all the time; so
 * {@code fifo} acts on the two stamping threads only, and {@code fifo-jvm} (every thread) is refused below a
 * 500 µs send interval, where the pacer would spin without parking. The kernel's real-time throttling (the only
 * brake on a spinning SCHED_FIFO thread) is recorded per run ({@code sched_rt_runtime_us}, {@code sched_rt_period_us}).
 * <br><b>A clock offset that moves the flight.</b>
 * <pre>
 *   // WRONG: shift send_us (or sleep) to emulate a second host: the flights and the pacing change with it
 *   // RIGHT: only CreateTime moves; send_us, recv_us and every ns stamp stay on the true clocks
 *   book.stampSend(slot, due); producer.send(offsetRecord(rec, book.sendMicrosAt(slot), offsetUs), cb);
 * </pre>
 *
 * <h2>Manipulations (per condition, each read back)</h2>
 * <ul>
 *   <li>{@code priority}: {@code default} (read back as SCHED_OTHER) or {@code fifo}: {@code chrt -f -p 50 <tid>}
 *       on the two stamping threads, read back from {@code /proc/<pid>/task/<tid>/stat} (policy, rt_priority);
 *       or {@code fifo-jvm}: every thread of the client JVM ({@code chrt -a -f -p 50 <pid>}, then thread by
 *       thread), each read back ({@link ftl.harness.host.JvmPriority}); {@code /proc/self/task} is re-scanned
 *       every 100 ms during the sends and the drain, and a thread created meanwhile is raised (a thread that
 *       cannot be raised stops the sends and fails the run); after the run every thread is put back to
 *       SCHED_OTHER and read back ({@code priority_restored}; a refusal fails the run). The other priorities
 *       first check that no thread of the JVM is left real-time ({@code jvm_threads}).</li>
 *   <li>{@code clock_offset_us}: a producer clock offset from the consumer's; when non-zero the producer sets
 *       each record's timestamp to {@code floor((send_us + offset) / 1000)} (Kafka keeps it as CreateTime);
 *       {@code create_ms_mismatch} counts delivered CreateTimes that differ from it.</li>
 *   <li>{@code fetch_min_bytes}, {@code fetch_max_wait_ms}: the consumer's fetch settings (1 and 100 by default);
 *       {@code fetch.min.bytes} above one record makes the broker hold each fetch up to {@code fetch.max.wait.ms},
 *       lengthening the delivery branch only.</li>
 *   <li>{@code wire_capture} (issue #55, {@link ftl.harness.wire.RunCapture}): {@code true} captures the run on the
 *       loopback device ({@code tcpdump}, nanosecond stamps, the brokers' client ports) and decodes the leader's
 *       produce and fetch responses with Kafka's own protocol classes into the events columns {@code produce_resp_ns}
 *       and {@code fetch_resp_ns}, and the first produce request carrying each record (a retry leaves it) into
 *       {@code produce_req_ns} (ledger layout 15), all on the stamps' clock with one offset per record, and the
 *       {@code wire_*} ledger columns: {@code produce_req_ns - send_ns} is the record's wait in the producer before
 *       its request reached the wire, {@code produce_resp_ns - produce_req_ns} the leader's hold of the request.</li>
 *   <li>{@code follower_wait_ms}: the local cluster's brokers started with {@code replica.fetch.wait.max.ms} = this
 *       and {@code replica.fetch.min.bytes} above any batch, so every follower fetch is parked at the leader that long
 *       (0, the default: Kafka's settings); a setting the brokers read at start, so a block's runs are grouped by it,
 *       each group on a cluster started for it.</li>
 *   <li>{@code geometry}: {@code free} (kernel places them; affinity recorded), {@code shared} (both on the last
 *       core) or {@code split} (producer I/O on core 0, consumer on the last core): {@code taskset -p -c},
 *       read back from {@code Cpus_allowed_list}.</li>
 *   <li>{@code broker_cpus}: the embedded broker's every thread pinned ({@code taskset -a -p -c}); {@code all}
 *       = every core. Recorded as read back.</li>
 *   <li>{@code load_pct}: a separate JVM ({@link ftl.harness.host.LoadMain}), one thread pinned per core, busy
 *       {@code load_pct}% of every 10 ms period; affinity read back, its measured CPU share recorded.</li>
 * </ul>
 * A manipulation whose read-back differs from the request makes the run {@code aborted} (reason given; no
 * events measured): a run is never silently measured without its manipulation. On RabbitMQ and NATS
 * ({@link ftl.harness.system.SystemCampaignRun}) {@code priority}, {@code geometry} and {@code load_pct} are applied
 * by the same code ({@code run.ThreadPlacement}) at the same point of the run (after the probe, before the warm-up
 * sends) to that system's two stamping threads: the client thread that delivers the publisher confirm or PubAck and
 * the thread that delivers the message, each identified by the tid it read itself when it stamped the probe.
 *
 * <h2>Plan ({@code plan.json}) schema</h2>
 * <pre>
 * {
 *   "campaign":    "name",             // required, [A-Za-z0-9._-]+ (the runner writes into the plan's folder)
 *   "description": "free text",
 *   "system":      "kafka",            // kafka (default), rabbitmq or nats: the system every run measures; on
 *                                      // rabbitmq and nats a condition sets only name, send_interval, payload_bytes,
 *                                      // events, warmup_events, repeats, start_phase_us and the manipulations
 *                                      // priority, geometry and load_pct (Plan.SYSTEM_FIELDS; on rabbitmq also
 *                                      // queue_type, Plan.RABBITMQ_FIELDS), the warm-up rule is first_sends, and the
 *                                      // runner starts the system's server (Debian's package) per block in scratch/
 *                                      // (or --bootstrap names its URL)
 *   "seed":        42,                 // run-order shuffle seed (default 1; any 64-bit integer)
 *   "repeats":     10,                 // default repeats per condition (default 1; per block with "blocks")
 *   "blocks":      5,                  // optional, integer 1..1000: replication by broker lifetime (below);
 *                                      // absent = one shuffle of every run, one broker while it lives
 *   "warmup":      {"rule": "first_sends", "events": 1000},  // first N sends of each run, paced alike,
 *                                                            // drained, not written (default: none)
 *             or   {"rule": "stable_flights", "window": 500, "tolerance_us": 20,   // decided on measured
 *                   "min_events": 5000, "max_events": 60000},                      // flights (below)
 *   "clocksource": "kvm-clock" | ["tsc", "kvm-clock"],       // optional: the kernel clock source of each block in
 *                                                            // turn, applied, read back and restored (kafka only)
 *   "brokers":     3,                                        // optional, 1..5 (default 1, the single embedded
 *                                                            // broker): a local cluster per block, each broker its own
 *                                                            // JVM on 127.0.0.&lt;id&gt; (EmbeddedCluster; kafka only)
 *   "strata":      {"by": "boot", "judged_at_boots": 3,      // optional: a protocol run once on every boot
 *                   "max_boots": 6,                          // (issue #53, Strata): each boot appends one stratum
 *                   "clocksources": ["tsc", "kvm-clock"]},   // of all the blocks, under every listed clock source
 *                                                            // the boot offers, alternating in seeded groups; run
 *                                                            // refuses a boot that has one (exit 5), resume completes
 *                                                            // the current boot's only; run ids s01-r0001, ...
 *   "block_lead":  "lead",                                   // optional: this condition (one repeat) opens every
 *                                                            // block before the block's shuffle; the plan's analysis
 *                                                            // leaves it out (no measured run is a broker's first)
 *   "cluster_warmup_s": 90,                                  // optional, 0..3600 (kafka): after each start the broker
 *                                                            // or cluster is warmed by instrument warm-ups until this
 *                                                            // long after it served; cluster_age_ms records each run's
 *   "defaults":    { condition fields },                     // override the built-in defaults below
 *   "conditions":  [ {"name": "c1", condition fields}, ... ],
 *   "matrix":      { "field": [v1, v2], "field2": [...] },   // cartesian product, names generated,
 *                                                            // e.g. "si250us-fifo"
 *   "predictions": { free object, carried as written },
 *   "criteria":    { the registered verdicts: ftl.data.registration.Criteria's schema, checked before the first run },
 *   "exclusion":   {"steal_pct_above": 5, "other_run_pct_above": 10},  // optional, ftl.data.registration.RunExclusion:
 *   runs the
 *                                                            // host disturbed beyond it are excluded and counted
 *   "calibration": { free object: how the thresholds and predictions were set, carried as written },
 *   "replay":      {                                         // only for replay conditions (see below)
 *     "upstream":  {"repo": "statsbomb/open-data", "commit": "&lt;40 hex&gt;", "note": "free text"},
 *     "inputs":    {"m1": {"path": "data/events/1.json", "sha256": "&lt;64 hex&gt;", "bytes": 123}},
 *     "schedules": {"m1-g500us": {"input": "m1", "mean_gap": "500us", "exclude_types": "default",
 *                                 "max_events": 3000, "sends": 3000, "sha256": "&lt;64 hex&gt;"}}
 *   }
 * }
 * condition fields (built-in default):
 *   send_interval "1ms" (duration with unit, &gt;= 50us) | send_interval_ns integer
 *   payload_bytes 100   acks "1" | "all"   linger_ms 0   partitions 1   events 2000
 *   warmup_events (from "warmup")   priority "default" | "fifo" | "fifo-jvm"   geometry "free" | "shared" | "split"
 *   broker_cpus "all" | cpu list   load_pct 0..90   start_phase_us 0..999 (absent: not aligned)   repeats
 *   schedule  id of a replay schedule (absent: one send every send_interval)
 *   clock_offset_us 0 (signed, |x| &lt;= 10 s)   fetch_min_bytes 1   fetch_max_wait_ms 100
 *   queue_type "classic" | "stream" | "quorum"   (rabbitmq plans only: the kind of the run's fresh queue)
 *   warmup_first_sends N   (stable_flights plans only: this condition's warm-up is its own first N sends)
 *   replication_factor 1 (at most the plan's brokers)   min_insync_replicas 1 (1..replication_factor; the topic's
 *   min.insync.replicas, set only on a replicated topic): the run's topic waits for a full ISR before the first send,
 *   and the ledger records the leader, the ISR at start and end, and whether it changed (isr_changed)
 * </pre>
 * <p><b>Replay conditions.</b> A condition with {@code schedule} sends its measured events at the offsets of that
 * schedule ({@link ftl.harness.replay.SendSchedule}, derived by {@code ftl replay-schedule} from a StatsBomb events
 * file, {@link ftl.harness.replay.ReplayDerivation}) instead of every {@code send_interval}; its {@code send_interval}
 * must equal the schedule's mean gap (warm-up sends are paced at it) and its {@code events} may not exceed the
 * schedule's {@code sends}. The pacer schedules by intended time as for a fixed interval
 * ({@link ftl.harness.run.Pacer#scheduledNanos}); lateness is recorded per event and per run alike, and the ledger
 * names the schedule and its SHA-256 ({@code send_schedule}, {@code send_schedule_sha256}). Before the first run,
 * {@code campaign run|resume --replay-inputs DIR} checks each input file's SHA-256 against the plan, regenerates each
 * needed schedule and refuses the campaign if a schedule's SHA-256 differs from the plan's
 * ({@link ftl.harness.campaign.ReplaySchedules}). Neither the inputs nor the schedules are ever written into the
 * campaign folder.
 * Explicit conditions come first, then the matrix expansion; names must be unique. Unknown fields are
 * errors (a typo must not silently become a default). Every problem is a {@code DataException} naming the
 * file and the field: {@code plan.json: conditions[1].acks: must be "1" or "all" (was "2")}. The run order
 * ({@link ftl.harness.plan.Plan#schedule}): every condition x repeat in plan order, shuffled by
 * {@code new Random(seed)} (with blocks: per block, below); run ids {@code r0001...} in execution order, written to
 * {@code schedule.csv} ({@code run_id,condition,repeat,order_index}, and {@code block} with blocks) before the first
 * run. A sample is in {@code src/test/resources/ftl/harness/sample-plan.json}.
 * <p><b>Blocks</b> ({@code "blocks": N}, integer 1..1000; absent = the behaviour of every campaign before them,
 * with the same {@code schedule.csv} bytes). Every condition runs {@code repeats} times in every block (repeat
 * 1..n within the block); block 1's runs come first, then block 2's, and so on. Block {@code b} (1-based) is built in
 * plan order and shuffled with {@code Collections.shuffle(list, new java.util.Random(Plan.blockSeed(seed, b)))}, where
 * {@code blockSeed(seed, b)} is the {@code b}-th draw of SplitMix64 seeded with the plan's seed,
 * {@code mix64(seed + b * 0x9E3779B97F4A7C15)} ({@link ftl.harness.plan.Plan#blockSeed}, {@link ftl.stats.SplitMix64}):
 * each block its own order, independent of how many blocks follow. Run ids {@code r0001...} run on across blocks,
 * and {@code schedule.csv} gains a fifth column {@code block}. The runner stops the embedded broker at each block
 * boundary and starts a fresh one (a new {@code scratch/broker-<timestamp>/} folder, the instrument warm-up
 * repeated); every ledger row records its {@code block} and its {@code broker_lifetime}: which start of the
 * campaign's embedded broker served it, 1-based, counting every start — one per block, one after a failed run (the
 * broker is restarted then), and one per {@code campaign resume}, continued from the ledger's largest value. So a
 * block interrupted and resumed runs its missing runs in a new broker lifetime, and the ledger shows it: a block's
 * runs may span more than one lifetime, never the other way round. On an external cluster ({@code --bootstrap}) the
 * broker is never restarted: the instrument warm-up is repeated at each block boundary and {@code broker_lifetime}
 * is empty.
 * <p><b>Warm-up rules</b> ({@code warmup.rule}; the ledger's {@code warmup_rule}). {@code first_sends}: the first
 * {@code events} sends of every run (a condition's {@code warmup_events} may override it). {@code stable_flights}
 * ({@link ftl.harness.plan.StableFlights}): warm-up sends are paced exactly like the measured ones; after each
 * complete window of {@code window} (W) warm-up sends, the window's median flight {@code recv_ns - send_ns} over its
 * delivered sends is taken; the warm-up ends after the first window, at or after {@code min_events} (A) warm-up
 * sends, whose median differs from the previous window's median by at most {@code tolerance_us} (X, µs; a JSON
 * number, decimals allowed); when {@code max_events} (B) sends pass without that, it ends at B and the run records
 * that it did not converge. All four are required, with {@code W >= 10}, {@code 0 < X} (finite),
 * {@code W <= A <= B <= 10,000,000}, and {@code B >= max(2W, ceil(A / W) W)} (else the rule could never converge);
 * no condition may then name {@code warmup_events}. The pacing thread keeps sending while a window's flights are
 * awaited and judges it once all its sends are delivered, at the latest when the next window's last send is made
 * (on the flights delivered by then). Ledger: {@code warmup_events} = every warm-up send made (discarded, not in the
 * events file), {@code warmup_converged} = yes/no (empty under first_sends). Each run reserves B warm-up slots in its
 * stamp arrays (56 bytes a slot, as a measured event); a plan whose largest run would take more than half the heap is
 * refused before the first run.
 * <p>{@code start_phase_us}: after the warm-up drains, the first measured send is scheduled at the next
 * instant whose wall-clock phase within the millisecond is the given value (at least 2 ms ahead); every
 * run records the achieved phase of its first send ({@code first_send_phase_us}) whether aligned or not.
 *
 * <h2>Campaign folder and ledger</h2>
 * {@code plan.json}, {@code schedule.csv}, {@code ledger.csv}, {@code events/<run_id>.csv.gz} (header
 * {@code seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms,intended_ns,ack_covered}; {@code ack_covered}, the
 * messages the acknowledgment that stamped {@code ack_ns} completed, is empty where the system does not say). Per run:
 * the event file is written to a temp file, fsynced and renamed; then the ledger is rewritten through a temp file and a
 * rename. {@code campaign resume} deletes only what the journal ({@code .ftl-journal}, written before each run)
 * proves the interrupted run wrote, refuses any other unexplained file (nothing measured is deleted on a guess), then
 * runs exactly the scheduled runs without a ledger row; one runner holds the folder's lock ({@code .ftl-lock}) at a
 * time. The ledger columns are {@link ftl.harness.campaign.Ledger#COLUMNS}, each declared in {@code
 * data/datapackage.json}. {@code campaign run} writes into the plan's folder (or {@code --out}); for a folder of the
 * archive's {@code data/}, {@code campaign run} and {@code resume} refuse to start unless the plan is committed in the
 * campaign folder and nothing else in the tree is uncommitted, while any other folder is a practitioner's workspace,
 * git optional, its rows marked {@code registered} no ({@link ftl.harness.campaign.RunOrigin}); {@code other_cpu_pct}
 * and {@code other_cpu_top} record who else used the CPU during each run, {@code steal_pct} and {@code interrupts} the
 * host's steal time (percent of all cores' time, from the change of {@code /proc/stat}'s cpu line: steal over
 * user..steal) and interrupts (the change of the intr line's first number), each empty when {@code /proc/stat} cannot
 * be read, and {@code pacing_burst_share} the pacer's bursts (the share of consecutive measured sends closer than a
 * quarter of the send interval). A run is {@code failed} when the broker died, a client call or send failed, fewer
 * events were sent than planned, or an ack or delivery is missing after the drain (5 s without progress); the embedded
 * broker is then restarted for the next run.
 */
package ftl.harness;
