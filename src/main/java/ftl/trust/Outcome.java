package ftl.trust;

import java.util.Locale;

/**
 * How one rule came out on what it judged, shared by {@code ftl report}'s trust rules ({@code ftl.report.TrustRule})
 * and {@code ftl audit}'s rules ({@code ftl.audit.AuditRule}): it holds, it fails, or it had nothing to judge (said,
 * with what would be needed, and never counted as holding or failing).
 */
public enum Outcome {
  HOLDS, FAILS, NOT_JUDGED;

  /** The word written in a report's JSON and prose: {@code holds}, {@code fails}, {@code not judged}. */
  public String word() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /** As a table prints it, a failure in capitals to stand out: {@code holds}, {@code FAILS}, {@code not judged}. */
  public String mark() {
    return this == FAILS ? "FAILS" : word();
  }
}
