package ftl.quantity;

/**
 * A quantity with its value and printed forms.
 *
 * @param quantity the registry entry
 * @param value what the computation gave
 * @param text the plain-text form a reader quotes (e.g. {@code 62,264})
 * @param latex the LaTeX form the macro expands to
 */
public record Computed(Quantity quantity, Value value, String text, String latex) {

  /** Computes one quantity over the analysis. */
  public static Computed of(Quantity q, Analysis a) {
    Value v = q.computation().apply(a);
    return new Computed(q, v, q.format().text(v, q.unit()), q.format().latex(v, q.unit()));
  }

  public boolean available() {
    return value.available();
  }
}
