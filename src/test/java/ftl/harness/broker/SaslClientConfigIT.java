package ftl.harness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #54, "your cluster as it is": a broker whose client listener asks for SASL/PLAIN, reached through
 * {@code campaign smoke --bootstrap ... --client-config FILE --topic NAME}. One tiny run on the existing topic must
 * complete and leave the topic in place, the ledger must record the client config's non-secret settings, and neither
 * any file the run wrote (ledger, events, plan, schedule) nor what it printed may hold the password. A wrong password
 * must fail within the cluster check (exit 5), naming the cluster and not the password; a missing topic, one with fewer
 * partitions than the plan, and a replication factor above the cluster's brokers are refused by the check the same way,
 * nothing written. The broker is this test's own: the archive's embedded broker, its client listener made
 * SASL_PLAINTEXT with a JAAS configuration given as a listener property.
 */
class SaslClientConfigIT {

  /** The client's password: what must appear nowhere the run wrote. */
  private static final String PASSWORD = "alice-pw-7f3c9e1b5d";
  /** The existing topic the run uses ({@code --topic}). */
  private static final String TOPIC = "ftl-latency";

  @TempDir Path tmp;

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void smoke_saslPlainThroughClientConfig_runsAndWritesNoSecret() throws Exception {
    Path scratch = tmp.resolve("broker");
    Path data = scratch.resolve("data");
    Path logs = scratch.resolve("logs");
    Files.createDirectories(data);
    Files.createDirectories(logs);
    int port = EmbeddedBroker.freePort();
    int controllerPort = EmbeddedBroker.freePort();
    while (controllerPort == port) {
      controllerPort = EmbeddedBroker.freePort();
    }
    Path props = scratch.resolve("server.properties");
    Files.writeString(props, saslServerProperties(port, controllerPort, data), StandardCharsets.UTF_8);
    Path log4j = EmbeddedBroker.writeLog4j(scratch);
    EmbeddedBroker.format(props, logs, log4j, Uuid.randomUuid().toString(), true);
    Process broker = EmbeddedBroker.launch(props, logs, log4j);
    try {
      String bootstrap = "127.0.0.1:" + port;
      awaitSasl(bootstrap, broker, 90);
      Path config = tmp.resolve("client.properties");
      Files.writeString(config, clientProperties(PASSWORD), StandardCharsets.UTF_8);
      Path plan = tmp.resolve("plan.json");
      Files.writeString(plan, """
          {"campaign": "sasl-it", "description": "IT: one tiny run through a SASL/PLAIN listener", "seed": 7,
           "warmup": {"rule": "first_sends", "events": 50},
           "defaults": {"events": 200, "payload_bytes": 64},
           "conditions": [{"name": "sasl", "send_interval": "1ms"}]}
          """, StandardCharsets.UTF_8);
      Path out = tmp.resolve("campaign");
      try (Admin a = Admin.create(adminSettings(bootstrap))) {
        a.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get(20, TimeUnit.SECONDS);
      }

      CliRunner.Printed ok = CliRunner.printed("--root", Path.of("").toAbsolutePath().toString(), "campaign", "smoke",
          "--plan", plan.toString(), "--bootstrap", bootstrap, "--client-config", config.toString(), "--topic", TOPIC,
          "--out", out.toString());
      assertThat(ok.code()).as("smoke exit (0 or 1 by report's verdict, never 5); it printed:\n" + ok.text())
          .isIn(ExitCode.OK, ExitCode.DISAGREE);
      String ledger = Files.readString(out.resolve("ledger.csv"), StandardCharsets.UTF_8);
      assertThat(ledger).contains("security.protocol=SASL_PLAINTEXT sasl.mechanism=PLAIN; also sasl.jaas.config");
      assertThat(ledger.lines().skip(1).toList()).singleElement().asString().contains(",ok,")
          .contains("," + TOPIC + ",");
      List<String> header = List.of(ledger.lines().findFirst().orElseThrow().split(",", -1));
      String[] row = ledger.lines().skip(1).findFirst().orElseThrow().split(",", -1);
      assertThat(row[header.indexOf("topic_existing")]).as("topic_existing").isEqualTo("yes");
      try (Admin a = Admin.create(adminSettings(bootstrap))) {
        assertThat(a.listTopics().names().get(20, TimeUnit.SECONDS)).as("the existing topic is kept").contains(TOPIC);
      }
      assertThat(ok.text()).contains("Verdict:");
      List<Path> written = new ArrayList<>();
      try (Stream<Path> s = Files.walk(out)) {
        s.filter(Files::isRegularFile).forEach(written::add);
      }
      assertThat(written).hasSizeGreaterThanOrEqualTo(3);
      for (Path f : written) {
        assertThat(readAll(f)).as("what " + f + " holds").doesNotContain(PASSWORD);
      }
      assertThat(ok.text()).doesNotContain(PASSWORD);

      Path wrong = tmp.resolve("wrong.properties");
      String wrongPassword = "not-the-pw-0c41d2";
      Files.writeString(wrong, clientProperties(wrongPassword), StandardCharsets.UTF_8);
      long t0 = System.nanoTime();
      CliRunner.Printed refused = CliRunner.printed("--root", Path.of("").toAbsolutePath().toString(), "campaign",
          "smoke", "--plan", plan.toString(), "--bootstrap", bootstrap, "--client-config", wrong.toString(), "--out",
          tmp.resolve("refused").toString());
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertThat(refused.code()).as(refused.text()).isEqualTo(ExitCode.HARNESS);
      assertThat(refused.text()).contains(bootstrap).doesNotContain(wrongPassword);
      assertThat(seconds).as("refused within the check's time")
          .isLessThan(ftl.harness.run.KafkaCluster.CHECK_SECONDS + 11);
      assertThat(tmp.resolve("refused")).doesNotExist();

      // bad input a cluster answers: each refused by the check, named, exit 5, nothing written
      Path twoPartitions = tmp.resolve("two.json");
      Files.writeString(twoPartitions, """
          {"campaign": "sasl-it2", "description": "IT: two partitions", "seed": 7,
           "defaults": {"events": 200, "partitions": 2}, "conditions": [{"name": "p2"}]}
          """, StandardCharsets.UTF_8);
      Path rf2 = tmp.resolve("rf2.json");
      Files.writeString(rf2, """
          {"campaign": "sasl-it3", "description": "IT: replication factor 2", "seed": 7, "brokers": 2,
           "defaults": {"events": 200}, "conditions": [{"name": "rf2", "replication_factor": 2}]}
          """, StandardCharsets.UTF_8);
      Map<String, List<String>> bad = Map.of(
          "--topic no-such-topic: no such topic", List.of("--plan", plan.toString(), "--topic", "no-such-topic"),
          "--topic " + TOPIC + " has 1 partitions, and the plan asks for 2", List.of("--plan", twoPartitions.toString(),
              "--topic", TOPIC),
          "has 1 broker, and the plan asks for replication_factor 2", List.of("--plan", rf2.toString()));
      for (Map.Entry<String, List<String>> e : bad.entrySet()) {
        List<String> args = new ArrayList<>(List.of("--root", Path.of("").toAbsolutePath().toString(), "campaign",
            "smoke",
            "--bootstrap", bootstrap, "--client-config", config.toString(), "--out", tmp.resolve("bad").toString()));
        args.addAll(e.getValue());
        CliRunner.Printed p = CliRunner.printed(args.toArray(String[]::new));
        assertThat(p.code()).as(p.text()).isEqualTo(ExitCode.HARNESS);
        assertThat(p.text()).contains(e.getKey()).doesNotContain(PASSWORD);
        assertThat(tmp.resolve("bad")).doesNotExist();
      }
    } finally {
      broker.destroy();
      if (!broker.waitFor(30, TimeUnit.SECONDS)) {
        broker.destroyForcibly();
      }
    }
  }

