package ftl.quantity.core;

import ftl.stats.SignCheck;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One registry entry: everything the paper may say about one number.
 *
 * <p>Built by name, each part in turn, so no two parts of the same type can be swapped unseen and none can be left
 * out (a missing part does not compile; a null one is refused):
 * <pre>{@code
 * Quantity.key("events.ackNegative").macro("NegAckSpans").definition("events whose A = recv_ns - ack_ns is negative")
 *     .unit(Unit.COUNT).format(Format.GROUPED_INTEGER).scope(Scope.KAFKA_EVENTS)
 *     .function(SignCheck.class, "accept").computes(a -> ...)
 * }</pre>
 * The canonical constructor stays for tests that need an entry as a value.
 *
 * @param key dotted key, e.g. {@code events.ackNegative}
 * @param macro LaTeX macro name without backslash, letters only, e.g. {@code NegAckSpans}
 * @param definition one line saying what is counted or computed, over which runs
 * @param unit the unit of the value
 * @param format how the value is printed
 * @param scope which data the computation reads (drives laziness and the list of source files)
 * @param function the function that computes it, named for provenance (e.g. {@code ftl.stats.SignCheck#ackNegative})
 * @param computation the computation itself, over the lazily scanned data
 * @param declaredBy the method that declares the entry and builds its key, {@code pkg.Class#method}: the first caller
 *     of {@link #key} outside {@code ftl.quantity.core} that is not itself a builder of one entry (a method returning a
 *     {@code Quantity}, such as a section's private {@code q(...)} helper), read off the stack as the entry is
 *     declared ({@code declaringMethod}); a lambda counts as the method that encloses it
 */
// Nine components: an entry's whole declaration, built by name through key(...) below, never positionally elsewhere.
public record Quantity(String key, String macro, String definition, Unit unit, Format format, Scope scope,
                       String function, Function<Analysis, Value> computation, String declaredBy) {

  private static final Pattern KEY = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9][A-Za-z0-9_-]*)*");
  private static final Pattern MACRO = Pattern.compile("[A-Za-z]+");

  /** Which data a quantity reads. */
  public enum Scope {
    /** Ledgers only: no event file is opened. */
    LEDGERS,
    /** Every event file of the ok runs of the Kafka instrument. */
    KAFKA_EVENTS,
    /** Every event file of the ok runs of the no-JVM cross-check. */
    NOJVM_EVENTS,
    /** Every event file of the ok runs of the Java instrument on the other messaging systems (RabbitMQ, NATS). */
    SYSTEM_EVENTS,
    /** A table outside the campaigns (e.g. the harness audit). */
    TABLE,
    /** The real OpenMessaging Benchmark runs ({@code omb-real}) and the matched campaign's events. */
    OMB_REAL,
    /**
     * The runs of the tools people run on the other systems: OpenMessaging Benchmark's RabbitMQ and NATS drivers
     * ({@code omb-rabbitmq}, {@code omb-nats}) and RabbitMQ PerfTest ({@code perftest}).
     */
    TOOL_RUNS
  }

  /** Starts an entry with its dotted key; the next part is its macro. */
  public static MacroPart key(String key) {
    return new Parts(Objects.requireNonNull(key, "key"));
  }

  /** The same entry computed by {@code computation} instead (every other part kept, its declaring method too). */
  public Quantity withComputation(Function<Analysis, Value> computation) {
    return new Quantity(key, macro, definition, unit, format, scope, function, computation, declaredBy);
  }

  // Frames are read as class and method names only (no Class objects retained): the cheapest walk, stopped at the
  // first frame that qualifies (a few frames up).
  private static final StackWalker STACK = StackWalker.getInstance();
  private static final String CORE = Quantity.class.getPackageName() + ".";
  private static final String BUILDS_ONE = ")L" + Quantity.class.getName().replace('.', '/') + ";";
  private static final Pattern LAMBDA = Pattern.compile("^lambda\\$(.+)\\$\\d+$");

  /**
   * The method declaring the entry being built, {@code pkg.Class#method} (a nested class's name with dots): the first
   * frame of the calling thread's stack that is of the archive's code ({@code ftl.}), outside this package (this class
   * and the helpers every section shares, such as {@code Manipulations#addRatio}), and not a method returning one
   * {@code Quantity} (a builder of one entry, which many declarations share). A lambda's frame
   * ({@code lambda$forData$3}) names the method it is written in ({@code forData}); "unknown" when no frame qualifies.
   */
  static String declaringMethod() {
    return STACK.walk(frames -> frames.filter(Quantity::declares).findFirst().map(Quantity::siteName))
        .orElse("unknown");
  }

  private static boolean declares(StackWalker.StackFrame f) {
    String c = f.getClassName();
    return c.startsWith("ftl.") && !c.startsWith(CORE) && !f.getDescriptor().endsWith(BUILDS_ONE);
  }

  static String siteName(StackWalker.StackFrame f) {
    return siteName(f.getClassName(), f.getMethodName());
  }

  /** {@code pkg.Class#method} of a frame's binary class name and method name, a lambda's by its enclosing method. */
  static String siteName(String binaryClass, String method) {
    return binaryClass.replace('$', '.') + "#" + LAMBDA.matcher(method).replaceFirst("$1");
  }

  /** The entry's LaTeX macro name, after its key. */
  public interface MacroPart {
    /** The macro name without backslash, letters only. */
    DefinitionPart macro(String macro);
  }

  /** The entry's definition, after its macro. */
  public interface DefinitionPart {
    /** One line saying what is counted or computed, over which runs. */
    UnitPart definition(String definition);
  }

  /** The entry's unit, after its definition. */
  public interface UnitPart {
    /** The unit of the value. */
    FormatPart unit(Unit unit);
  }

  /** How the entry is printed, after its unit. */
  public interface FormatPart {
    /** How the value is printed. */
    ScopePart format(Format format);
  }

  /** Which data the entry reads, after its format. */
  public interface ScopePart {
    /** Which data the computation reads. */
    FunctionPart scope(Scope scope);
  }

  /** The function printed as the entry's provenance, after its scope. */
  public interface FunctionPart {
    /** The function that computes it, named for provenance ({@code pkg.Class#method}). */
    ComputationPart function(String function);

    /** The function that computes it: method {@code method} of {@code owner} ({@link Provenance#name}). */
    default ComputationPart function(Class<?> owner, String method) {
      return function(Provenance.name(owner, method));
    }
  }

  /** The computation, the last part: it builds the entry. */
  public interface ComputationPart {
    /** The entry, with {@code computation} over the lazily scanned data; every part checked as the constructor does. */
    Quantity computes(Function<Analysis, Value> computation);
  }

  /** The parts given so far; each stage sets one and hands back the next stage. */
  private static final class Parts
      implements MacroPart, DefinitionPart, UnitPart, FormatPart, ScopePart, FunctionPart, ComputationPart {
    private final String key;
    private String macro;
    private String definition;
    private Unit unit;
    private Format format;
    private Scope scope;
    private String function;

    private final String declaredBy;

    Parts(String key) {
      this.key = key;
      this.declaredBy = declaringMethod();
    }

    @Override
    public DefinitionPart macro(String macro) {
      this.macro = Objects.requireNonNull(macro, "macro");
      return this;
    }

    @Override
    public UnitPart definition(String definition) {
      this.definition = Objects.requireNonNull(definition, "definition");
      return this;
    }

    @Override
    public FormatPart unit(Unit unit) {
      this.unit = Objects.requireNonNull(unit, "unit");
      return this;
    }

    @Override
    public ScopePart format(Format format) {
      this.format = Objects.requireNonNull(format, "format");
      return this;
    }

    @Override
    public FunctionPart scope(Scope scope) {
      this.scope = Objects.requireNonNull(scope, "scope");
      return this;
    }

    @Override
    public ComputationPart function(String function) {
      this.function = Objects.requireNonNull(function, "function");
      return this;
    }

    @Override
    public Quantity computes(Function<Analysis, Value> computation) {
      return new Quantity(key, macro, definition, unit, format, scope, function, computation, declaredBy);
    }
  }

  public Quantity {
    Objects.requireNonNull(key);
    Objects.requireNonNull(macro);
    Objects.requireNonNull(definition);
    Objects.requireNonNull(unit);
    Objects.requireNonNull(format);
    Objects.requireNonNull(scope);
    Objects.requireNonNull(function);
    Objects.requireNonNull(computation);
    Objects.requireNonNull(declaredBy);
    if (!KEY.matcher(key).matches()) {
      throw new IllegalArgumentException("quantity key must be dotted camelCase: " + key);
    }
    if (!MACRO.matcher(macro).matches()) {
      throw new IllegalArgumentException("macro name must be letters only (LaTeX): " + macro);
    }
    if (definition.isBlank()) {
      throw new IllegalArgumentException("quantity " + key + " needs a definition");
    }
  }
}
