package ftl.audit;

import ftl.data.tool.HarnessTable;
import ftl.data.tool.ToolOutputFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What one tool output tells, in terms common to every format: the rules ({@link AuditRule}) judge this, never the
 * format's own lines.
 *
 * @param format the format read
 * @param recognisedBy how it was recognised (the lines, or {@code --format})
 * @param harness the harness audit's row for the tool and latency this output measured; empty when the output cannot
 *     say which (then {@code harnessWhy} says why)
 * @param harnessWhy why there is no row ({@code ""} when there is one)
 * @param figures every latency figure printed, in file order
 * @param counts how many messages the figures describe
 * @param sendIntervalNanos the send interval of the workload, when the output shows it ({@code sendIntervalBasis} says
 *     from what)
 * @param oneProcess whether one process read both stamps of every span: true, false, or empty when the output does not
 *     say ({@code oneProcessBasis} says from what)
 * @param notes what the tool left out or rounded, beyond the harness row, in words
 * @param alsoMeasured the harness audit's rows for the other latencies the output prints figures of, each judged on
 *     its own quantum ({@link Figure#quantumNanos}); the rules about samples and sign judge {@code harness}, the
 *     latency the output is audited for (OMB: end-to-end; its publish latency is also measured)
 */
public record Evidence(ToolOutputFormat format, String recognisedBy, Optional<HarnessTable.Row> harness,
    String harnessWhy,
                       List<Figure> figures, Counts counts, OptionalLong sendIntervalNanos, String sendIntervalBasis,
                       Optional<Boolean> oneProcess, String oneProcessBasis, List<String> notes,
                       List<HarnessTable.Row> alsoMeasured) {
  public Evidence {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(harness, "harness");
    Objects.requireNonNull(counts, "counts");
    figures = List.copyOf(figures);
    notes = List.copyOf(notes);
    alsoMeasured = List.copyOf(alsoMeasured);
    if (harness.isEmpty() == harnessWhy.isEmpty()) {
      throw new IllegalArgumentException("a reason exactly when there is no harness row: " + harnessWhy);
    }
  }

  /** The evidence of an output that measures one latency. */
  public Evidence(ToolOutputFormat format, String recognisedBy, Optional<HarnessTable.Row> harness, String harnessWhy,
      List<Figure> figures, Counts counts, OptionalLong sendIntervalNanos, String sendIntervalBasis,
      Optional<Boolean> oneProcess, String oneProcessBasis, List<String> notes) {
    this(format, recognisedBy, harness, harnessWhy, figures, counts, sendIntervalNanos, sendIntervalBasis, oneProcess,
        oneProcessBasis, notes, List.of());
  }

  /** The stamps' quantum in ns, when the harness row gives one. */
  public OptionalLong quantumNanos() {
    return harness.isPresent() ? harness.get().quantumNanos() : OptionalLong.empty();
  }
}
