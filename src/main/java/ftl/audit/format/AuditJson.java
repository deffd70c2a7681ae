package ftl.audit.format;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import ftl.audit.Evidence;
import ftl.audit.Figure;
import ftl.audit.OutputAudit;
import ftl.audit.RuleResult;
import ftl.data.tool.HarnessTable;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * {@code ftl audit --json}: one object per file, the same facts as {@link AuditText} with every number as a number.
 * Field names are snake_case and stable; a file that could not be read is an object with {@code error}.
 */
public final class AuditJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private AuditJson() {}

  /** The object for one audited file. */
  public static ObjectNode of(OutputAudit a) {
    Evidence e = a.evidence();
    ObjectNode o = NODES.objectNode();
    o.put("file", a.file());
    o.put("format", e.format().id());
    o.put("tool", e.format().tool());
    o.put("recognised_by", e.recognisedBy());
    o.put("trusted", a.trusted());
    o.put("verdict", AuditText.verdict(a));
    if (e.harness().isPresent()) {
      row(o.putObject("harness"), e.harness().get());
    } else {
      o.putNull("harness");
      o.put("harness_unknown", e.harnessWhy());
    }
    ArrayNode also = o.putArray("also_measured");
    e.alsoMeasured().forEach(h -> row(also.addObject(), h));
    ObjectNode s = o.putObject("samples");
    optional(s, "delivered", e.counts().delivered());
    optional(s, "kept", e.counts().kept());
    if (e.counts().known()) {
      s.put("kept_share", e.counts().keptShare());
    } else {
      s.putNull("kept_share");
    }
    s.put("words", e.counts().words());
    ArrayNode notes = o.putArray("notes");
    e.notes().forEach(notes::add);
    if (a.grid().isPresent()) {
      ObjectNode g = o.putObject("grid_law");
      g.put("send_interval_ns", a.grid().get().sendIntervalNanos());
      g.put("basis", a.grid().get().basis());
      g.put("quantum_ns", a.grid().get().quantumNanos());
      g.put("a", a.grid().get().reduced().numerator());
      g.put("b", a.grid().get().reduced().denominator());
      g.put("words", a.grid().get().words());
    } else {
      o.putNull("grid_law");
    }
    ArrayNode figures = o.putArray("figures");
    long q = e.quantumNanos().orElse(-1);
    for (Figure f : e.figures()) {
      ObjectNode x = figures.addObject();
      x.put("name", f.name());
      x.put("printed", f.printed());
      x.put("line", f.line());
      x.put("value_ns", f.valueNanos());
      x.put("print_step_ns", f.printStepNanos());
      if (q > 0) {
        x.put("quantum_ns", f.quantumOr(q));
        x.put("width_ns", f.widthNanos(f.quantumOr(q)));
        x.put("resolved", f.resolved(f.quantumOr(q)));
      } else {
        x.putNull("quantum_ns");
        x.putNull("width_ns");
        x.putNull("resolved");
      }
    }
    ArrayNode rules = o.putArray("rules");
    for (RuleResult r : a.results()) {
      ObjectNode x = rules.addObject();
      x.put("id", r.rule().id());
      x.put("title", r.rule().statement().summary());
      x.put("bound", r.rule().statement().bound());
      x.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
      x.put("judged", r.judged());
      ArrayNode failing = x.putArray("failing");
      r.failing().forEach(failing::add);
      x.put("evidence", r.evidence());
    }
    return o;
  }

  /**
   * The object for a file that could not be read: its name, and the error with its file and line (0: the whole file).
   */
  public static ObjectNode error(String file, String errorFile, long line, String problem) {
    ObjectNode o = NODES.objectNode();
    o.put("file", file);
    ObjectNode err = o.putObject("error");
    err.put("file", errorFile);
    err.put("line", line);
    err.put("problem", problem);
    return o;
  }

  /** A harness audit row: where it is, and the cells the audit uses. */
  private static void row(ObjectNode r, HarnessTable.Row h) {
    r.put("file", h.file());
    r.put("line", h.line());
    for (String c : new String[] {"harness", "latency", "send_clock", "recv_clock"}) {
      r.put(c, h.cell(c));
    }
    OptionalLong q = h.quantumNanos();
    if (q.isPresent()) {
      r.put("quantum_ns", q.getAsLong());
    } else {
      r.putNull("quantum_ns");
    }
    for (String c : new String[] {"zero_difference", "negative_difference", "drops_counted"}) {
      r.put(c, h.cell(c));
    }
  }

  private static void optional(ObjectNode o, String field, OptionalLong v) {
    if (v.isPresent()) {
      o.put(field, v.getAsLong());
    } else {
      o.putNull(field);
    }
  }
}
