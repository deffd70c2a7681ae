package ftl.quantity;

import ftl.data.Campaign;
import ftl.data.DataSet;
import ftl.data.io.DataGate;
import ftl.data.ledger.Instrument;
import ftl.data.ledger.LedgerRow;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.CampaignCatalogue;
import ftl.quantity.core.Quantity;
import ftl.quantity.core.SourceReads;
import ftl.quantity.section.OmbRealQuantities;
import ftl.quantity.section.OmbSystemQuantities;
import ftl.quantity.section.PerfTestQuantities;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The data files a quantity's value depends on, as messages name them ({@code list --json}'s {@code sources},
 * {@code check}'s {@code data}): what its computation read, noted as it ran ({@link Analysis#reads}), and for a
 * quantity of a tool's runs or of a table, that tool's or table's files. {@code SourcesSufficeTest} recomputes every
 * quantity of the test roots from its sources alone.
 */
public final class Sources {
  private Sources() {}

  /**
   * The data files the computation of {@code q} read: for a quantity of a tool's runs or of a table, that tool's or
   * table's files first ({@link #ofScope}); then the ledgers of the campaigns it read, then the events files of the ok
   * runs of the campaigns whose events it read, in campaign then ledger order. Computes the quantity if the analysis
   * has not. Quantities that read the same files share one list (list --json encodes each once).
   */
  public static List<String> of(Analysis a, Quantity q) {
    SourceReads r = a.reads(q);
    String extra = switch (q.scope()) {
      case OMB_REAL, TOOL_RUNS, TABLE -> q.scope().name();
      default -> "";
    };
    StringBuilder key = new StringBuilder("sources:").append(extra);
    for (Campaign c : a.data().campaigns()) {
      key.append('\u0000').append(r.readLedger(c.name()) ? 'l' : '-').append(r.readEvents(c.name()) ? 'e' : '-');
    }
    return a.memo(key.toString(), () -> List.copyOf(files(a, q.scope(), r)));
  }

  private static List<String> files(Analysis a, Quantity.Scope scope, SourceReads r) {
    List<String> out = new ArrayList<>();
    if (scope == Quantity.Scope.OMB_REAL || scope == Quantity.Scope.TOOL_RUNS) {
      out.addAll(ofScope(a, scope));
    } else if (scope == Quantity.Scope.TABLE) {
      out.addAll(tableFiles(a.data()));
    }
    Set<String> listed = new HashSet<>(out);
    List<String> events = new ArrayList<>();
    for (Campaign c : a.data().campaigns()) {
      if (r.readLedger(c.name()) && listed.add(c.ledgerName())) {
        out.add(c.ledgerName());
      }
      if (r.readEvents(c.name())) {
        c.runs().stream().filter(LedgerRow::ok).map(c::eventsName).filter(listed::add).forEach(events::add);
      }
    }
    out.addAll(events);
    return out;
  }

  /** The files of the audit folder's tables ({@link CampaignCatalogue#AUDIT}) other than its README, sorted by name. */
  private static List<String> tableFiles(DataSet data) {
    String folder = CampaignCatalogue.AUDIT.folder();
    if (data.gate().isEmpty() || !data.otherFolders().contains(folder)) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    filesUnder(data.gate().get(), folder, out);
    out.removeIf(n -> n.equals(folder + "/README.md"));
    return out.stream().map(n -> data.gate().get().name(n)).toList();
  }

  private static void filesUnder(DataGate gate, String rel, List<String> out) {
    for (String n : gate.list(rel)) {
      String child = rel + "/" + n;
      if (gate.type(child) == DataGate.Type.FOLDER) {
        filesUnder(gate, child, out);
      } else {
        out.add(child);
      }
    }
  }

  /**
   * The data files every quantity of a scope may read, as messages name them (archive-relative where the data root is
   * inside the archive): a tool's files for {@link Quantity.Scope#OMB_REAL} and {@link Quantity.Scope#TOOL_RUNS};
   * otherwise the ledgers of the campaigns of the scope's instrument, then the events files of their ok runs.
   */
  public static List<String> ofScope(Analysis a, Quantity.Scope scope) {
    // the same list for every quantity of a scope: computed once, shared
    return a.memo("sources:scope:" + scope, () -> List.copyOf(computeOfScope(a, scope)));
  }

  private static List<String> computeOfScope(Analysis a, Quantity.Scope scope) {
    if (scope == Quantity.Scope.OMB_REAL) {
      return OmbRealQuantities.sources(a);
    }
    if (scope == Quantity.Scope.TOOL_RUNS) {
      List<String> tools = new ArrayList<>(OmbSystemQuantities.sources(a));
      tools.addAll(PerfTestQuantities.sources(a));
      return tools;
    }
    Predicate<String> instrument = switch (scope) {
      case NOJVM_EVENTS -> Instrument.PYTHON_NOJVM.word()::equals;
      case SYSTEM_EVENTS -> Analysis.SYSTEM_INSTRUMENTS::contains;
      default -> Instrument.KAFKA.word()::equals;
    };
    List<String> ledgers = new ArrayList<>();
    List<String> events = new ArrayList<>();
    for (Campaign c : CampaignCatalogue.opted(a.data(), CampaignCatalogue.Family.POOLED)) {
      boolean involved = false;
      for (LedgerRow r : c.runs()) {
        if (!instrument.test(r.instrument())) {
          continue;
        }
        involved = true;
        if (r.ok() && scope != Quantity.Scope.LEDGERS) {
          events.add(c.eventsName(r));
        }
      }
      if (involved) {
        ledgers.add(c.ledgerName());
      }
    }
    List<String> out = new ArrayList<>(ledgers);
    out.addAll(events);
    return out;
  }
}
