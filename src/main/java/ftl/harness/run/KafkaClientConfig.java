package ftl.harness.run;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.common.security.auth.SecurityProtocol;

/**
 * The Kafka client properties of {@code --client-config FILE} (issue #54: "your cluster as it is"): how the producer,
 * the consumer and the admin client reach a cluster that asks for TLS or SASL. Only {@code security.protocol},
 * {@code sasl.*} and {@code ssl.*} are taken: every other client setting is the plan's, so a file cannot change what
 * the runs measure behind the plan's back.
 *
 * <p><b>Secrets.</b> The values are never printed, logged or written: only {@link #NON_SECRET} keys' values appear in
 * {@link #summary} (the ledger's {@code client_config}), the other keys by name only; {@link #redact} hides every value
 * (and every quoted word of a JAAS configuration) in a message before it reaches a ledger or a terminal, in case a
 * client library echoes one.
 *
 * @param file where the settings were read (named in every message about them)
 * @param settings the settings, by key, in key order
 */
public record KafkaClientConfig(String file, Map<String, String> settings) {

  /** The keys whose values are not secret and are recorded. */
  public static final Set<String> NON_SECRET = Set.of("security.protocol", "sasl.mechanism");
  /** Largest client-config file read. */
  public static final long MAX_BYTES = 64 * 1024;
  /** No client config: the clients' defaults (PLAINTEXT). */
  public static final KafkaClientConfig NONE = new KafkaClientConfig("", Map.of());
  /** What a hidden value is shown as. */
  static final String HIDDEN = "[hidden]";
  /** A quoted word inside a JAAS configuration ({@code password="..."}). */
  private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");

  public KafkaClientConfig {
    settings = Map.copyOf(new TreeMap<>(settings));
  }

  /**
   * Reads a client-config file (Java properties, as Kafka's own tools take with {@code --command-config}).
   *
   * @throws IOException when the file cannot be read (the caller names it)
   * @throws DataException naming the file and line: a key other than {@code security.protocol}, {@code sasl.*} and
   *     {@code ssl.*}, an unknown {@code security.protocol}, an empty value, a file above {@value #MAX_BYTES} bytes
   */
  public static KafkaClientConfig read(Path file) throws IOException {
    String name = file.toString();
    if (Files.size(file) > MAX_BYTES) {
      throw new DataException(name, 0, "a client config of " + Files.size(file) + " bytes; at most " + MAX_BYTES
          + " are read");
    }
    String text = Files.readString(file, StandardCharsets.ISO_8859_1);
    return parse(name, text);
  }

  /** The settings of a properties text read from {@code file}; see {@link #read}. */
  static KafkaClientConfig parse(String file, String text) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      throw new DataException(file, 0, "not a properties file (" + e.getClass().getSimpleName() + ")");
    }
    List<String> lines = text.lines().toList();
    Map<String, String> out = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      String value = p.getProperty(key).strip();
      long line = lineOf(lines, key);
      if (!(key.equals("security.protocol") || key.startsWith("sasl.") || key.startsWith("ssl."))) {
        throw new DataException(file, line, "setting " + Echo.of(key) + " is not taken: a client config may set "
            + "security.protocol, sasl.* and ssl.* only (every other client setting is the plan's)");
      }
      if (value.isEmpty()) {
        throw new DataException(file, line, "setting " + Echo.of(key) + " has no value");
      }
      out.put(key, value);
    }
    String protocol = out.get("security.protocol");
    if (protocol != null) {
      List<String> known = SecurityProtocol.names();
      if (!known.contains(protocol.toUpperCase(Locale.ROOT))) {
        throw new DataException(file, lineOf(lines, "security.protocol"), "security.protocol: unknown protocol \""
            + Echo.of(protocol) + "\" (one of " + String.join(", ", known) + ")");
      }
      out.put("security.protocol", protocol.toUpperCase(Locale.ROOT));
    }
    return new KafkaClientConfig(file, out);
  }

  /** The 1-based line where {@code key} is set (its first line), 0 when it cannot be told (a continued key). */
  static long lineOf(List<String> lines, String key) {
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i).stripLeading();
      if (l.startsWith(key) && (l.length() == key.length() || "=: \t".indexOf(l.charAt(key.length())) >= 0)) {
        return i + 1L;
      }
    }
    return 0;
  }

  /** True when no setting was given. */
  public boolean isEmpty() {
    return settings.isEmpty();
  }

  /** Adds the settings to a client's properties (producer, consumer or admin client). */
  public void applyTo(Map<? super String, ? super String> clientProperties) {
    settings.forEach(clientProperties::put);
  }

  /**
   * What the ledger's {@code client_config} records: the {@link #NON_SECRET} settings as {@code key=value}, then the
   * other keys by name ({@code "security.protocol=SASL_PLAINTEXT sasl.mechanism=PLAIN; also sasl.jaas.config"}); ""
   * without a client config.
   */
  public String summary() {
    String shown = Stream.of("security.protocol", "sasl.mechanism").filter(settings::containsKey)
        .map(k -> k + "=" + settings.get(k)).collect(Collectors.joining(" "));
    String named = settings.keySet().stream().filter(k -> !NON_SECRET.contains(k)).collect(Collectors.joining(" "));
    if (named.isEmpty()) {
      return shown;
    }
    return shown.isEmpty() ? "keys " + named : shown + "; also " + named;
  }

  /**
   * {@code text} with every secret value hidden: the value of each setting not in {@link #NON_SECRET}, and every quoted
   * word of at least three characters inside one (a JAAS configuration's {@code username="..." password="..."}).
   */
  public String redact(String text) {
    if (text == null || settings.isEmpty()) {
      return text;
    }
    List<String> secrets = new ArrayList<>();
    for (Map.Entry<String, String> e : settings.entrySet()) {
      if (!NON_SECRET.contains(e.getKey())) {
        secrets.add(e.getValue());
        Matcher m = QUOTED.matcher(e.getValue());
        while (m.find()) {
          secrets.add(m.group(1));
        }
        secrets.addAll(Arrays.asList(e.getValue().split("[\\s;=\"]+")));
      }
    }
    // longest first, so a value containing another is hidden whole
    secrets.sort((a, b) -> Integer.compare(b.length(), a.length()));
    String out = text;
    for (String s : secrets) {
      if (s.length() >= 3 && !KEEP.contains(s)) {
        out = out.replace(s, HIDDEN);
      }
    }
    return out;
  }

  /**
   * Words of a JAAS configuration that are syntax, not secrets: hiding them would only garble a message (the login
   * module's class name stays readable).
   */
  private static final Set<String> KEEP = Set.of("required", "optional", "requisite", "sufficient", "username",
      "password", "org.apache.kafka.common.security.plain.PlainLoginModule",
      "org.apache.kafka.common.security.scram.ScramLoginModule");
}
