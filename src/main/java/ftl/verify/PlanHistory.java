package ftl.verify;

import ftl.data.DataSet;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.io.Sha256;
import ftl.data.io.UtcTimestamp;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A campaign's plan checked against the git history its ledger claims (issue 43: a threshold changed with every
 * ledger row's {@code plan_sha256} rewritten to match read "held, confirmatory" in {@code check}; only the manifest
 * noticed). Every ledger row names the commit the runner ran from ({@code git_commit}, the tree clean and the plan
 * committed) and the plan's digest ({@code plan_sha256}); so the plan at that commit must have that digest, and that
 * commit must be no later than the first run that names it. A rewrite of the plan and of every digest then shows, since
 * the commits the rows name hold the plan as it was. {@code check}, {@code list} and {@code reproduce} run this check
 * when the data root lies in a git work tree whose history holds some commit the runs name; without that history (a
 * tarball, a fresh {@code git init}, a data root elsewhere) nothing is checked here, and a shallow clone's missing
 * commits are skipped. A disagreement is bad data (exit 3) naming the ledger's line.
 */
public final class PlanHistory {
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
  /** The longest a git command may take. */
  private static final long GIT_SECONDS = 20;

  private PlanHistory() {}

  /**
   * Checks every folder of {@code data} whose ledger names plan digests and commits.
   *
   * @throws DataException naming the ledger's line of the first run whose commit does not hold the plan it names
   */
  public static void verify(DataSet data) {
    if (data.gate().isEmpty()) {
      return;
    }
    byte[] top = git(data.root(), "rev-parse", "--show-toplevel");
    if (top == null) {
      return;
    }
    Path repo;
    try {
      repo = Path.of(new String(top, StandardCharsets.UTF_8).strip()).toRealPath(); // as the plans' real paths spell it
    } catch (IOException | InvalidPathException e) {
      return;
    }
    byte[] shallowOut = git(repo, "rev-parse", "--is-shallow-repository");
    boolean shallow = shallowOut == null || new String(shallowOut, StandardCharsets.UTF_8).strip().equals("true");
    DataGate gate = data.gate().get();
    List<String> folders = new ArrayList<>();
    data.campaigns().forEach(c -> folders.add(c.name()));
    folders.addAll(data.otherFolders());
    List<Claim> claims = new ArrayList<>();
    for (String f : folders) {
      if (gate.isFile(f + "/ledger.csv") && gate.isFile(f + "/plan.json")) {
        claims.addAll(claims(data, gate, repo, f));
      }
    }
    if (claims.isEmpty()) {
      return;
    }
    // a few questions to git for every claim at once: which commits it has and when, and the blob each holds at the
    // path
    Map<String, Long> times = commitTimes(repo, claims.stream().map(Claim::commit).toList());
    if (times.isEmpty()) {
      // none of the commits the runs name is in this repository: its history is not the archive's (a fresh git init)
      return;
    }
    StringBuilder in = new StringBuilder();
    claims.forEach(c -> in.append(c.commit()).append(':').append(c.rel()).append('\n'));
    byte[] found = git(repo, in.toString().getBytes(StandardCharsets.UTF_8), "cat-file", "--batch-check=%(objectname)");
    if (found == null) {
      return;
    }
    List<String> blobs = List.of(new String(found, StandardCharsets.UTF_8).split("\n"));
    for (int i = 0; i < claims.size(); i++) {
      Claim c = claims.get(i);
      String blob = i < blobs.size() ? blobs.get(i).strip() : "";
      if (!COMMIT.matcher(blob).matches()) {
        if (shallow) {
          continue;
        }
        throw new DataException(c.ledger(), c.line(), "the runs name commit " + c.commit() + ", which "
            + (times.containsKey(
            c.commit()) ? "holds no " + c.rel()
            : "is not in this repository's history, which holds the commits other runs "
            + "name") + ": the plan they ran under cannot be shown", null);
      }
      if (!blob.equals(c.blob())) {
        throw new DataException(c.ledger(), c.line(), "the runs name plan digest " + c.digest() + " and commit "
            + c.commit()
            + ", whose " + c.rel()
            + " is another file than the plan with that digest: the plan and the ledger's digests were rewritten "
            + "after the runs", null);
      }
    }
    for (Claim c : claims) {
      Long committed = times.get(c.commit());
      if (committed != null && committed > c.startedMillis()) {
        throw new DataException(c.ledger(), c.line(), "the runs name commit " + c.commit() + ", committed at "
            + Instant.ofEpochMilli(committed) + ", after their first run at "
            + Instant.ofEpochMilli(c.startedMillis())
            + ": a plan committed after its runs is not registered before them",
            null);
      }
    }
  }

  /**
   * One run's claim: the commit and digest it names, where (ledger and line), its first start time, the plan's path in
   * the repository and the git blob id of the plan with that digest (the plan on disk has it; another reader refuses a
   * ledger whose digest the plan on disk does not have).
   */
  private record Claim(String ledger, long line, String commit, String digest, long startedMillis, String rel,
      String blob) {}

