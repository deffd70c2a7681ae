package ftl.quantity.core;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.JsonValue;
import ftl.data.registration.Criteria;
import ftl.data.registration.PlanDigest;
import ftl.data.registration.PlanReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The folders of the tools people run on the other systems (OpenMessaging Benchmark's drivers, RabbitMQ PerfTest):
 * not instrument campaigns, each read through the data root's gate with its ledger and, when it has one, its plan; a
 * folder whose plan registers criteria becomes a campaign {@link ftl.quantity.verdict.PlanCriteria} judges. One reading
 * for every tool's section.
 */
public final class ToolFolders {
  private ToolFolders() {}

  /**
   * A tool's folder of the data root (one that is not an instrument campaign): the gate to read it through, its name
   * as messages show it, and its plan when it has one.
   */
  public record ToolFolder(DataGate gate, String display, Optional<JsonValue> plan) {}

  /** The tool folder {@code rel} when the root holds it with its ledger; empty otherwise. */
  public static Optional<ToolFolder> toolFolder(DataSet data, String rel) {
    if (!data.otherFolders().contains(rel) || !data.gate().orElseThrow().isFile(rel + "/ledger.csv")) {
      return Optional.empty();
    }
    DataGate gate = data.gate().orElseThrow();
    Optional<JsonValue> plan = gate.isFile(rel + "/plan.json") ? Optional.of(PlanReader.read(gate, rel + "/plan.json"))
        : Optional.empty();
    return Optional.of(new ToolFolder(gate, data.displayRoot() + "/" + rel, plan));
  }

  /**
   * A tool's folder {@code rel} as a campaign {@link ftl.quantity.verdict.PlanCriteria} judges, when its {@code plan}
   * registers criteria: no instrument rows, the plan digest its runs name ({@code digests}: run id to the ledger's
   * {@code plan_sha256}) proved by {@link #digest(List, String, String)}. Shared by every tool's folder (OMB's drivers,
   * RabbitMQ PerfTest).
   */
  public static Optional<Campaign> registered(DataSet data, String rel, JsonValue plan, List<Map.Entry<String,
      String>> digests) {
    DataGate gate = data.gate().orElseThrow();
    byte[] bytes = gate.read(rel + "/plan.json", DataGate.Kind.PLAN);
    Optional<Criteria.Section> criteria = Criteria.read(plan.json(), bytes,
        Criteria.conditionNames(plan.json()), gate.name(rel + "/plan.json"));
    if (criteria.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Campaign(rel, data.root().resolve(rel), gate.name(rel), Optional.of(plan), List.of(), gate,
        rel,
        criteria, digest(digests, PlanDigest.of(bytes), gate.name(rel + "/ledger.csv"))));
  }

  /**
   * The plan digest every run names ({@code runs}: run id to its ledger's {@code plan_sha256}, empty when the ledger
   * has none), when it is the plan's; empty when no run names one.
   *
   * @throws DataException when runs name different digests, or one that is not the plan's
   */
  public static Optional<String> digest(List<Map.Entry<String, String>> runs, String planSha256, String ledgerName) {
    String first = null;
    for (Map.Entry<String, String> e : runs) {
      String d = e.getValue();
      if (first == null) {
        first = d;
      } else if (!d.equals(first)) {
        throw new DataException(ledgerName, 0, "run " + e.getKey() + " names plan digest \"" + d + "\" while the first "
            + "run names \"" + first + "\": one ledger is taken under one plan", null);
      }
    }
    if (first == null || first.isEmpty()) {
      return Optional.empty();
    }
    if (!first.equals(planSha256)) {
      throw new DataException(ledgerName, 0, "the runs name plan digest " + first + ", and plan.json has SHA-256 "
          + planSha256 + ": the plan was changed after its runs", null);
    }
    return Optional.of(first);
  }
}
