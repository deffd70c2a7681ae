/**
 * What the verdicts of {@code ftl report} and {@code ftl audit} have in common: a rule's {@link ftl.trust.Outcome}.
 * The rules themselves stay with the figures they judge (a campaign's, another tool's output).
 */
package ftl.trust;
