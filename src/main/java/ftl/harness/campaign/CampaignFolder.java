package ftl.harness.campaign;

import ftl.data.io.DataException;
import ftl.data.io.Echo;
import ftl.data.ledger.EventFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
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
 *
 * <p>Nothing is written, truncated or deleted through a link (issue 58): {@link #refuseLinks()} refuses a campaign
 * folder whose {@code events/}, plan, schedule, ledger, journal or lock (or their temp files) is a symbolic link, or
 * whose {@code events/} resolves outside the folder, and every entry {@link #clean()} would remove must be a regular
 * file, not a link; the lock file is created exclusively, or opened without following links and written only when it
 * holds a pid and has no other name; files are replaced through temp files created exclusively ({@link
 * AtomicFiles#newTmp}); the lock and the journal are read only up to a small cap ({@value #LOCK_CAP} and {@value
 * #JOURNAL_CAP} bytes), and a journal line must name an events file of this folder.
 */
public final class CampaignFolder {
  /** The journal of the run in flight: the files it is about to write, one relative path per line. */
  public static final String JOURNAL = ".ftl-journal";
  /** The lock file a runner holds. */
  public static final String LOCK = ".ftl-lock";
  /** The runner's own metadata files, whose temp copies are never measured data (their real file is the truth). */
  private static final Set<String> METADATA = Set.of(EventFormat.PLAN_FILE, EventFormat.LEDGER_FILE, "schedule.csv");
  /** The most bytes of the lock file read: a pid. */
  static final int LOCK_CAP = 64;
  /** The most bytes of the journal read: the few files of one run. */
  static final int JOURNAL_CAP = 64 * 1024;
  /** A journal line: an events file of this folder, {@code events/<run id>.csv.gz} ({@link #eventsFileOf}). */
  private static final Pattern JOURNAL_LINE = Pattern.compile(Pattern.quote(EventFormat.EVENTS_DIR + "/")
      + "[A-Za-z0-9][A-Za-z0-9._=,-]{0,63}" + Pattern.quote(".csv.gz"));

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

  /**
   * The files the journal names (empty without a journal), read without following a link and up to
   * {@value #JOURNAL_CAP} bytes, as strict UTF-8.
   *
   * @throws DataException naming the journal (and the line) when it is not a regular file, is larger than the cap, is
   *     not UTF-8 text, or names anything but an events file of this folder
   */
  Set<String> journaled() throws IOException {
    Path file = journalFile();
    BasicFileAttributes a = attributes(file);
    if (a == null) {
      return Set.of();
    }
    if (!a.isRegularFile()) {
      throw new DataException(file, 0,
          "the journal is not a regular file (a link, a folder or a special file): refusing "
          + "to resume, so nothing is deleted on its word");
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(readCapped(file, JOURNAL_CAP, "the "
              + "journal"))).toString();
    } catch (CharacterCodingException e) {
      throw new DataException(file.toString(), 0,
          "the journal is not UTF-8 text (a binary or corrupt file): refusing to "
          + "resume; it names the files of the interrupted run, one events/<run_id>.csv.gz a line", e);
    }
    Set<String> out = new HashSet<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        continue;
      }
      if (!JOURNAL_LINE.matcher(line).matches()) {
        throw new DataException(file, i + 1, "the journal names \"" + Echo.of(line) + "\", not an events file of this "
            + "campaign (" + eventsFileOf("<run_id>") + "): refusing to resume, so nothing is deleted on its word");
      }
      out.add(line);
    }
    return out;
  }

  /** The attributes of {@code p} without following a link; null when nothing is there. */
  private static BasicFileAttributes attributes(Path p) throws IOException {
    try {
      return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /**
   * At most {@code cap} bytes of a regular file, opened without following a link.
   *
   * @throws DataException when it holds more
   */
  private static byte[] readCapped(Path file, int cap, String what) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      return readCapped(ch, file, cap, what);
    }
  }

  private static byte[] readCapped(FileChannel ch, Path file, int cap, String what) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(cap + 1);
    ch.position(0);
    while (buf.hasRemaining() && ch.read(buf) >= 0) {
      // until the cap and one byte more, or the end
    }
    if (buf.position() > cap) {
      throw new DataException(file, 0, what + " holds more than " + cap + " bytes: not a file an ftl runner wrote");
    }
    byte[] out = new byte[buf.position()];
    buf.flip().get(out);
    return out;
  }

  /** The names {@link #refuseLinks} examines, each with whether it must be a folder. */
  private static Map<String, Boolean> runnerNames() {
    Map<String, Boolean> names = new LinkedHashMap<>();
    names.put(EventFormat.EVENTS_DIR, true);
    for (String n : List.of(EventFormat.PLAN_FILE, EventFormat.LEDGER_FILE, "schedule.csv", JOURNAL, LOCK)) {
      names.put(n, false);
      names.put(n + AtomicFiles.TMP, false);
    }
    return names;
  }

  /**
   * Refuses a campaign folder that would make the runner write, truncate or delete through a link (issue 58): its
   * {@code events/}, plan, schedule, ledger, journal or lock (or a temp file of one) a symbolic link or a special file,
   * {@code events/} not a folder or resolving outside the campaign folder. A folder that does not exist yet passes
   * (a new campaign); a link to the campaign folder itself is followed, once (the user named it).
   *
   * @throws DataException naming the first offending path (exit 3), before anything is written
   */
  public void refuseLinks() throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    Path real = dir.toRealPath();
    for (Map.Entry<String, Boolean> e : runnerNames().entrySet()) {
      Path p = dir.resolve(e.getKey());
      BasicFileAttributes a = attributes(p);
      if (a == null) {
        continue;
      }
      if (a.isSymbolicLink()) {
        throw new DataException(p, 0,
            "is a symbolic link: the runner writes, truncates or deletes files here and never "
            + "through a link, so it refuses the folder (replace the link by the " + (e.getValue() ? "folder" : "file")
            + " itself)");
      }
      if (e.getValue() ? !a.isDirectory() : !a.isRegularFile()) {
        throw new DataException(p, 0, "is not a " + (e.getValue() ? "folder" : "regular file") + " (a "
            + (a.isDirectory() ? "folder" : a.isOther() ? "special file" : "file") + "): refusing the campaign folder");
      }
      if (e.getValue() && !p.toRealPath().equals(real.resolve(e.getKey()))) {
        throw new DataException(p, 0, "resolves outside the campaign folder (real path "
            + Echo.of(p.toRealPath().toString())
            + "): refusing, so no other campaign's file is touched");
      }
    }
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
    refuseLinks();
    Set<String> journaled = journaled();
    Set<String> named = Files.exists(ledgerFile()) ? ledger().eventFiles() : Set.of();
    List<Path> remove = new ArrayList<>();
    for (Path d : List.of(dir, eventsDir())) {
      if (!Files.isDirectory(d)) {
        continue;
      }
      try (Stream<Path> s = Files.list(d)) {
        for (Path p : (Iterable<Path>) s::iterator) {
          String rel = dir.relativize(p).toString().replace('\\', '/');
          boolean tmp = rel.endsWith(AtomicFiles.TMP);
          String target = tmp ? rel.substring(0, rel.length() - AtomicFiles.TMP.length()) : rel;
          boolean event = d.equals(eventsDir());
          BasicFileAttributes a = attributes(p);
          if (a == null || a.isDirectory() || (!event && !tmp)) {
            continue; // gone, a folder, or an entry at the top that clean() never touches (nor follows)
          }
          if (!a.isRegularFile()) {
            throw new DataException(p, 0, "is " + (a.isSymbolicLink() ? "a symbolic link" : "not a regular file")
                + " where the runner keeps " + (event ? "events files" : "temp files") + ": refusing to resume, so "
                + "nothing is deleted through it");
          }
          if (!tmp && (!event || named.contains(rel))) {
            continue; // a file of the finished campaign
          }
          if (journaled.contains(target) || (tmp && METADATA.contains(target))
              || rel.equals(JOURNAL + AtomicFiles.TMP)) {
            remove.add(p);
          } else {
            throw new DataException(p, 0, (tmp ? "a temp file" : "an events file no row of " + EventFormat.LEDGER_FILE
                + " names") + ", and no interrupted run of this runner wrote it (the journal " + JOURNAL + " does not "
                + "name it): refusing to resume, so nothing measured is deleted on a guess. If "
                + EventFormat.LEDGER_FILE
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
   * Takes the folder's runner lock, held until the returned handle is closed or the process dies. The lock file is
   * created exclusively; one left by a runner that died is opened without following a link, and written (its pid
   * replaced) only when it is a regular file of one name holding at most a pid: never a file the runner did not create
   * (issue 58: a link {@value #LOCK} to an events file had it truncated to the runner's pid).
   *
   * @throws CampaignRunner.InstrumentException when another runner holds it (exit 5), naming its pid
   * @throws DataException when {@value #LOCK} is a link, has another name, or holds anything but a pid (exit 3)
   */
  public AutoCloseable lock() throws IOException {
    refuseLinks();
    Path file = dir.resolve(LOCK);
    FileChannel ch = openLock(file);
    final FileLock held;
    try {
      held = tryLock(ch);
      if (held == null) {
        byte[] head = new byte[(int) Math.min(ch.size(), LOCK_CAP)];
        ch.read(ByteBuffer.wrap(head), 0);
        String owner = ch.size() > LOCK_CAP ? "" : new String(head, StandardCharsets.US_ASCII).strip();
        throw new CampaignRunner.InstrumentException("another ftl runner is using " + dir + " (" + (owner.isEmpty()
            ? "its pid unknown" : "pid " + Echo.of(owner)) + "): one campaign folder has one runner at a time", null);
      }
      if (!isPid(readCapped(ch, file, LOCK_CAP, "the lock file " + LOCK))) {
        held.release();
        throw new DataException(file, 0, "holds something other than a runner's pid: not a lock an ftl runner wrote, "
            + "so it is not overwritten (move it out of the campaign folder if it is yours)");
      }
      ch.truncate(0);
      ch.write(ByteBuffer.wrap(String.valueOf(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII)), 0);
      ch.force(true);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
    return () -> {
      try {
        Files.deleteIfExists(file);
      } finally {
        held.release();
        ch.close();
      }
    };
  }

  /** True for the content of a lock file a runner wrote: empty (created, not yet written) or a pid. */
  private static boolean isPid(byte[] content) {
    String s = new String(content, StandardCharsets.US_ASCII).strip();
    return s.chars().allMatch(c -> c >= '0' && c <= '9') && s.length() <= 19;
  }

  /**
   * The lock file, created exclusively ({@code O_EXCL}: never through a link), or the one a dead runner left, opened
   * without following a link ({@code O_NOFOLLOW}) and without truncating it, refused when it has another name (a hard
   * link to a measured file).
   */
  private static FileChannel openLock(Path file) throws IOException {
    try {
      return FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
    } catch (FileAlreadyExistsException e) {
      // left by a runner that died, or held by a live one: examined below, never truncated on open
    }
    FileChannel ch;
    try {
      ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    } catch (FileSystemException e) {
      BasicFileAttributes a = attributes(file);
      if (a != null && a.isSymbolicLink()) {
        throw new DataException(file, 0, "is a symbolic link: the runner never writes its lock through a link");
      }
      throw e;
    }
    try {
      Object links = Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
      if (links instanceof Integer n && n > 1) {
        throw new DataException(file, 0, "has " + n + " names (a hard link to another file): not a lock an ftl runner "
            + "wrote, so it is not overwritten");
      }
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        throw new DataException(file, 0, "is not a regular file: refusing to use it as the runner's lock");
      }
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      // no "unix" view: the content check in lock() still keeps a measured file from being overwritten
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
    return ch;
  }
}