  private static Map<String, Object> adminSettings(String bootstrap) throws IOException {
    Properties client = new Properties();
    client.load(new java.io.StringReader(clientProperties(PASSWORD)));
    Map<String, Object> admin = new TreeMap<>();
    client.forEach((k, v) -> admin.put((String) k, v));
    admin.put("bootstrap.servers", bootstrap);
    admin.put("request.timeout.ms", 3000);
    admin.put("default.api.timeout.ms", 4000);
    return admin;
  }

  private static String readAll(Path f) throws IOException {
    byte[] raw = Files.readAllBytes(f);
    if (f.getFileName().toString().endsWith(".gz")) {
      try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(f))) {
        raw = in.readAllBytes();
      }
    }
    return new String(raw, StandardCharsets.ISO_8859_1);
  }

  static String clientProperties(String password) {
    return "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n"
        + "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"alice\" "
        + "password=\"" + password + "\";\n";
  }

  /** The embedded broker's settings with its client and inter-broker listener SASL_PLAINTEXT (PLAIN). */
  static String saslServerProperties(int port, int controllerPort, Path data) throws IOException {
    Properties p = new Properties();
    p.load(new java.io.StringReader(EmbeddedBroker.serverProperties(port, controllerPort, data)));
    p.put("listeners", "SASL_PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.put("advertised.listeners", "SASL_PLAINTEXT://127.0.0.1:" + port);
    p.put("inter.broker.listener.name", "SASL_PLAINTEXT");
    p.put("listener.security.protocol.map", "SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.put("sasl.enabled.mechanisms", "PLAIN");
    p.put("sasl.mechanism.inter.broker.protocol", "PLAIN");
    p.put("listener.name.sasl_plaintext.plain.sasl.jaas.config",
        "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"broker\" password=\"broker-pw\" "
            + "user_broker=\"broker-pw\" user_alice=\"" + PASSWORD + "\";");
    StringBuilder out = new StringBuilder("# SaslClientConfigIT\n");
    new TreeMap<>(p).forEach((k, v) -> out.append(k).append('=').append(v).append('\n'));
    return out.toString();
  }

  /** Waits until the SASL listener serves a client with the right password. */
  private static void awaitSasl(String bootstrap, Process broker, int seconds) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    String hostPort = bootstrap;
    int port = Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    while (true) {
      assertThat(broker.isAlive()).as("the SASL broker runs").isTrue();
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 500);
        break;
      } catch (IOException notYet) {
        assertThat(System.nanoTime()).as("listening within " + seconds + " s").isLessThan(deadline);
        Thread.sleep(200);
      }
    }
    try (Admin a = Admin.create(adminSettings(bootstrap))) {
      while (true) {
        try {
          if (!a.describeCluster().nodes().get(4, TimeUnit.SECONDS).isEmpty()) {
            return;
          }
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException notYet) {
          assertThat(System.nanoTime()).as("serving within " + seconds + " s").isLessThan(deadline);
        }
        Thread.sleep(200);
      }
    }
  }
}
