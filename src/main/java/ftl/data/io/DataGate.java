package ftl.data.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The one gate through which every file under a data root is opened (docs/architecture.md#conventions, item 15). A data
 * root may come from anywhere, so every byte under it is treated as hostile:
 *
 * <ul>
 *   <li>paths are relative, made of safe names ({@value #NAME_RULE}), so {@code ..}, absolute paths and
 *       odd names never reach the file system;</li>
 *   <li>every component is examined without following links: a symbolic link anywhere, a FIFO, a device, a
 *       socket, or a folder where a file is expected, is refused, and the real path must lie inside the
 *       root's real path;</li>
 *   <li>a file is opened with {@link LinkOption#NOFOLLOW_LINKS} and read only up to the cap of its
 *       {@link Kind}, whatever size it claims;</li>
 *   <li>text is strict UTF-8 without control characters other than tab, line feed and carriage return;</li>
 *   <li>every refusal is a {@link DataException} naming the file as messages name it.</li>
 * </ul>
 *
 * The layers above never open a file under the root themselves: readers in this package receive the bytes
 * or the stream the gate opened, and the data digest is taken here ({@link #digest}) from the same reads.
 * Files are checked when opened; a root that changes while it is read (a race) is outside the threat model
 * of a downloaded archive.
 */
public final class DataGate {

  /** A kind of file, with the most bytes the gate reads of it. */
  public enum Kind {
    /** A campaign's {@code plan.json}. */
    PLAN("plan", 4L << 20),
    /** {@code datapackage.json}. */
    DICTIONARY("data dictionary", 1L << 20),
    /** A campaign's {@code ledger.csv} (or the audit demonstration's ledger). */
    LEDGER("ledger", 16L << 20),
    /** The verdicts' registration table ({@code registrations.csv}). */
    REGISTRATIONS("registration table", 1L << 20),
    /** A table of the harness audit ({@code audit/*.csv}). */
    AUDIT_TABLE("audit table", 4L << 20),
    /** A text a tool printed in the audit demonstration ({@code audit/demo/outputs/*.txt}). */
    AUDIT_TEXT("audit text", 4L << 20),
    /** An events file as stored (plain or gzip); see also {@link #MAX_EVENTS_DECOMPRESSED_BYTES}. */
    EVENTS("events file", 1L << 30),
    /**
     * What a third-party tool printed or exported during a run (RabbitMQ PerfTest's output and metrics; a file given to
     * {@code ftl audit}).
     */
    TOOL_OUTPUT("tool output", 16L << 20),
    /** Any other file of the root, read only to take the data digest. */
    OTHER("data file", 1L << 30);

    private final String what;
    private final long maxBytes;

    Kind(String what, long maxBytes) {
      this.what = what;
      this.maxBytes = maxBytes;
    }

    /** The most bytes the gate reads of a file of this kind. */
    public long maxBytes() {
      return maxBytes;
    }

    /** What the file is, for messages. */
    public String what() {
      return what;
    }
  }

  /** The most bytes an events file may hold after decompression. */
  public static final long MAX_EVENTS_DECOMPRESSED_BYTES = 1L << 30;
  /**
   * The most bytes the data digest reads over a whole root, summed over the files it covers (issue 58: 48 sparse files
   * of 1 GiB, each under its own cap, made {@code ftl --version} hash for 77 s). The archive's own root digests about 3
   * MB.
   */
  public static final long MAX_DIGEST_BYTES = 4L << 30;
  /** The most entries (files and folders) a data root may hold. */
  public static final int MAX_ENTRIES = 200_000;
  /** The deepest folder nesting under a data root. */
  public static final int MAX_DEPTH = 8;

  static final String NAME_RULE =
      "an ASCII letter or digit, then letters, digits, '.', '_' or '-', at most 128 characters";
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  private final Path root;
  private final String display;
  /** SHA-256 of the files read whole, by relative path: the digest reuses them instead of reading again. */
  private final Map<String, String> sha256 = new ConcurrentHashMap<>();

  private DataGate(Path realRoot, String display) {
    this.root = realRoot;
    this.display = display;
  }

  /**
   * The gate of an existing folder.
   *
   * @param root the data root (a symbolic link to a folder is followed here, once: the user named it)
   * @param display how messages name the root ({@code data})
   * @throws DataException when the root is not a readable folder
   */
  public static DataGate of(Path root, String display) {
    try {
      Path real = root.toRealPath();
      if (!Files.isDirectory(real)) {
        throw new DataException(display, 0, "the data root is not a folder", null);
      }
      return new DataGate(real, display);
    } catch (NoSuchFileException e) {
      throw new DataException(display, 0, "the data root does not exist", e);
    } catch (IOException e) {
      throw new DataException(display, 0, "cannot open the data root: " + e.getMessage(), e);
    }
  }

  /** The root's real path. */
  public Path root() {
    return root;
  }

  /** How messages name a path relative to the root. */
  public String name(String rel) {
    return rel.isEmpty() ? display : display + "/" + rel;
  }

  /** True when {@code name} is a name the gate accepts for an entry of the root. */
  public static boolean safeName(String name) {
    return NAME.matcher(name).matches();
  }

  /** What is at a relative path. */
  public enum Type { ABSENT, FILE, FOLDER }

  /**
   * What is at {@code rel}, without following links.
   *
   * @throws DataException when it is a symbolic link or a special file, or a component before it is not a folder
   */
  public Type type(String rel) {
    Path p = checked(rel);
    BasicFileAttributes a = attributes(rel, p);
    if (a == null) {
      return Type.ABSENT;
    }
    return a.isDirectory() ? Type.FOLDER : Type.FILE;
  }

  /** True when a regular file is at {@code rel}; false when nothing is; a link or special file is refused. */
  public boolean isFile(String rel) {
    Type t = type(rel);
    if (t == Type.FOLDER) {
      throw new DataException(name(rel), 0, "is a folder, not a file", null);
    }
    return t == Type.FILE;
  }

  /**
   * What tells the file at {@code rel} from every other on its file system ({@link BasicFileAttributes#fileKey()}: the
   * device and inode on Unix), after the checks of {@link #type}: two names of one file (hard links) have one key.
   *
   * @return the key; null when nothing is at {@code rel} or the file system gives none
   * @throws DataException when it is a symbolic link or a special file, or a component before it is not a folder
   */
  public Object fileKey(String rel) {
    Path p = checked(rel);
    BasicFileAttributes a = attributes(rel, p);
    return a == null ? null : a.fileKey();
  }

  /**
   * The entries of a folder of the root, sorted by name.
   *
   * @throws DataException when an entry has an unsafe name, or the folder cannot be listed
   */
  public List<String> list(String relDir) {
    Path dir = checked(relDir);
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path p : s) {
        String n = p.getFileName().toString();
        String rel = relDir.isEmpty() ? n : relDir + "/" + n;
        if (!safeName(n)) {
          throw new DataException(name(relDir.isEmpty() ? Echo.of(n) : relDir + "/" + Echo.of(n)), 0,
              "the name is not a safe file name (" + NAME_RULE + ")", null);
        }
        if (names.size() >= MAX_ENTRIES) {
          throw new DataException(name(relDir), 0, "more than " + MAX_ENTRIES + " entries in one folder", null);
        }
        names.add(n);
        if (rel.length() > 4096) {
          throw new DataException(name(relDir), 0, "path too long", null);
        }
      }
    } catch (NoSuchFileException e) {
      throw new DataException(name(relDir), 0, "folder not found", e);
    } catch (IOException e) {
      throw new DataException(name(relDir), 0, "cannot list the folder: " + e.getMessage(), e);
    }
    names.sort(null);
    return names;
  }

  /**
   * Every byte of a regular file, at most {@code kind.maxBytes()}.
   *
   * @throws DataException naming the file when it is absent, not a regular file, or larger than the cap
   */
  public byte[] read(String rel, Kind kind) {
    try (SeekableByteChannel ch = open(rel, kind)) {
      byte[] out = readCapped(ch, kind.maxBytes(), () -> tooLarge(rel, kind));
      sha256.put(rel, HexFormat.of().formatHex(sha256().digest(out)));
      return out;
    } catch (IOException e) {
      throw new DataException(name(rel), 0, "cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * Every byte of one file a user named on the command line ({@code ftl audit FILE}), outside any data root: the
   * same caution as a file under a root, but for the path, which the user chose (a symbolic link they name is followed,
   * once, as {@link #of} follows a root's). It must be a regular file (a folder, FIFO, device or socket is refused
   * before anything is read) of at most {@code kind.maxBytes()}, whatever size it claims.
   *
   * @param file the path as given
   * @param shown how messages name it (the argument as typed)
   * @throws DataException naming the file when it is absent, not a regular file, larger than the cap or unreadable
   */
  public static byte[] readNamed(Path file, String shown, Kind kind) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw new DataException(shown, 0, "file not found", e);
    } catch (IOException e) {
      throw new DataException(shown, 0, "cannot examine: " + e.getMessage(), e);
    }
    if (a.isDirectory()) {
      throw new DataException(shown, 0, "is a folder, not a " + kind.what(), null);
    }
    if (!a.isRegularFile()) {
      throw new DataException(shown, 0, "is a special file (FIFO, device or socket), not a regular file", null);
    }
    Supplier<DataException> tooLarge = () -> new DataException(shown, 0, kind.what() + " larger than the cap of "
        + kind.maxBytes() + " bytes", null);
    if (a.size() > kind.maxBytes()) {
      throw tooLarge.get();
    }
    try (SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ)) {
      return readCapped(ch, kind.maxBytes(), tooLarge);
    } catch (IOException e) {
      throw new DataException(shown, 0, "cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * Every byte of an open channel, failing past {@code cap} whatever size the file claims (a file that grows while it
   * is read, a channel without end): at most {@code cap + 1} bytes are ever held.
   */
  static byte[] readCapped(SeekableByteChannel ch, long cap, Supplier<DataException> tooLarge) throws IOException {
    long size = ch.size();
    ByteBuffer buf = ByteBuffer.allocate((int) Math.min(Math.max(size, 0) + 1, cap + 1));
    while (true) {
      if (!buf.hasRemaining()) {
        if (buf.capacity() > cap) {
          throw tooLarge.get();
        }
        ByteBuffer bigger = ByteBuffer.allocate((int) Math.min((long) buf.capacity() * 2, cap + 1));
        buf.flip();
        bigger.put(buf);
        buf = bigger;
      }
      if (ch.read(buf) < 0) {
        break;
      }
    }
    byte[] out = new byte[buf.position()];
    buf.flip();
    buf.get(out);
    return out;
  }

  /**
   * A text file: {@link #read} decoded as strict UTF-8, without control characters other than tab, line
   * feed and carriage return.
   *
   * @throws DataException naming file and line for bytes that are not UTF-8 or a control character
   */
  public String readText(String rel, Kind kind) {
    return text(read(rel, kind), name(rel));
  }

  /** Decodes strict UTF-8 text and refuses control characters, naming {@code name} and the line. */
  public static String text(byte[] bytes, String name) {
    String s;
    try {
      s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new DataException(name, 0, "not UTF-8 text", e);
    }
    long line = 1;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\n') {
        line++;
      } else if (c != '\t' && c != '\r' && Echo.isControl(c)) {
        throw new DataException(name, line, "control character " + Echo.clean(String.valueOf(c))
            + " in a text file", null);
      }
    }
    return s;
  }

  /**
   * A stream over an events file's stored bytes; it fails with a {@link DataException} past
   * {@code Kind.EVENTS.maxBytes()}.
   */
  public InputStream openEvents(String rel) {
    SeekableByteChannel ch = open(rel, Kind.EVENTS);
    return new CappedInputStream(Channels.newInputStream(ch), Kind.EVENTS.maxBytes(), () -> tooLarge(rel, Kind.EVENTS));
  }

  /**
   * What identifies the stored bytes of an events file without reading them ({@link FileIdentity}), after the same
   * checks as {@link #openEvents} (safe name, no link or special file on the way, a regular file within the cap whose
   * real path lies inside the root). Empty when any check fails (opening the file will say why) or when the file system
   * does not give the device, inode and status-change time.
   */
  public Optional<FileIdentity> eventsIdentity(String rel) {
    try {
      Path p = checked(rel);
      if (!inFolder(rel)) {
        return Optional.empty();
      }
      // one lstat: a regular file (not a link, folder or special file), then the cap; its folder was examined above
      return FileIdentity.of(p, LinkOption.NOFOLLOW_LINKS).filter(id -> id.size() <= Kind.EVENTS.maxBytes());
    } catch (RuntimeException e) { // DataException
      return Optional.empty();
    }
  }

  /**
   * SHA-256 of a file of the root named as messages name it ({@code data/modeA/ledger.csv}), from the bytes
   * the gate read or by reading it through the gate now.
   *
   * @throws DataException when the name is not under this root, or the file is refused
   */
  public String sha256OfDisplayed(String displayed) {
    if (!displayed.startsWith(display + "/")) {
      throw new DataException(displayed, 0, "not a file of the data root " + display, null);
    }
    String rel = displayed.substring(display.length() + 1);
    checked(rel);
    return sha256.computeIfAbsent(rel, this::hash);
  }

  /**
   * SHA-256 identifying the data: over a line {@code <sha256>  <path>} per file of the root for which
   * {@code include} holds, in path order. Every entry of the root is examined, included or not: a link or a
   * special file anywhere is refused. Files already read whole are not read again.
   */
  public String digest(Predicate<String> include) {
    return digest(include, Set.of());
  }

  /**
   * {@link #digest(Predicate)} without the top-level folders {@code skipped}, which are neither entered nor examined:
   * folders that are not the root's data (the archive's data root and a user's folder in it that its catalogue does not
   * declare).
   */
  public String digest(Predicate<String> include, Set<String> skipped) {
    TreeMap<String, Boolean> files = new TreeMap<>();
    int[] count = {0};
    walk("", 0, files, count, skipped);
    // the whole root's bytes are bounded before any is read: a refusal costs an lstat per file, not the hashing
    long total = 0;
    for (String rel : files.keySet()) {
      if (include.test(rel)) {
        BasicFileAttributes a = attributes(rel, checked(rel));
        total += a == null ? 0 : a.size();
        if (total > MAX_DIGEST_BYTES) {
          throw new DataException(display, 0, "the files the data digest covers hold more than " + MAX_DIGEST_BYTES
              + " bytes in all (the cap of a data root's digest; reached at " + name(rel) + ")", null);
        }
      }
    }
    MessageDigest md = sha256();
    for (String rel : files.keySet()) {
      if (!include.test(rel)) {
        continue;
      }
      String sha = sha256.computeIfAbsent(rel, this::hash);
      md.update((sha + "  " + rel + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(md.digest());
  }

  private void walk(String relDir, int depth, TreeMap<String, Boolean> files, int[] count, Set<String> skipped) {
    if (depth > MAX_DEPTH) {
      throw new DataException(name(relDir), 0, "folders nested deeper than " + MAX_DEPTH + " levels", null);
    }
    for (String n : list(relDir)) {
      String rel = relDir.isEmpty() ? n : relDir + "/" + n;
      if (++count[0] > MAX_ENTRIES) {
        throw new DataException(display, 0, "more than " + MAX_ENTRIES + " files and folders", null);
      }
      if (skipped.contains(rel)) {
        continue; // a top-level folder left out (a folder name has no '/', so only the top level matches)
      }
      if (type(rel) == Type.FOLDER) {
        walk(rel, depth + 1, files, count, skipped);
      } else {
        files.put(rel, Boolean.TRUE);
      }
    }
  }

  private String hash(String rel) {
    MessageDigest md = sha256();
    byte[] buf = new byte[1 << 16];
    try (InputStream in = new CappedInputStream(Channels.newInputStream(open(rel, Kind.OTHER)), Kind.OTHER.maxBytes(),
        () -> tooLarge(rel, Kind.OTHER))) {
      for (int n; (n = in.read(buf)) >= 0; ) {
        md.update(buf, 0, n);
      }
    } catch (IOException e) {
      throw new DataException(name(rel), 0, "cannot read: " + e.getMessage(), e);
    }
    return HexFormat.of().formatHex(md.digest());
  }

  /** Opens a regular file under the root after every check, without following links. */
  private SeekableByteChannel open(String rel, Kind kind) {
    Path p = regularFile(rel, kind);
    try {
      return Files.newByteChannel(p, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
    } catch (NoSuchFileException e) {
      throw new DataException(name(rel), 0, "file not found", e);
    } catch (IOException e) {
      throw new DataException(name(rel), 0, "cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * The path of a regular file under the root after every check ({@link #open} opens it, {@link #eventsIdentity}
   * asks for its identity): a safe name, no link or special file on the way, not a folder, within the cap of its
   * kind, its real path inside the root.
   *
   * @throws DataException naming what is wrong
   */
  private Path regularFile(String rel, Kind kind) {
    Path p = checked(rel);
    BasicFileAttributes a = attributes(rel, p);
    if (a == null) {
      throw new DataException(name(rel), 0, "file not found", null);
    }
    if (a.isDirectory()) {
      throw new DataException(name(rel), 0, "is a folder, not a " + kind.what(), null);
    }
    if (a.size() > kind.maxBytes()) {
      throw tooLarge(rel, kind);
    }
    // not a link (attributes refuses one), in a folder whose real path lies inside the root: so does the file's
    return p;
  }

  /**
   * The attributes of the entry at {@code rel}, after checking that no component of it is a link or a special
   * file, and that the folder holding it has its real path inside the root; null when it does not exist.
   */
  private BasicFileAttributes attributes(String rel, Path p) {
    if (rel.isEmpty()) {
      return readAttributes(root, "");
    }
    return inFolder(rel) ? readAttributes(p, rel) : null;
  }

  /** True when the folder holding {@code rel} (the root, or a {@link #folder} examined once) exists. */
  private boolean inFolder(String rel) {
    int slash = rel.lastIndexOf('/');
    return slash <= 0 || folder(rel.substring(0, slash));
  }

  /**
   * Folders of the root (relative paths) found to be folders all the way down, no component a link or a special
   * file, with their real path inside the root's. Each is examined once per gate (a root that changes while it is read
   * is outside the threat model, see the class comment): thousands of events files in one folder then cost one
   * {@code lstat} each, not one per component and a {@code realpath}, several times over.
   */
  private final Set<String> folders = ConcurrentHashMap.newKeySet();

  /**
   * True when the folder at {@code relDir} exists and every component of it is a folder (examined without following
   * links) and its real path lies inside the root; false when a component is absent.
   *
   * @throws DataException when a component is a link, a special file or a file, or the real path lies outside
   */
  private boolean folder(String relDir) {
    if (folders.contains(relDir)) {
      return true;
    }
    String[] parts = relDir.split("/");
    Path at = root;
    StringBuilder sofar = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      at = at.resolve(parts[i]);
      sofar.append(i == 0 ? "" : "/").append(parts[i]);
      BasicFileAttributes a = readAttributes(at, sofar.toString());
      if (a == null) {
        return false;
      }
      if (!a.isDirectory()) {
        throw new DataException(name(sofar.toString()), 0, "is a file where a folder is expected", null);
      }
    }
    try {
      Path real = at.toRealPath();
      if (!real.startsWith(root)) {
        throw new DataException(name(relDir), 0, "lies outside the data root (real path " + Echo.of(real.toString())
            + ")", null);
      }
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      throw new DataException(name(relDir), 0, "cannot examine: " + e.getMessage(), e);
    }
    folders.add(relDir);
    return true;
  }

  private BasicFileAttributes readAttributes(Path at, String rel) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new DataException(name(rel), 0, "cannot examine: " + e.getMessage(), e);
    }
    if (a.isSymbolicLink()) {
      throw new DataException(name(rel), 0, "is a symbolic link: a data root holds only regular files and folders",
          null);
    }
    if (a.isOther()) {
      throw new DataException(name(rel), 0, "is a special file (FIFO, device or socket), not a regular file", null);
    }
    return a;
  }

  /** The path of {@code rel} under the root after checking its syntax. */
  private Path checked(String rel) {
    if (rel.isEmpty()) {
      return root;
    }
    if (rel.length() > 4096) {
      throw new DataException(display, 0, "path too long (" + rel.length() + " characters)", null);
    }
    for (String part : rel.split("/", -1)) {
      if (!safeName(part)) {
        throw new DataException(name(Echo.of(rel)), 0, "not a safe relative path: each part must be " + NAME_RULE,
            null);
      }
    }
    return root.resolve(rel);
  }

  private DataException tooLarge(String rel, Kind kind) {
    return new DataException(name(rel), 0, kind.what() + " larger than the cap of " + kind.maxBytes() + " bytes", null);
  }

  public static MessageDigest sha256() {
    return Sha256.newDigest();
  }

  /** A stream that fails once more than {@code cap} bytes have passed. */
  public static final class CappedInputStream extends FilterInputStream {
    private final long cap;
    private final Supplier<DataException> tooLarge;
    private long seen;

    public CappedInputStream(InputStream in, long cap, Supplier<DataException> tooLarge) {
      super(in);
      this.cap = cap;
      this.tooLarge = tooLarge;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0 && ++seen > cap) {
        throw tooLarge.get();
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        seen += n;
        if (seen > cap) {
          throw tooLarge.get();
        }
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      return super.skip(0);
    }

    /**
     * Always 0, an estimate the contract allows. A file channel's own estimate costs two system calls (its size and
     * position), and a {@link java.io.BufferedInputStream} above asks for it after each read it passes through; every
     * reader here reads until the end of the stream anyway.
     */
    @Override
    public int available() {
      return 0;
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }
}
