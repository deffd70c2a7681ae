package ftl.harness.campaign;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.data.ledger.EventFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A campaign's folder: {@code plan.json}, {@code schedule.csv}, {@code ledger.csv}, {@code events/}.
 *
 * <p>Write order per run, the invariant that makes {@code resume} exact: (0) the journal {@value #JOURNAL} names the
 * run's event file, written before the run starts; (1) the event file is written to
 * {@code events/<run_id>.csv.gz.tmp}, fsynced and renamed; (2) the ledger is rewritten with the new row through
 * {@code ledger.csv.tmp} and a rename; (3) the journal is removed. A run counts as done iff its row is in the ledger. A
 * kill between (1) and (3) leaves an event file no ledger row names (an orphan); a kill inside (1) or (2) leaves a
 * {@code .tmp} file. {@link #clean()} removes exactly what the journal proves the interrupted run wrote, so the run is
 * simply redone; anything else it cannot explain (an events file no ledger row and no journal names, as when the
 * ledger was moved away) stops the resume, and nothing measured is deleted (issue #43).
 *
 * <p>One runner at a time: {@link #lock()} takes an operating-system lock on {@value #LOCK} for the runner's life; the
 * system releases it when the process dies, even by {@code kill -9}.
 */
public final class CampaignFolder {
  /** The journal of the run in flight: the files it is about to write, one relative path per line. */
  public static final String JOURNAL = ".ftl-journal";
  /** The lock file a runner holds. */
  public static final String LOCK = ".ftl-lock";
  /** The runner's own metadata files, whose temp copies are never measured data (their real file is the truth). */
  private static final Set<String> METADATA = Set.of(EventFormat.PLAN_FILE, EventFormat.LEDGER_FILE, "schedule.csv");

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

  public Path journalFile() { return dir.resolve(JOURNAL); }

  /** Records, before a run starts, the files it is about to write (relative to the folder). */
  public void journal(List<String> files) throws IOException {
    AtomicFiles.write(journalFile(), (String.join("\n", files) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** The run in flight is in the ledger: nothing of it needs cleaning any more. */
  public void journalDone() throws IOException {
    Files.deleteIfExists(journalFile());
    AtomicFiles.fsyncDir(dir);
  }

  /** The files the journal names (empty without a journal). */
  Set<String> journaled() throws IOException {
    if (!Files.isRegularFile(journalFile())) {
      return Set.of();
    }
    Set<String> out = new HashSet<>();
    for (String line : Files.readAllLines(journalFile(), StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        out.add(line.strip());
      }
    }
    return out;
  }

  /**
   * Removes what the interrupted run can be proved to have left behind: the files the journal names and their
   * {@code .tmp} copies, and the temp copies of the runner's own metadata files ({@code plan.json}, {@code ledger.csv},
   * {@code schedule.csv}); then the journal. Anything else unexplained (an events file no ledger row names and the
   * journal does not either, a temp file of an events file the journal does not name) is left in place and stops the
   * resume: nothing measured is deleted on a guess.
   *
   * @return the removed files, relative to the folder
   * @throws DataException naming the first unexplained file (exit 3), before anything is removed
   */
  public List<String> clean() throws IOException {
    Set<String> journaled = journaled();
    Set<String> named = Files.exists(ledgerFile()) ? ledger().eventFiles() : Set.of();
    List<Path> remove = new ArrayList<>();
    for (Path d : List.of(dir, eventsDir())) {
      if (!Files.isDirectory(d)) {
        continue;
      }
      try (Stream<Path> s = Files.list(d)) {
        for (Path p : (Iterable<Path>) s::iterator) {
          if (!Files.isRegularFile(p)) {
            continue;
          }
          String rel = dir.relativize(p).toString().replace('\\', '/');
          boolean tmp = rel.endsWith(AtomicFiles.TMP);
          String target = tmp ? rel.substring(0, rel.length() - AtomicFiles.TMP.length()) : rel;
          boolean event = d.equals(eventsDir());
          if (!tmp && (!event || named.contains(rel))) {
            continue; // a file of the finished campaign
          }
          if (journaled.contains(target) || (tmp && METADATA.contains(target)) || rel.equals(JOURNAL + AtomicFiles.TMP)) {
            remove.add(p);
          } else {
            throw new DataException(p, 0, (tmp ? "a temp file" : "an events file no row of " + EventFormat.LEDGER_FILE
                + " names") + ", and no interrupted run of this runner wrote it (the journal " + JOURNAL + " does not "
                + "name it): refusing to resume, so nothing measured is deleted on a guess. If " + EventFormat.LEDGER_FILE
                + " was moved or lost, put it back; if the file is not this campaign's, move it out of the folder");
          }
        }
      }
    }
    List<String> removed = new ArrayList<>();
    for (Path p : remove) {
      Files.delete(p);
      removed.add(dir.relativize(p).toString().replace('\\', '/'));
    }
    AtomicFiles.fsyncDir(eventsDir());
    journalDone();
    return removed;
  }

  /** The lock, or null when another runner holds it (in another process, or in this very one). */
  private static FileLock tryLock(FileChannel ch) throws IOException {
    try {
      return ch.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;
    }
  }

  /**
   * Takes the folder's runner lock, held until the returned handle is closed or the process dies.
   *
   * @throws CampaignRunner.InstrumentException when another runner holds it (exit 5), naming its pid
   */
  public AutoCloseable lock() throws IOException {
    Path file = dir.resolve(LOCK);
    FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    final FileLock held;
    try {
      held = tryLock(ch);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
    if (held == null) {
      String owner = new String(Files.readAllBytes(file), StandardCharsets.US_ASCII).strip();
      ch.close();
      throw new CampaignRunner.InstrumentException("another ftl runner is using " + dir + " (" + (owner.isEmpty() ? "its pid "
          + "unknown" : "pid " + Echo.of(owner)) + "): one campaign folder has one runner at a time", null);
    }
    ch.truncate(0);
    ch.write(ByteBuffer.wrap(String.valueOf(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII)));
    ch.force(true);
    return () -> {
      try {
        Files.deleteIfExists(file);
      } finally {
        held.release();
        ch.close();
      }
    };
  }
}
