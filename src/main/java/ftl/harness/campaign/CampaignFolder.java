package ftl.harness.campaign;

import ftl.data.EventFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A campaign's folder: {@code plan.json}, {@code schedule.csv}, {@code ledger.csv}, {@code events/}.
 *
 * <p>Write order per run, the invariant that makes {@code resume} exact: (1) the event file is written to
 * {@code events/<run_id>.csv.gz.tmp}, fsynced and renamed; (2) the ledger is rewritten with the new row
 * through {@code ledger.csv.tmp} and a rename. A run counts as done iff its row is in the ledger. A kill
 * between (1) and (2) leaves an event file no ledger row names (an orphan); a kill inside (1) or (2)
 * leaves a {@code .tmp} file. {@link #clean()} removes both, so the run is simply redone.
 */
public final class CampaignFolder {
  private final Path dir;

  public CampaignFolder(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
  }

  public Path dir() { return dir; }

  public Path ledgerFile() { return dir.resolve(EventFormat.LEDGER_FILE); }

  public Path planFile() { return dir.resolve(EventFormat.PLAN_FILE); }

  public Path scheduleFile() { return dir.resolve("schedule.csv"); }

  public Path eventsDir() { return dir.resolve(EventFormat.EVENTS_DIR); }

  /** Event file of a run, relative to the folder (as the ledger names it). */
  public static String eventsFileOf(String runId) {
    return EventFormat.EVENTS_DIR + "/" + runId + ".csv.gz";
  }

  public Ledger ledger() { return Ledger.open(ledgerFile()); }

  /**
   * Removes what a killed run can leave behind: every {@code *.tmp} file in the folder and in
   * {@code events/}, and every event file the ledger does not name.
   *
   * @return the removed files, relative to the folder
   */
  public List<String> clean() throws IOException {
    List<String> removed = new ArrayList<>();
    for (Path d : List.of(dir, eventsDir())) {
      if (!Files.isDirectory(d)) {
        continue;
      }
      try (Stream<Path> s = Files.list(d)) {
        for (Path p : (Iterable<Path>) s::iterator) {
          if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(AtomicFiles.TMP)) {
            Files.delete(p);
            removed.add(dir.relativize(p).toString());
          }
        }
      }
    }
    Set<String> named = ledger().eventFiles();
    if (Files.isDirectory(eventsDir())) {
      try (Stream<Path> s = Files.list(eventsDir())) {
        for (Path p : (Iterable<Path>) s::iterator) {
          String rel = dir.relativize(p).toString().replace('\\', '/');
          if (Files.isRegularFile(p) && !named.contains(rel)) {
            Files.delete(p);
            removed.add(rel);
          }
        }
      }
    }
    AtomicFiles.fsyncDir(eventsDir());
    return removed;
  }
}
