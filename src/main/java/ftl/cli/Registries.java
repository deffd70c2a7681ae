package ftl.cli;

import ftl.data.DataSet;
import ftl.quantity.Analysis;
import ftl.verify.Reproduction;

/** Shared set-up of the commands that compute quantities. */
final class Registries {
  private Registries() {}

  /** The analysis of the data root the command line selects (ledgers read now, events on demand). */
  static Analysis analysis(Main main) {
    return new Analysis(DataSet.scan(main.dataRoot(), Reproduction.displayName(main.archiveRoot(), main.dataRoot())));
  }
}
