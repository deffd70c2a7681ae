package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 17 (the wrong code): {@code campaign smoke --system nats --out a-file/x} exited 5, an instrument
 * failure, where the README documents 6 for a file that cannot be written. Now the server's folder is made before the
 * server starts, and a failure to make it is exit 6 naming the path; no server is started.
 */
class SmokeOutBelowAFileRegressionTest {
  @TempDir Path tmp;

  @Test
  void smokeSystem_outBelowAFile_exitsSixNamingIt() throws Exception {
    Path file = Files.writeString(tmp.resolve("a-file"), "not a folder\n");
    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "campaign", "smoke", "--system", "nats", "--out",
        file.resolve("x").toString());
    assertThat(r.code()).as("stderr: %s", r.err()).isEqualTo(ExitCode.IO);
    assertThat(r.err()).contains("cannot write or read a file: " + file.resolve("x")).doesNotContain("\tat ")
        .doesNotContain("starting");
  }
}
