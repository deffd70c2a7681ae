package ftl.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import ftl.data.ledger.EventFormat;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerSchema;
import ftl.data.registration.PlanReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The two plan readers on every committed plan (a consistency check; see the class docs of {@link PlanParser} and
 * {@link PlanReader} for why there are two): the analysis's reader takes every plan; a plan of a campaign whose
 * ledger is the Kafka instrument's is one the instrument's strict parser accepts, with the same campaign name, and
 * every condition its ledger names is one of the plan's.
 */
class PlanReadersTest {

  static Stream<Path> committedPlans() throws IOException {
    try (Stream<Path> dirs = Files.list(Path.of("data"))) {
      return dirs.map(d -> d.resolve(EventFormat.PLAN_FILE)).filter(Files::isRegularFile).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("committedPlans")
  void read_committedPlan_bothReadersAgreeOnTheKafkaInstrumentsPlans(Path plan) throws IOException {
    JsonNode tree = PlanReader.read(plan, plan.toString()).json();
    if (!Files.exists(plan.resolveSibling(EventFormat.LEDGER_FILE))) {
      // registered, not yet run: the instrument must accept it as it stands (criteria and exclusion rule included)
      assertThat(PlanParser.read(plan).campaign()).isEqualTo(tree.path("campaign").asText());
      return;
    }
    List<CSVRecord> rows = new ArrayList<>();
    try (var in = Files.newBufferedReader(plan.resolveSibling(EventFormat.LEDGER_FILE), StandardCharsets.UTF_8)) {
      CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(in).forEach(rows::add);
    }
    boolean kafka = rows.get(0).isMapped(LedgerSchema.INSTRUMENT.name())
        && rows.get(0).get(LedgerSchema.INSTRUMENT.name()).equals(Instrument.KAFKA.word());
    if (!kafka) {
      assertThat(tree.isObject()).isTrue();
      return;
    }
    Plan parsed = PlanParser.read(plan);
    assertThat(parsed.campaign()).isEqualTo(tree.path("campaign").asText());
    Set<String> planned = parsed.conditions().stream().map(Condition::name)
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> ran = rows.stream().map(r -> r.get(LedgerSchema.CONDITION.name()))
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(planned).as(plan + ": the ledger's conditions are the plan's").containsAll(ran);
  }
}
