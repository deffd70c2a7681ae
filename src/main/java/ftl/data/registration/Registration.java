package ftl.data.registration;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How a verdict's criterion was registered, and therefore what kind of row the verdict is.
 *
 * @param verdictKey the registry key of the verdict
 * @param campaigns the campaigns whose data the verdict judges
 * @param kind confirmatory, exploratory or consistency check
 * @param rule the criterion as it is applied, in one sentence
 * @param registeredBy what proves when the rule was fixed: {@code commit <hash>} (from {@code data/registrations.csv},
 *     derived from git history) or {@code plan.json sha256 <digest>} (criteria of a plan whose every ledger row names
 *     it)
 * @param registeredAtMillis when the rule was fixed (the commit's time), ms since the epoch; -1 for a plan digest,
 *     whose proof is that every run names it
 * @param dataFromMillis the earliest run of the campaigns judged, ms since the epoch; -1 when not recorded
 * @param replaces the earlier rule this one replaced after the data, and its verdict then; empty when none
 * @param note why a consistency check holds by construction, or what a reviewer needs
 * @param source where the registration is written ({@code data/registrations.csv:12}, {@code data/x/plan.json:40})
 * @param claim what the verdict judges, in words, for a table row: a plan criterion's {@code claim}, or the
 *     {@code label} column of {@code data/registrations.csv} where it has one; empty when the registration states none
 */
public record Registration(String verdictKey, List<String> campaigns, VerdictKind kind, String rule,
                           String registeredBy, long registeredAtMillis, long dataFromMillis, String replaces,
                           String note, String source, String claim) {
  // eleven components: each is one column of the registration table or of a plan's criterion, printed by list and check

  public Registration {
    Objects.requireNonNull(verdictKey);
    campaigns = List.copyOf(campaigns);
    Objects.requireNonNull(kind);
    Objects.requireNonNull(rule);
    Objects.requireNonNull(registeredBy);
    Objects.requireNonNull(replaces);
    Objects.requireNonNull(note);
    Objects.requireNonNull(source);
    Objects.requireNonNull(claim);
  }

  /** True when the verdict counts as evidence: confirmatory. */
  public boolean counted() {
    return kind == VerdictKind.CONFIRMATORY;
  }

  /** One line for a listing: the kind and what registered it, with its time when it is a commit. */
  public String summary() {
    String when = registeredAtMillis < 0 ? "" : " at " + Instant.ofEpochMilli(registeredAtMillis);
    String data = dataFromMillis < 0 ? "" : "; data of " + String.join(", ", campaigns) + " from "
        + Instant.ofEpochMilli(dataFromMillis);
    return kind.word() + " (" + registeredBy + when + data + ")";
  }
}
