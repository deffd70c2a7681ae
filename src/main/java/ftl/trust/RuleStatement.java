package ftl.trust;

import java.util.Objects;

/**
 * What a rule says, in words, as a page or a table prints it: shared by {@code ftl report}'s trust rules and
 * {@code ftl audit}'s rules, so both state a rule the same way.
 *
 * @param id the rule's name, as printed, in JSON and on the command line
 * @param summary in a few words: the figures the rule judges (report), or what holds when it holds (audit)
 * @param failsWhen when it fails
 * @param bound the bound it applies, with its unit
 * @param why why the bound is where it is
 */
public record RuleStatement(String id, String summary, String failsWhen, String bound, String why) {
  public RuleStatement {
    for (String s : new String[] {id, summary, failsWhen, bound, why}) {
      if (Objects.requireNonNull(s, "a rule's words").isBlank()) {
        throw new IllegalArgumentException("a rule states each of its words: " + id);
      }
    }
  }
}
