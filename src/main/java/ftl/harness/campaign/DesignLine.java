package ftl.harness.campaign;

import ftl.stats.SignFlip;
import java.util.Locale;

/**
 * What a blocked plan's design allows an exact test over its blocks, said before the first run (the standard: exact
 * permutation tests over blocks, at the one-sided level {@value #LEVEL}, Holm within a campaign's family): the smallest
 * one-sided p a sign-flip over the blocks can give, and how many tests Holm's first step can then reject in a family
 * ({@link SignFlip#testsWithinReach}). Five blocks or fewer reach no test: such a plan's verdicts rest on normal
 * theory, and the line says so while the plan can still be changed.
 */
final class DesignLine {
  /** The one-sided level of the archive's registered tests. */
  static final double LEVEL = 0.025;

  private DesignLine() {}

  /** The most blocks whose smallest p {@link SignFlip#smallestAttainable} states ({@code 2^-62}). */
  static final int STATED_BLOCKS = 62;

  /** The line for a plan of {@code blocks} blocks (at least 1; a plan may have up to 1,000). */
  static String of(int blocks) {
    if (blocks > STATED_BLOCKS) {
      return "ftl: design: " + blocks + " blocks; an exact test over blocks gives one-sided p below 2^-"
          + STATED_BLOCKS + " at best: at " + LEVEL + ", Holm's first step can reject in a family of any size a plan"
          + " registers";
    }
    long runsOf = 1L << blocks;
    String best = String.format(Locale.ROOT, "ftl: design: %d block%s; an exact test over blocks gives one-sided p"
        + " 1/%d = %.2g at best", blocks, blocks == 1 ? "" : "s", runsOf, SignFlip.smallestAttainable(blocks));
    long k = SignFlip.testsWithinReach(blocks, LEVEL);
    if (k == 0) {
      int least = blocks;
      while (SignFlip.testsWithinReach(least, LEVEL) == 0) {
        least++;
      }
      return best + ", above " + LEVEL + ": no test of this plan can hold by an exact test over its blocks (" + least
          + " blocks are the least that can); its intervals would rest on normal theory";
    }
    return best + ": at " + LEVEL + ", Holm's first step can reject in a family of up to " + k + " test"
        + (k == 1 ? "" : "s");
  }
}
