package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.util.RawValue;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Format;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code list --json} written field by field through the streaming generator gives the bytes databind gives for the
 * same objects as maps (how it was written before): every kind of value, texts that need escaping, every scope's
 * sources.
 * Synthetic quantities; an equivalence check of two writers.
 */
class ListJsonTest {

  private static Quantity q(String key, Quantity.Scope scope, String definition) {
    return Quantity.key(key).macro("Macro" + key.replaceAll("[^A-Za-z]", "")).definition(definition).unit(Unit.FRACTION)
        .format(Format.PERCENT_2DP)
        .scope(scope).function("ftl.quantity.Registry#x").computes(a -> null);
  }

  @Test
  void writeJson_isDatabindsOutputOfTheSameMaps() throws Exception {
    String odd =
        "quote \" backslash \\ tab \t newline \n bell \u0007 e-acute \u00e9 snowman \u2603 astral \ud83d\ude00";
    List<Computed> computed = List.of(
        new Computed(q("a.count", Quantity.Scope.LEDGERS, "a count"), new Value.Count(1_927_600), "1,927,600",
        "1{,}927{,}600"),
        new Computed(q("a.zero", Quantity.Scope.LEDGERS, "zero"), new Value.Count(0), "0", "0"),
        new Computed(q("a.real", Quantity.Scope.KAFKA_EVENTS, "a real"), new Value.Real(0.006666666666666667), "0.67%",
        "x"),
        new Computed(q("a.tiny", Quantity.Scope.KAFKA_EVENTS, "tiny"), new Value.Real(-4.9e-324), "t", "x"),
        new Computed(q("a.huge", Quantity.Scope.NOJVM_EVENTS, "huge"), new Value.Real(1.7976931348623157e308), "h",
        "x"),
        new Computed(q("a.negzero", Quantity.Scope.NOJVM_EVENTS, "negative zero"), new Value.Real(-0.0), "-0", "x"),
        new Computed(q("a.range", Quantity.Scope.TABLE, "a range"), new Value.Range(0.0283, 1.0), "2.83% to 100%", "x"),
        new Computed(q("a.held", Quantity.Scope.OMB_REAL, "held"), new Value.Verdict(true, "b"), "held", "x"),
        new Computed(q("a.failed", Quantity.Scope.OMB_REAL, odd), new Value.Verdict(false, "b"), odd, "x"),
        new Computed(q("a.untestable", Quantity.Scope.TABLE, "untestable"), new Value.Untestable("no"),
        "not testable here", "x"),
        new Computed(q("a.none", Quantity.Scope.KAFKA_EVENTS, "none"), new Value.Unavailable(odd), "ignored", "x"));
    Map<Quantity.Scope, List<String>> files = Map.of(
        Quantity.Scope.LEDGERS, List.of("data/modeA/ledger.csv", "data/modeB/ledger.csv"),
        Quantity.Scope.KAFKA_EVENTS, List.of("data/modeA/ledger.csv", "data/modeA/events/r0001.csv.gz"),
        Quantity.Scope.NOJVM_EVENTS, List.of(),
        Quantity.Scope.TABLE, List.of("data/audit/weird \"name\".csv"),
        Quantity.Scope.OMB_REAL, List.of("data/omb-real/ledger.csv"));

    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    ListCommand.writeJson(computed, q -> files.get(q.scope()), streamed);

    ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    List<Map<String, Object>> maps = new ArrayList<>();
    for (Computed c : computed) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("key", c.quantity().key());
      m.put("value", c.value().json());
      m.put("text", c.available() ? c.text() : null);
      m.put("macro", "\\" + c.quantity().macro());
      m.put("unit", c.quantity().unit().symbol());
      m.put("definition", c.quantity().definition());
      m.put("function", c.quantity().function());
      m.put("declaredBy", c.quantity().declaredBy());
      m.put("sources", new RawValue(om.writeValueAsString(files.get(c.quantity().scope()))));
      if (c.value() instanceof Value.Unavailable u) {
        m.put("reason", u.reason());
      }
      maps.add(m);
    }
    ByteArrayOutputStream databind = new ByteArrayOutputStream();
    om.writeValue(databind, maps);

    assertThat(streamed.toString(StandardCharsets.UTF_8))
        .isEqualTo(databind.toString(StandardCharsets.UTF_8));
    assertThat(streamed.toByteArray()).isEqualTo(databind.toByteArray());
  }
}
