package ftl.data.io;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * SHA-256 for the analysis's hashing of a data root (events files, ledgers, the cache's checks): the system's NSS
 * library through the JDK's own PKCS#11 provider ({@code SunPKCS11}, no database) where the library is installed, the
 * JDK's own implementation otherwise. The digests are the same bytes either way (SHA-256 is SHA-256; a known answer is
 * checked before NSS is used, and {@code Sha256Test} compares the two on random inputs); only the speed differs. The
 * launcher runs the JVM with its quick compiler only, which never uses the processor's SHA instructions: the JDK's
 * implementation then hashes about 140 MB/s, NSS about 1 GB/s (measured on the archive's 57 MB of events files: 0.39
 * against 0.06 s of one core).
 *
 * <p>NSS is loaded on a thread of its own the first time a digest is asked for (about 0.14 s); digests asked for
 * before it is ready are the JDK's. {@code FTL_NO_NSS=1} in the environment keeps the JDK's throughout.
 */
public final class Sha256 {

  /** Folders where Debian, Fedora and others put NSS's {@code libsoftokn3.so}, in the order tried. */
  static final List<String> NSS_FOLDERS = List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
      "/usr/lib64", "/usr/lib", "/usr/lib/x86_64-linux-gnu/nss", "/usr/lib64/nss");

  /** SHA-256 of "abc" (FIPS 180-2, appendix B.1): NSS is used only if it gives this. */
  static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  private static volatile Provider nss;
  private static final Thread LOADER = new Thread(Sha256::load, "ftl-sha256-nss");

  static {
    if (System.getenv("FTL_NO_NSS") == null) {
      LOADER.setDaemon(true);
      LOADER.start();
    }
  }

  private Sha256() {}

  /** A new SHA-256 digest: NSS's when it is ready, else the JDK's. */
  public static MessageDigest newDigest() {
    Provider p = nss;
    if (p != null) {
      try {
        return MessageDigest.getInstance("SHA-256", p);
      } catch (NoSuchAlgorithmException | RuntimeException e) {
        nss = null; // never again: the JDK's from now on
      }
    }
    return jdk();
  }

  /** The JDK's own SHA-256. */
  public static MessageDigest jdk() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** NSS's SHA-256 provider, waiting for it to be loaded; empty where it could not be (tests). */
  static Optional<Provider> awaitNss() throws InterruptedException {
    LOADER.join();
    return Optional.ofNullable(nss);
  }

  private static void load() {
    try {
      Optional<String> folder = NSS_FOLDERS.stream().filter(d -> Files.isRegularFile(Path.of(d, "libsoftokn3.so")))
          .findFirst();
      Provider base = Security.getProvider("SunPKCS11");
      if (folder.isEmpty() || base == null) {
        return;
      }
      Provider p = base.configure("--name=ftl-nss\nnssLibraryDirectory=" + folder.get() + "\nnssDbMode=noDb\n");
      MessageDigest md = MessageDigest.getInstance("SHA-256", p);
      if (HexFormat.of().formatHex(md.digest("abc".getBytes(StandardCharsets.US_ASCII))).equals(ABC)) {
        nss = p;
      }
    } catch (Throwable e) {
      // no NSS, an NSS that fails to start, a JDK without the provider: nss stays null, the JDK's digest is used
    }
  }
}
