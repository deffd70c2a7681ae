/**
 * The instrument on other messaging systems (issue 29): one interface, {@link ftl.harness.system.MessagingSystem},
 * for what a run needs from a system, one class per system, and a system-neutral run loop that fills the same
 * {@link ftl.harness.run.StampBook} as a Kafka run.
 *
 * <h2>Pieces</h2>
 * <ul>
 *   <li>{@link ftl.harness.system.MessagingSystem} — open a fresh destination per run with a completion callback
 *       (the ack stamp) and a delivery callback (the receive stamp, and {@code create_ms} where the system carries
 *       one); client and server versions; close. {@link ftl.harness.system.SystemName} names the system as a
 *       ledger row will, and says what its {@code create_ms} means.</li>
 *   <li>{@link ftl.harness.system.RabbitMqSystem} — AMQP 0-9-1, classic queue, publisher confirms (multiple
 *       confirms mapped back to each message by {@link ftl.harness.system.ConfirmTracker}), {@code basic.consume}
 *       in no-ack mode on {@code ftl-recv}.</li>
 *   <li>{@link ftl.harness.system.NatsSystem} — JetStream stream per run, the PubAck on a reply-subject handler (or
 *       on {@code publishAsync}'s future), an ephemeral push consumer read on {@code ftl-recv}.</li>
 *   <li>{@link ftl.harness.system.KafkaSystem} — a small adapter with the smoke plan's client settings; the
 *       campaigns still run on {@link ftl.harness.run.KafkaRun}.</li>
 *   <li>{@link ftl.harness.system.ServerProcess} — a server binary as a child process: probe until ready, stop the
 *       process tree (and on a shutdown hook), fail with the log's last lines
 *       ({@link ftl.harness.system.ServerStartException}). {@link ftl.harness.system.RabbitMqServer} and
 *       {@link ftl.harness.system.NatsServer} start Debian's servers with it.</li>
 *   <li>{@link ftl.harness.system.SystemRun} — probe, warm-up, paced measured sends, drain, verdict
 *       ({@link ftl.harness.run.RunVerdict}); {@link ftl.harness.system.SpanSummary} the quick look's medians.</li>
 * </ul>
 *
 * <h2>Threads and stamps</h2>
 * <pre>
 * system    send_ns (ftl-send)        ack_ns                                    recv_ns
 * kafka     before producer.send      producer callback, kafka-producer-network  poll() on ftl-recv
 * rabbitmq  before basicPublish       ConfirmListener, publisher connection     handleDelivery on ftl-recv
 *                                     thread (ftl-amqp-N)                        (the consumer's dispatch executor)
 * nats      before publish            reply-subject dispatcher of the           nextMessage() on ftl-recv
 *                                     publisher connection (ftl-p:N)
 * </pre>
 * Not here yet: the condition's manipulations (priority, geometry, load, start phase, clock offset) and the ledger
 * and events files, which the campaign runner owns.
 */
package ftl.harness.system;
