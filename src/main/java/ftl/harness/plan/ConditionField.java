package ftl.harness.plan;

import ftl.data.ledger.LedgerSchema;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A condition field declared once (issue #42): its plan key is its ledger column's name, its type the column's
 * ({@link LedgerSchema.Type}: an integer, a word, a boolean...), its default and range here, and the systems whose
 * runs apply it. The plan parser reads it by its type ({@link PlanParser}), a {@link Condition} holds its value
 * ({@link Condition#get}), the campaign runner writes it into its column (empty on a system it does not apply to), and
 * a plan for such a system that sets it is refused by name. So a new condition field is its column
 * ({@link LedgerSchema}), this declaration among {@link ConditionDefaults}' and the code that applies it.
 *
 * @param <T> the value's Java type: {@link Long} for an integer column, {@link String} for a string one,
 *     {@link Boolean} for a boolean one
 */
public final class ConditionField<T> {
  private final LedgerSchema.Column column;
  private final Class<T> type;
  private final T defaultValue;
  private final Bounds bounds;
  private final String shortLabel;
  private final Set<String> systems;

  /**
   * The range an integer field's value must lie in, both ends inclusive; {@link #NONE} for a field of another type.
   *
   * @param min the smallest value allowed
   * @param max the largest value allowed
   */
  private record Bounds(long min, long max) {
    static final Bounds NONE = new Bounds(0, 0);

    boolean contain(long n) { return n >= min && n <= max; }
  }

  // The whole declaration; built only by the typed factories below.
  private ConditionField(LedgerSchema.Column column, Class<T> type, T defaultValue, Bounds bounds, String shortLabel,
      Set<String> systems) {
    this.column = Objects.requireNonNull(column, "column");
    this.type = type;
    this.defaultValue = Objects.requireNonNull(defaultValue, "defaultValue");
    this.bounds = bounds;
    this.shortLabel = Objects.requireNonNull(shortLabel, "shortLabel");
    this.systems = Set.copyOf(systems);
    LedgerSchema.Type expected = type == Long.class ? LedgerSchema.Type.INTEGER
        : type == Boolean.class ? LedgerSchema.Type.BOOLEAN : LedgerSchema.Type.STRING;
    if (column.type() != expected) {
      throw new IllegalArgumentException(column.name() + " is of type " + column.type().word() + ", not "
          + expected.word());
    }
    check(defaultValue);
  }

  /**
   * An integer field in {@code min..max} (both inclusive).
   *
   * @param shortLabel its label in a matrix-generated condition name ({@code fmb}); "" for none
   * @param systems the ledger {@code system} words whose runs apply it ({@link LedgerSchema#SYSTEM_WORDS})
   */
  public static ConditionField<Long> integer(LedgerSchema.Column column, long defaultValue, long min, long max,
                                             String shortLabel, Set<String> systems) {
    return new ConditionField<>(column, Long.class, defaultValue, new Bounds(min, max), shortLabel, systems);
  }

  /** A boolean field ({@code true} or {@code false} in the plan, as in the ledger). */
  public static ConditionField<Boolean> flag(LedgerSchema.Column column, boolean defaultValue, String shortLabel,
                                             Set<String> systems) {
    return new ConditionField<>(column, Boolean.class, defaultValue, Bounds.NONE, shortLabel, systems);
  }

  /** The plan key and ledger column name. */
  public String name() { return column.name(); }

  public LedgerSchema.Column column() { return column; }

  /** The type of its values. */
  public Class<T> type() { return type; }

  /** Its value in a condition that does not set it. */
  public T defaultValue() { return defaultValue; }

  /** Its label in a matrix-generated condition name, "" for none. */
  public String shortLabel() { return shortLabel; }

  /** True when a run on {@code system} (a ledger {@code system} word) applies it. */
  public boolean appliesTo(String system) { return systems.contains(system); }

  /**
   * {@code value} as this field's type, checked against its range or words.
   *
   * @throws Condition.InvalidField naming the field when the value is out of its range or not one of its words
   */
  T check(Object value) {
    T v = type.cast(Objects.requireNonNull(value, column.name()));
    if (v instanceof Long n && !bounds.contain(n)) {
      throw new Condition.InvalidField(name(), "must be " + bounds.min() + ".." + bounds.max() + " (was " + n + ")");
    }
    if (v instanceof String w && !column.allows(w)) {
      throw new Condition.InvalidField(name(), "must be one of " + String.join(", ", column.allowed()) + " (was \"" + w
          + "\")");
    }
    return v;
  }

  /** The ledger cell of {@code value} ({@code true}/{@code false}, the integer, the word). */
  public String cell(Object value) {
    return String.valueOf(type.cast(value));
  }

  @Override
  public String toString() { return name(); }

  /** The names of {@code fields}. */
  static List<String> names(List<ConditionField<?>> fields) {
    return fields.stream().map(ConditionField::name).toList();
  }
}
