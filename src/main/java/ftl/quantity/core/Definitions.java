package ftl.quantity.core;

import ftl.data.Campaign;
import java.util.List;

/**
 * A quantity's definition as every output prints it ({@code list}, {@code check}, {@code check-pdf}, the generated
 * definitions): the declared definition, and for a number that pools campaigns, the campaigns it pooled, named.
 * A campaign pools when its catalogue entry declares {@link CampaignCatalogue.Family#POOLED}; a computation pools it
 * when it reads the pooled rows, runs or campaigns of the analysis ({@link Analysis#rows}, {@link Analysis#runs},
 * {@link Analysis#campaigns}). So a campaign added under that declaration changes the definition of every number it
 * enters, and a folder that declares nothing enters none.
 */
public final class Definitions {
  private Definitions() {}

  /**
   * {@code q}'s definition, followed by {@code "; pools the campaigns a, b and c"} (in the data root's order) when its
   * computation pooled any. Computes the quantity if the analysis has not.
   */
  public static String of(Analysis a, Quantity q) {
    List<String> pooled = pooled(a, a.reads(q));
    if (pooled.isEmpty()) {
      return q.definition();
    }
    return q.definition() + "; pools " + campaigns(pooled);
  }

  /** {@code "the campaign a"}, or {@code "the campaigns a, b and c"}: campaigns named in a definition (not empty). */
  public static String campaigns(List<String> names) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException("no campaign to name");
    }
    return names.size() == 1 ? "the campaign " + names.get(0)
        : "the campaigns " + String.join(", ", names.subList(0, names.size() - 1)) + " and "
            + names.get(names.size() - 1);
  }

  /** The campaigns the computation pooled, in the data root's order. */
  static List<String> pooled(Analysis a, SourceReads reads) {
    return a.data().campaigns().stream().map(Campaign::name).filter(reads::readPooled).toList();
  }
}
