package ftl.harness.campaign;

import ftl.data.io.CodeFiles;
import ftl.data.io.Sha256;
import ftl.data.ledger.LedgerCells;
import ftl.data.ledger.LedgerSchema;
import ftl.emit.ArchiveVersion;
import ftl.harness.host.Commands;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;

/**
 * Where a campaign's runs came from, as every ledger row records it (issue #54, ledger layout 13): whether the campaign
 * is registered in the archive (a folder of its {@code data/}, run under its rules) or a practitioner's workspace
 * anywhere else; the version of ftl and the digest of the build that ran; and the git state of the work tree that holds
 * the campaign folder, where there is one.
 *
 * @param registered {@code yes} or {@code no} ({@link LedgerSchema#REGISTERED})
 * @param ftlVersion pom.xml's version of ftl
 * @param buildSha256 {@link #buildDigest(Path)} of the code that runs; "" when its location cannot be read
 * @param workspaceCommit the commit checked out where the campaign folder lies; "" outside git
 * @param workspaceDirty {@code yes} or {@code no}; "" outside git
 */
public record RunOrigin(String registered, String ftlVersion, String buildSha256, String workspaceCommit,
                        String workspaceDirty) {
  /** The words of {@link LedgerSchema#WORKSPACE_DIRTY}. */
  static final String YES = LedgerSchema.YES_NO_WORDS.get(0);
  static final String NO = LedgerSchema.YES_NO_WORDS.get(1);

  /** The digest of the build this JVM runs, computed once ({@link #buildDigest(Path)}). */
  private static final class Build {
    static final String SHA256 = currentBuild();
  }

  /**
   * The origin of runs into {@code campaignDir}: {@code registered} as the runner was told (the archive's rules held),
   * the build of this JVM, and the git state of the folder's work tree ({@link CampaignRunner#treeProblems}: any change
   * outside the folder, or a plan not committed unchanged, makes it dirty).
   */
  static RunOrigin of(Path campaignDir, boolean registered) {
    Commands.Result head = Commands.run(List.of("git", "-C", campaignDir.toString(), "rev-parse", "HEAD"));
    String commit = head.ok() && head.output().matches("[0-9a-f]{40}") ? head.output() : "";
    String dirty = commit.isEmpty() ? ""
        : CampaignRunner.treeProblems(campaignDir, campaignDir).isEmpty() ? NO : YES;
    return new RunOrigin(registered ? LedgerSchema.REGISTERED_YES : LedgerSchema.REGISTERED_NO, ArchiveVersion.VERSION,
        Build.SHA256, commit, dirty);
  }

  /** The five cells of layout 13. */
  LedgerCells ledgerCells() {
    LedgerCells m = new LedgerCells();
    m.put(LedgerSchema.REGISTERED, registered);
    m.put(LedgerSchema.FTL_VERSION, ftlVersion);
    m.put(LedgerSchema.FTL_BUILD_SHA256, buildSha256);
    m.put(LedgerSchema.WORKSPACE_COMMIT, workspaceCommit);
    m.put(LedgerSchema.WORKSPACE_DIRTY, workspaceDirty);
    return m;
  }

  /** {@link #buildDigest(Path)} of the jar or class folder this class was loaded from; "" when it cannot be read. */
  static String currentBuild() {
    try {
      CodeSource cs = RunOrigin.class.getProtectionDomain().getCodeSource();
      return cs == null || cs.getLocation() == null ? "" : buildDigest(Path.of(cs.getLocation().toURI()));
    } catch (URISyntaxException | IOException | RuntimeException e) {
      return "";
    }
  }

  /**
   * The digest of a build: SHA-256 over every file under {@code ftl/} of a jar or a class folder (classes and
   * resources), by name in byte order, each as its name, a NUL, its length in decimal, a NUL and its bytes. A jar's own
   * bytes carry the time it was built; this digest does not, so the same sources built twice give the same digest.
   *
   * @throws IOException when the location cannot be read or holds no file under {@code ftl/}
   */
  static String buildDigest(Path location) throws IOException {
    TreeMap<String, byte[]> files = CodeFiles.read(location, name -> name.startsWith("ftl/"));
    if (files.isEmpty()) {
      throw new IOException("no file under ftl/ in " + location);
    }
    MessageDigest md = Sha256.jdk();
    for (var e : files.entrySet()) {
      md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      md.update(Long.toString(e.getValue().length).getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      md.update(e.getValue());
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
