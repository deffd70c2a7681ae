package ftl.audit;

import ftl.trust.Outcome;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The audit of one tool output: what it tells ({@link Evidence}), the grid law's note where the tool drops zero
 * differences, and every rule's result.
 *
 * @param file the file as the user named it
 */
public record OutputAudit(String file, Evidence evidence, Optional<GridNote> grid, List<RuleResult> results) {
  public OutputAudit {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(evidence, "evidence");
    Objects.requireNonNull(grid, "grid");
    results = List.copyOf(results);
  }

  /** True when no rule fails. */
  public boolean trusted() {
    return results.stream().noneMatch(RuleResult::fails);
  }

  /** The results with this outcome. */
  public List<RuleResult> with(Outcome outcome) {
    return results.stream().filter(r -> r.outcome() == outcome).toList();
  }
}
