package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import ftl.verify.Manifest;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, item 5: with git unusable (not a checkout, git broken or missing), {@code reproduce --check} ended in exit
 * 70 with a stack trace, because the manifest's file list came from {@code git ls-files} and its failure was thrown as
 * an internal error. The archive's file list is what cannot be read: an I/O failure, exit 6, naming the folder and
 * git's own message, and no stack trace.
 */
class GitUnusableRegressionTest {
  @TempDir Path notACheckout;

  @Test
  void archiveFiles_notAGitCheckout_isAnIoFailureNamingTheFolder() throws Exception {
    Files.writeString(notACheckout.resolve("SHA256SUMS"), "");
    Throwable t = catchThrowable(() -> Manifest.verify(notACheckout));
    assertThat(t).isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("the manifest needs a git checkout of the archive")
        .hasMessageContaining(notACheckout.toString());
    assertThat(Main.exitCodeOf(t)).isEqualTo(ExitCode.IO);
  }
}
