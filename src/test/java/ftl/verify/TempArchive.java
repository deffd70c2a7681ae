package ftl.verify;

import ftl.data.io.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A throw-away archive in a temporary folder: a git repository with the real emit/ templates. */
public final class TempArchive {
  public final Path root;

  private TempArchive(Path root) {
    this.root = root;
  }

  /** Makes an archive under {@code tmp} with emit/ copied from the real archive and an empty data root. */
  public static TempArchive create(Path tmp) throws IOException {
    copyTree(Path.of("emit"), tmp.resolve("emit"));
    Files.createDirectories(tmp.resolve("data"));
    Files.createDirectories(tmp.resolve("paper"));
    git(tmp, "init", "-q");
    return new TempArchive(tmp);
  }

  public TempArchive withData(Path dataRoot) throws IOException {
    copyTree(dataRoot, root.resolve("data"));
    return this;
  }

  public TempArchive write(String relative, String content) throws IOException {
    Path p = root.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return this;
  }

  public static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.createDirectories(t.getParent());
          Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  public static int git(Path dir, String... args) throws IOException {
    String[] cmd = new String[args.length + 3];
    cmd[0] = "git";
    cmd[1] = "-C";
    cmd[2] = dir.toString();
    System.arraycopy(args, 0, cmd, 3, args.length);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    try {
      p.waitFor(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return p.exitValue();
  }

  /**
   * Gives a campaign folder's events files bytes of their own: a comment line {@code # <note>} before each file's rows,
   * and the ledger's {@code events_sha256} updated to match, so a campaign copied from another is not one measurement
   * under two names, which the data set refuses (issue 58). The ledger's first line is its header; cells hold no
   * quotes.
   */
  public static void ownEvents(Path campaign, String note) throws IOException {
    Path ledger = campaign.resolve("ledger.csv");
    List<String> lines = new ArrayList<>(Files.readAllLines(ledger, StandardCharsets.UTF_8));
    List<String> header = List.of(lines.get(0).split(",", -1));
    int file = header.indexOf("events_file");
    int sha = header.indexOf("events_sha256");
    for (int i = 1; i < lines.size(); i++) {
      String[] cells = lines.get(i).split(",", -1);
      if (cells.length <= Math.max(file, sha) || cells[file].isEmpty()) {
        continue;
      }
      Path events = campaign.resolve(cells[file]);
      byte[] own = ("# " + note + "\n" + Files.readString(events, StandardCharsets.UTF_8))
          .getBytes(StandardCharsets.UTF_8);
      Files.write(events, own);
      cells[sha] = HexFormat.of().formatHex(Sha256.jdk().digest(own));
      lines.set(i, String.join(",", cells));
    }
    Files.write(ledger, lines, StandardCharsets.UTF_8);
  }
}
