package ftl.cli;

import ftl.quantity.core.Format;
import ftl.quantity.core.Unit;
import ftl.quantity.core.Value;
import ftl.stats.ExactFraction;
import ftl.stats.GridLaw;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code ftl gridlaw --interval <dur> --quantum <dur> [--latency <dur>] [--phase <dur>] [--offset <dur>]}. */
@Command(name = "gridlaw", mixinStandardHelpOptions = true,
    description = {"The grid law, exact: s/q = a/b in lowest terms puts send phases on b equally spaced points,",
        "so retention over whole cycles is a multiple of 1/b. With --latency L (< q) a sample is kept iff its",
        "phase is >= 1 - L/q; prints the predicted retention for the given start --phase.",
        "With --offset D (the producer's clock D ahead of the consumer's; negative: behind) CreateTime is stamped",
        "on the producer's clock, M = floor((phi + L - D)/q) for producer phase phi, and it prints how many of the",
        "b phases are kept (M >= 1), dropped as zero, one-tick negative (M = -1) and deeper (M <= -2).",
        "Durations take a unit: 1250us, 1ms, 500ns, 1.25ms."},
    footer = ExitCode.HELP_FOOTER)
public final class GridlawCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--interval", required = true, paramLabel = "DUR", description = "Send interval s.")
  String interval;

  @Option(names = "--quantum", required = true, paramLabel = "DUR", description =
      "Timestamp quantum q (1ms for create_ms).")
  String quantum;

  @Option(names = "--latency", paramLabel = "DUR", description = "Latency L of every sample (constant).")
  String latency;

  @Option(names = "--phase", paramLabel = "DUR", defaultValue = "0ns", description =
      "Phase of the first send within the quantum, on the consumer's clock (default 0ns).")
  String phase;

  @Option(names = "--offset", paramLabel = "DUR", description =
      "Clock offset: the producer's clock minus the consumer's, signed (e.g. 700us, -1.5ms).")
  String offset;

  @Override
  public Integer call() {
    long s = parse(interval, "--interval");
    long q = parse(quantum, "--quantum");
    if (s <= 0 || q <= 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--interval and --quantum must be positive");
    }
    ExactFraction f = GridLaw.reduce(s, q);
    long b = f.denominator();
    System.out.printf("send interval s = %d ns, quantum q = %d ns%n", s, q);
    System.out.printf("s/q = %d/%d in lowest terms: send phases fall on b = %d point%s per quantum%n",
        f.numerator(), b, b, b == 1 ? "" : "s");
    System.out.println("retention over whole cycles is a multiple of 1/" + b + ": " + allowed(b));
    if (b == 1) {
      System.out.println(
          "(b = 1: every send has the same phase, so a run keeps all or nothing; the start phase decides)");
    }
    if (latency != null) {
      long l = parse(latency, "--latency");
      long o = parse(phase, "--phase");
      if (l < 0) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--latency must not be negative");
      }
      if (offset != null) {
        long d = offset.strip().startsWith("-") ? -parse(offset.strip().substring(1), "--offset")
            : parse(offset, "--offset");
        GridLaw.OffsetPrediction p;
        try {
          p = GridLaw.predictWithOffset(s, q, l, o, d);
        } catch (IllegalArgumentException e) {
          throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ExactFraction r = p.retention();
        ExactFraction one = p.oneTickShare();
        System.out.printf(
            "latency L = %d ns, phase %d ns, clock offset %d ns (producer %s): of %d phases %d kept, %d zero, %d "
            + "one-tick negative, %d deeper%n",
            l, o, d, d >= 0 ? "ahead" : "behind", p.phases(), p.kept(), p.zero(), p.oneTickNegative(),
            p.deeperNegative());
        System.out.printf("predicted retention = %d/%d = %s%n", r.numerator(), r.denominator(),
            Format.PERCENT_2DP.text(new Value.Real(r.doubleValue()), Unit.FRACTION));
        System.out.printf("predicted one-tick negatives = %d/%d = %s of the samples%n", one.numerator(),
            one.denominator(),
            Format.PERCENT_2DP.text(new Value.Real(one.doubleValue()), Unit.FRACTION));
        return ExitCode.OK;
      }
      GridLaw.Prediction p = GridLaw.predict(s, q, l, o);
      ExactFraction r = p.retention();
      System.out.printf("latency L = %d ns, offset %d ns: %d of %d phases kept%n", l, o, p.keptPhases(), p.phases());
      System.out.printf("predicted retention = %d/%d = %s%n", r.numerator(), r.denominator(),
          Format.PERCENT_2DP.text(new Value.Real(r.doubleValue()), Unit.FRACTION));
      if (l < q) {
        System.out.printf("(as b grows retention approaches L/q = %s)%n",
            Format.PERCENT_2DP.text(new Value.Real((double) l / q), Unit.FRACTION));
      }
    }
    return ExitCode.OK;
  }

  private long parse(String text, String option) {
    try {
      return DurationParser.nanos(text);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), option + ": " + e.getMessage());
    }
  }

  private static String allowed(long b) {
    List<String> out = new ArrayList<>();
    if (b <= 12) {
      for (long k = 0; k <= b; k++) {
        ExactFraction x = ExactFraction.of(k, b);
        out.add(x.numerator() + (x.denominator() == 1 ? "" : "/" + x.denominator()));
      }
      return String.join(", ", out);
    }
    return "0, 1/" + b + ", 2/" + b + ", ..., " + (b - 1) + "/" + b + ", 1";
  }
}