  private static List<Claim> claims(DataSet data, DataGate gate, Path repo, String f) {
    String ledger = gate.name(f + "/ledger.csv");
    Map<String, long[]> seen = new LinkedHashMap<>();
    try (CSVParser p = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
        .parse(new StringReader(gate.readText(f + "/ledger.csv", DataGate.Kind.LEDGER)))) {
      if (!p.getHeaderNames().contains("git_commit") || !p.getHeaderNames().contains("plan_sha256")) {
        return List.of();
      }
      for (CSVRecord r : p) {
        String commit = r.isSet("git_commit") ? r.get("git_commit") : "";
        String digest = r.isSet("plan_sha256") ? r.get("plan_sha256") : "";
        if (commit.isEmpty() || digest.isEmpty()) {
          continue;
        }
        long line = p.getCurrentLineNumber();
        if (!COMMIT.matcher(commit).matches()) {
          throw new DataException(ledger, line, "git_commit is not a commit (40 lower-case hex digits): "
              + Echo.of(commit), null);
        }
        OptionalLong started = UtcTimestamp.epochMillis(r.isSet("started_at") ? r.get("started_at") : "");
        long at = started.orElse(Long.MAX_VALUE);
        long[] first = seen.computeIfAbsent(commit + " " + digest, k -> new long[] {line, Long.MAX_VALUE});
        first[1] = Math.min(first[1], at);
      }
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      throw new DataException(ledger, 0, "not a valid CSV: " + Echo.cause(e), e);
    }
    byte[] plan = gate.read(f + "/plan.json", DataGate.Kind.PLAN);
    String sha = HexFormat.of().formatHex(Sha256.jdk().digest(plan));
    String rel;
    try {
      rel = repo.relativize(data.root().resolve(f).resolve("plan.json").toRealPath()).toString().replace('\\', '/');
    } catch (IOException | IllegalArgumentException e) {
      return List.of(); // the plan is not inside the work tree: no history claims it
    }
    List<Claim> out = new ArrayList<>();
    for (Map.Entry<String, long[]> e : seen.entrySet()) {
      String[] cd = e.getKey().split(" ");
      if (cd[1].equals(sha)) { // a digest the plan on disk does not have is refused by the ledger's reader
        out.add(new Claim(ledger, e.getValue()[0], cd[0], cd[1], e.getValue()[1], rel, blobId(plan)));
      }
    }
    return out;
  }

  /** Git's object id of a blob of these bytes: SHA-1 of {@code "blob <length>\0"} and the bytes (git's own naming). */
  static String blobId(byte[] bytes) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
      return HexFormat.of().formatHex(sha1.digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is missing from this JVM", e);
    }
  }

  /** When each of {@code commits} was committed, ms since the epoch (whole seconds), by commit; one question to git. */
  static Map<String, Long> commitTimes(Path repo, List<String> commits) {
    Map<String, Long> out = new HashMap<>();
    if (commits.isEmpty()) {
      return out;
    }
    // only commits (40 hex digits, so never an option to git) that the repository has: one unknown fails git show
    StringBuilder in = new StringBuilder();
    new LinkedHashSet<>(commits).stream().filter(c -> COMMIT.matcher(c).matches())
        .forEach(c -> in.append(c).append("^{commit}\n"));
    byte[] known = git(repo, in.toString().getBytes(StandardCharsets.UTF_8), "cat-file", "--batch-check=%(objectname)");
    List<String> args = new ArrayList<>(List.of("show", "-s", "--format=%H %ct"));
    for (String l : known == null ? new String[0] : new String(known, StandardCharsets.UTF_8).split("\n")) {
      if (COMMIT.matcher(l.strip()).matches()) {
        args.add(l.strip());
      }
    }
    if (args.size() == 3) {
      return out;
    }
    byte[] t = git(repo, args.toArray(String[]::new));
    for (String l : t == null ? new String[0] : new String(t, StandardCharsets.UTF_8).split("\n")) {
      String[] hc = l.strip().split(" ");
      if (hc.length == 2 && hc[1].matches("[0-9]{1,12}")) {
        out.put(hc[0], Long.parseLong(hc[1]) * 1000);
      }
    }
    return out;
  }

  /** The output of {@code git -C dir args}, or null when git is missing, fails or takes too long. */
  static byte[] git(Path dir, String... args) {
    return git(dir, new byte[0], args);
  }

  /** {@link #git(Path, String...)} with {@code input} on its standard input. */
  static byte[] git(Path dir, byte[] input, String... args) {
    List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString()));
    argv.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      try (OutputStream stdin = p.getOutputStream()) {
        stdin.write(input); // a few lines: git reads them all before its answers could fill a pipe
      }
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(GIT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      return p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
