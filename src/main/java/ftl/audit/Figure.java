package ftl.audit;

import java.util.Objects;

/**
 * One latency figure a tool printed, with what printing did to it.
 *
 * @param name what the figure is ({@code 50th percentile}, {@code median}, {@code average}), as the tool names it
 * @param printed the figure as printed, with its unit ({@code 1 ms}, {@code 202 µs})
 * @param valueNanos the figure in ns
 * @param printStepNanos how far the printed number may lie from the value the tool computed from its stamps: one unit
 *     of its last digit when the tool truncates or rounds to it ({@code elapsed / 1000 / 1000}: 1 ms; {@code %.2f} of
 *     ms: 10 µs), 0 when it prints that value exactly (whole milliseconds printed with {@code %d})
 * @param line the line it was printed on
 * @param quantumNanos the quantum of this figure's stamps when it is not the output's (an OMB result holds an
 *     end-to-end and a publish latency, on two clocks), or 0 for the output's ({@link Evidence#quantumNanos})
 */
public record Figure(String name, String printed, double valueNanos, double printStepNanos, long line,
    long quantumNanos) {
  public Figure {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(printed, "printed");
    if (!Double.isFinite(valueNanos) || !(printStepNanos >= 0) || Double.isInfinite(printStepNanos) || line < 1
        || quantumNanos < 0) {
      throw new IllegalArgumentException("figure " + name + ": value " + valueNanos + ", step " + printStepNanos
          + ", line " + line + ", quantum " + quantumNanos);
    }
  }

  /** A figure on the output's quantum. */
  public Figure(String name, String printed, double valueNanos, double printStepNanos, long line) {
    this(name, printed, valueNanos, printStepNanos, line, 0);
  }

  /**
   * The quantum this figure is judged on: its own, or else the output's.
   *
   * @param outputQuantumNanos the output's quantum (the harness row's), or a value below 1 when unknown
   */
  public long quantumOr(long outputQuantumNanos) {
    return quantumNanos > 0 ? quantumNanos : outputQuantumNanos;
  }

  /**
   * The width of the interval of true latencies the printed figure can stand for: {@code 2 q + printStep}. A difference
   * of two stamps on a grid of quantum {@code q} lies within {@code q} of the true span on either side; printing adds
   * its own step. In ns.
   *
   * @param quantumNanos the stamps' quantum {@code q} (the harness audit's {@code quantum_ns})
   */
  public double widthNanos(long quantumNanos) {
    return 2.0 * quantumNanos + printStepNanos;
  }

  /** True when the figure exceeds that width, so it tells at least the latency's order of magnitude. */
  public boolean resolved(long quantumNanos) {
    return valueNanos > widthNanos(quantumNanos);
  }
}
