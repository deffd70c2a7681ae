package ftl.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --client-config} (issue #54): what is taken, what is refused by name and line, and that no secret is shown.
 */
class KafkaClientConfigTest {

  private static final String JAAS = "org.apache.kafka.common.security.plain.PlainLoginModule required "
      + "username=\"alice\" password=\"s3cr3t-pw\";";

  @TempDir Path tmp;

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("unknown protocol", "sasl.mechanism=PLAIN\nsecurity.protocol=SASL_FOO\n",
            "c.properties:2: security.protocol: unknown protocol \"SASL_FOO\" (one of PLAINTEXT, SSL, "
            + "SASL_PLAINTEXT, SASL_SSL)"),
        Arguments.of("a plan setting", "security.protocol=SSL\nacks=0\n",
            "c.properties:2: setting acks is not taken: a client config may set security.protocol, sasl.* and ssl.* "
            + "only"),
        Arguments.of("an empty value", "# comment\nssl.truststore.location=\n",
            "c.properties:2: setting ssl.truststore.location has no value"),
        Arguments.of("a malformed escape", "sasl.mechanism=\\u00zz\n", "c.properties: not a properties file"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void parse_badInput_namesFileLineAndSetting(String label, String text, String message) {
    assertThatThrownBy(() -> KafkaClientConfig.parse("c.properties", text)).isInstanceOf(DataException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void parse_lowerCaseProtocol_takenUpperCase() {
    assertThat(KafkaClientConfig.parse("c", "security.protocol=sasl_ssl\n").settings())
        .containsEntry("security.protocol", "SASL_SSL");
  }

  @Test
  void read_tooLarge_refusedNamingTheFile() throws Exception {
    Path f = tmp.resolve("big.properties");
    Files.writeString(f, "ssl.key.password=" + "x".repeat((int) KafkaClientConfig.MAX_BYTES));
    assertThatThrownBy(() -> KafkaClientConfig.read(f)).isInstanceOf(DataException.class)
        .hasMessageContaining(f.toString());
  }

  @Test
  void summaryAndRedact_saslConfig_noSecretShown() throws Exception {
    Path f = tmp.resolve("c.properties");
    Files.writeString(f, "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.jaas.config="
        + JAAS.replace("\"", "\\\"") + "\n");
    KafkaClientConfig c = KafkaClientConfig.read(f);
    assertThat(c.summary()).isEqualTo("security.protocol=SASL_PLAINTEXT sasl.mechanism=PLAIN; also sasl.jaas.config");
    assertThat(c.redact("login failed for alice with s3cr3t-pw (PlainLoginModule)"))
        .isEqualTo("login failed for [hidden] with [hidden] (PlainLoginModule)");
    Properties p = new Properties();
    c.applyTo(p);
    assertThat(p).containsEntry("sasl.mechanism", "PLAIN").containsKey("sasl.jaas.config");
  }

  @Test
  void summary_onlySecretKeys_namedNotShown() {
    KafkaClientConfig c = KafkaClientConfig.parse("c", "ssl.keystore.password=hunter22\n");
    assertThat(c.summary()).isEqualTo("keys ssl.keystore.password");
    assertThat(KafkaClientConfig.NONE.summary()).isEmpty();
    assertThat(KafkaClientConfig.NONE.redact("hunter22")).isEqualTo("hunter22");
  }

  static Stream<Arguments> bootstraps() {
    return Stream.of(
        Arguments.of("one", "127.0.0.1:9092", "127.0.0.1:9092"),
        Arguments.of("ftl broker --brokers 3", "127.0.0.1:40001,127.0.0.2:40002,127.0.0.3:40003",
            "127.0.0.1:40001,127.0.0.2:40002,127.0.0.3:40003"),
        Arguments.of("blanks", " kafka-1.example:9093 , kafka-2.example:9093",
        "kafka-1.example:9093,kafka-2.example:9093"),
        Arguments.of("ipv6", "[::1]:9092", "[::1]:9092"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bootstraps")
  void bootstrapList_lists_accepted(String label, String given, String normal) {
    assertThat(KafkaCluster.bootstrapList(given)).isEqualTo(normal);
  }

  @ParameterizedTest
  @MethodSource("badBootstraps")
  void bootstrapList_notHostPort_refusedNamingTheEntry(String given, String entry) {
    assertThatThrownBy(() -> KafkaCluster.bootstrapList(given)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"" + entry + "\" is not");
  }

  static Stream<Arguments> badBootstraps() {
    return Stream.of(Arguments.of("host", "host"), Arguments.of("a:1,,b:2", ""), Arguments.of("a:1,b:99999", "b:99999"),
        Arguments.of("a:1;b:2", "a:1;b:2"));
  }

  @Test
  void kafkaCluster_badTopicName_refused() {
    assertThatThrownBy(() -> new KafkaCluster("a:1", KafkaClientConfig.NONE, "no/slash"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--topic");
  }
}
