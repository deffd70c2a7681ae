package ftl.data.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.HexFormat;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The analysis's SHA-256 ({@link Sha256}) gives the JDK's digests whichever implementation computes them: NSS's, where
 * the system has it, on random inputs fed whole and in uneven pieces.
 */
class Sha256Test {

  @Test
  void nss_whereInstalled_givesTheJdksDigests() throws Exception {
    Optional<Provider> nss = Sha256.awaitNss();
    Assumptions.assumeTrue(nss.isPresent() || System.getenv("FTL_NO_NSS") != null || !nssInstalled(),
        "NSS is installed here but could not be loaded");
    Assumptions.assumeTrue(nss.isPresent(),
        "NSS is not installed here (or FTL_NO_NSS is set): the JDK's SHA-256 is used");
    SplittableRandom rnd = new SplittableRandom(256);
    for (int t = 0; t < 200; t++) {
      byte[] data = new byte[t < 100 ? t : rnd.nextInt(0, 300_000)];
      rnd.nextBytes(data);
      MessageDigest a = MessageDigest.getInstance("SHA-256", nss.get());
      MessageDigest b = Sha256.jdk();
      for (int at = 0; at < data.length; ) {
        int n = Math.min(data.length - at, rnd.nextInt(1, 70_000));
        a.update(data, at, n);
        b.update(data, at, n);
        at += n;
      }
      assertThat(HexFormat.of().formatHex(a.digest())).as("%d bytes", data.length)
          .isEqualTo(HexFormat.of().formatHex(b.digest()));
    }
    assertThat(Sha256.newDigest().getProvider()).isSameAs(nss.get());
  }

  @Test
  void newDigest_givesTheKnownAnswer() throws Exception {
    Sha256.awaitNss();
    assertThat(HexFormat.of().formatHex(Sha256.newDigest().digest("abc".getBytes(StandardCharsets.US_ASCII))))
        .isEqualTo(Sha256.ABC);
    assertThat(HexFormat.of().formatHex(Sha256.jdk().digest(new byte[0])))
        .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  }

  private static boolean nssInstalled() {
    return Sha256.NSS_FOLDERS.stream().anyMatch(d -> Files.isRegularFile(Path.of(d, "libsoftokn3.so")));
  }
}
