package ftl.cli;

import ftl.cache.DiskRunSummaryCache;
import ftl.data.DataSet;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.RunSummaryCache;
import ftl.verify.PlanHistory;
import ftl.verify.RegistrationHistory;
import ftl.verify.Reproduction;
import java.nio.file.Path;

/** Shared set-up of the commands that compute quantities. */
final class Registries {
  private Registries() {}

  /** What {@code --no-cache} says in the help of {@code check} and {@code list}. */
  static final String NO_CACHE_HELP = "Scan every events file needed instead of using the run-summary cache in "
      + DiskRunSummaryCache.FOLDER + "/ (which is then refreshed). Without it, a run's stored summary is used "
      + "when the SHA-256 of its events file as on disk now equals the ledger's and the analysis code is unchanged.";

  /**
   * The analysis of the data root the command line selects (ledgers read now, events on demand), with the
   * archive's run-summary cache: trusted unless {@code noCache}, refreshed either way.
   */
  static Analysis analysis(Main main, boolean noCache) {
    return analysis(main, cache(main, noCache));
  }

  /** The archive's run-summary cache: trusted unless {@code noCache}, refreshed either way. */
  static DiskRunSummaryCache.Lazy cache(Main main, boolean noCache) {
    return DiskRunSummaryCache.forArchive(main.archiveRoot(),
        noCache ? DiskRunSummaryCache.Mode.REFRESH : DiskRunSummaryCache.Mode.READ_WRITE);
  }

  /** The analysis of the data root the command line selects, with per-run results through {@code cache}. */
  static Analysis analysis(Main main, RunSummaryCache cache) {
    Path data = main.readableDataRoot();
    DataSet set = DataSet.scan(data, Reproduction.displayName(main.archiveRoot(), data),
        Reproduction.declared(main.archiveRoot(), data));
    // a user's folder in the archive's data/ is named and left out; the archive's numbers go on as they are (issue #54)
    set.undeclared().forEach(f -> System.err.println("ftl: warning: " + Reproduction.undeclared(set, f)));
    // each plan as the commits its runs name hold it (issue 43); the registration table's rows are checked against
    // history by reproduce, whose dozens of git questions would double the time of a check, but for their kinds: one
    // question to git says whether a row is a consistency check as first registered
    PlanHistory.verify(set);
    RegistrationHistory.verifyKinds(set);
    return new Analysis(set, cache);
  }
}
