package ftl.cli;

import ftl.report.TrustRule;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --fail-on RULE,...}: the trust rules that decide the exit code, shared by {@code ftl report} and
 * {@code ftl campaign smoke} (issue #54) as one picocli mixin, so both take the same words with the same help; the
 * words are {@link TrustRule}'s ids, never a copy.
 */
final class FailOnOption {
  @Spec(Spec.Target.MIXEE) CommandSpec mixee;

  @Option(names = "--fail-on", paramLabel = "RULE,...", completionCandidates = RuleIds.class,
      description =
      "The trust rules that decide the exit code, comma-separated: any of ${COMPLETION-CANDIDATES}; or all"
          + " (the default), or none (docs/practitioners.md states each rule).")
  String failOn;

  /** The rules' ids, for the help of {@code --fail-on} (from {@link TrustRule}, never a copy). */
  static final class RuleIds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(TrustRule.values()).map(TrustRule::id).iterator();
    }
  }

  /** True when the command line named {@code --fail-on}. */
  boolean given() {
    return failOn != null;
  }

  /**
   * The rules that decide: those named, or every rule when the option is absent.
   *
   * @throws CommandLine.ParameterException an unknown rule (exit 2), naming it and the known ones
   */
  Set<TrustRule> rules() {
    if (failOn == null) {
      return EnumSet.allOf(TrustRule.class);
    }
    try {
      return TrustRule.parse(failOn);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(mixee.commandLine(), "--fail-on: " + e.getMessage());
    }
  }
}
