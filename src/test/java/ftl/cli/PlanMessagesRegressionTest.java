package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.harness.campaign.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 43, item 5, the messages: {@code campaign smoke --plan} named a temporary copy of the plan instead of the
 * user's file; an unwritable {@code --out}, a read-only mount or a full disk ended in exit 5 where the README documents
 * 6, and the full disk's message named no file. Now the user's file is read in place, and a file that cannot be written
 * is exit 6 naming it. The plans here are synthetic, written by the test.
 */
class PlanMessagesRegressionTest {
  @TempDir Path tmp;

  private record Result(int code, String err) {}

  private Result run(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    String[] all = new String[args.length + 2];
    all[0] = "--root";
    all[1] = tmp.toString();
    System.arraycopy(args, 0, all, 2, args.length);
    return new Result(cl.execute(all), err.toString());
  }

  @Test
  void smoke_planWithAnError_messageNamesTheUsersFile() throws IOException {
    Path plan = tmp.resolve("my-plan.json");
    Files.writeString(plan, "{\"campaign\": \"k\",\n \"blocks\": \"2\",\n \"conditions\": [{\"name\": \"a\"}]}\n");
    Result r = run("campaign", "smoke", "--plan", plan.toString(), "--out", tmp.resolve("out").toString());
    assertThat(r.code()).as("stderr: %s", r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains(plan + ":2: ").contains("blocks").doesNotContain("ftl-smoke-plan");
    assertThat(tmp.resolve("out")).doesNotExist();
  }

  @Test
  void smoke_outBelowAFile_exitsSixNamingIt() throws IOException {
    Path plan = tmp.resolve("plan.json");
    Files.writeString(plan, "{\"campaign\": \"k\", \"conditions\": [{\"name\": \"a\"}]}\n");
    Path file = Files.writeString(tmp.resolve("a-file"), "not a folder\n");
    Result r = run("campaign", "smoke", "--plan", plan.toString(), "--out", file.resolve("out").toString());
    assertThat(r.code()).as("stderr: %s", r.err()).isEqualTo(ExitCode.IO);
    assertThat(r.err()).contains("cannot write or read a file: " + file).doesNotContain("\tat ");
  }

  @Test
  void fullDisk_writeFailure_isExitSixNamingTheFile() {
    Path target = tmp.resolve("events/r0001.csv.gz");
    IOException named = AtomicFiles.named(target, new IOException("No space left on device"));
    assertThat(named).isInstanceOf(FileSystemException.class).hasCauseInstanceOf(IOException.class);
    assertThatThrownBy(() -> CampaignCommand.guarded(() -> {
      throw named;
    })).isInstanceOf(UncheckedIOException.class);
    UncheckedIOException thrown = new UncheckedIOException(named);
    assertThat(Main.exitCodeOf(thrown)).isEqualTo(ExitCode.IO);
    assertThat(Main.ioMessage(thrown)).isEqualTo("cannot write or read a file: " + target
        + ": No space left on device");
    // a failure that already names its file keeps it
    FileSystemException readOnly = new FileSystemException(target.toString(), null, "Read-only file system");
    assertThat(AtomicFiles.named(tmp.resolve("other"), readOnly)).isSameAs(readOnly);
    // an I/O failure that is not a file's stays the instrument's (exit 5)
    assertThatThrownBy(() -> CampaignCommand.guarded(() -> {
      throw new IOException("broker connection reset");
    })).isInstanceOf(HarnessFailure.class).hasMessageContaining("broker connection reset");
  }
}
