/**
 * The instrument on other messaging systems (issue 29): one interface, {@link ftl.harness.system.MessagingSystem},
 * for what a run needs from a system, one class per system, each driven by the one run loop of every system,
 * {@link ftl.harness.run.RunLoop} (issue #42), which fills the same {@link ftl.harness.run.StampBook} as a Kafka run.
 *
 * <h2>Pieces</h2>
 * <ul>
 *   <li>{@link ftl.harness.system.MessagingSystem} — open a fresh destination per run with a completion callback
 *       (the ack stamp) and a delivery callback (the receive stamp, and {@code create_ms} where the system carries
 *       one); client and server versions; close. {@link ftl.harness.system.SystemName} names the system as a
 *       ledger row will, and says what its {@code create_ms} means.</li>
 *   <li>{@link ftl.harness.system.RabbitMqSystem} — AMQP 0-9-1, a classic queue ({@code basic.consume} in no-ack
 *       mode) or a stream (prefetch, manual acknowledgments, from the first offset), publisher confirms (multiple
 *       confirms mapped back to each message by {@link ftl.harness.system.ConfirmTracker}), deliveries on
 *       {@code ftl-recv}.</li>
 *   <li>{@link ftl.harness.system.NatsSystem} — JetStream stream per run, the PubAck on a reply-subject handler (or
 *       on {@code publishAsync}'s future), an ephemeral push consumer read on {@code ftl-recv}.</li>
 *   <li>{@link ftl.harness.system.KafkaSystem} — a small adapter with the smoke plan's client settings for the
 *       quick look; Kafka's campaign runs drive the same loop through {@link ftl.harness.run.KafkaRun}.</li>
 *   <li>{@link ftl.harness.system.ServerProcess} — a server binary as a child process: probe until ready, stop the
 *       process tree (and on a shutdown hook), fail with the log's last lines
 *       ({@link ftl.harness.system.ServerStartException}). {@link ftl.harness.system.RabbitMqServer} and
 *       {@link ftl.harness.system.NatsServer} start Debian's servers with it.</li>
 *   <li>{@link ftl.harness.system.SystemRun} — a {@code MessagingSystem}'s driver of the loop
 *       ({@link ftl.harness.run.RunDriver}): the destination, the probe (where each stamping thread reads its own
 *       tid), warm-up and paced measured sends; the loop applies the manipulations of a campaign run on those two
 *       threads ({@link ftl.harness.run.ThreadPlacement}), drains and decides the verdict
 *       ({@link ftl.harness.run.RunVerdict}); {@link ftl.harness.system.SpanSummary} the quick look's medians.</li>
 *   <li>{@link ftl.harness.system.SystemCampaignRun} — one campaign run: the condition as the loop's settings and
 *       placement (load generator, priority, geometry), the host around it, the ledger's cells.</li>
 * </ul>
 *
 * <h2>Threads and stamps</h2>
 * <pre>
 * system    send_ns (ftl-send)        ack_ns                                    recv_ns
 * kafka     before producer.send      producer callback, kafka-producer-network  poll() on ftl-recv
 * rabbitmq  before basicPublish       ConfirmListener, publisher connection's   handleDelivery on ftl-recv
 *                                     reader thread (comm "AMQP Connection")     (the consumer's dispatch executor)
 * nats      before publish            reply-subject dispatcher of the           nextMessage() on ftl-recv
 *                                     publisher connection (ftl-p:N)
 * </pre>
 * The manipulations ({@code priority}, {@code geometry}, {@code load_pct}) act on the ack and receive columns'
 * threads, each identified by the tid it read from {@code /proc/thread-self} when it stamped the probe (on RabbitMQ
 * the admin's, the consumer's and the publisher's connections each have a reader thread of the same {@code comm}, so
 * only the tid tells them apart), and are recorded as on Kafka ({@code priority_applied}, {@code geometry_applied},
 * {@code stamp_threads}, {@code load_applied}, {@code load_measured_pct}). Not applied on these systems: the
 * broker's cores, the clock offset, Kafka's client settings; the ledger and events files are the campaign
 * runner's.
 */
package ftl.harness.system;
