package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ftl campaign smoke --system ...} on what fails before any run: a server that will not start is an instrument
 * failure (exit 5) whose message carries the server's last log lines, never a stack trace; an unknown system or a bad
 * interval is a usage error (exit 2).
 */
class SystemSmokeCommandTest {
  @TempDir Path dir;

  record Outcome(int code, String err) {}

  static Outcome run(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Outcome(code, err.toString());
  }

  @Test
  @Timeout(60)
  void smoke_natsServerExitsAtOnce_harnessExitWithItsLogLines() throws Exception {
    Path bin = dir.resolve("nats-server");
    Files.writeString(bin,
        "#!/bin/sh\necho 'nats-server: listen tcp 127.0.0.1: bind: address already in use' >&2\nexit 1\n",
        StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwx------"));
    Outcome o = run("--root", dir.toString(), "campaign", "smoke", "--system", "nats", "--server-binary",
        bin.toString(),
        "--out", dir.resolve("scratch").toString());
    assertThat(o.code()).isEqualTo(ExitCode.HARNESS);
    assertThat(o.err()).contains("nats-server exited during start-up (exit 1)")
        .contains("bind: address already in use").doesNotContain("\tat ");
  }

  @Test
  void smoke_unknownSystem_usageExit() {
    Outcome o = run("--root", dir.toString(), "campaign", "smoke", "--system", "mqtt", "--out",
        dir.resolve("s").toString());
    assertThat(o.code()).isEqualTo(ExitCode.USAGE);
    assertThat(o.err()).contains("unknown messaging system \"mqtt\"");
    assertThat(Files.exists(dir.resolve("s"))).isFalse();
  }

  @Test
  void smoke_kafkaUrlNotHostPort_usageExit() {
    Outcome o = run("--root", dir.toString(), "campaign", "smoke", "--system", "kafka", "--url", "nats://x:1",
        "--out", dir.resolve("s").toString());
    assertThat(o.code()).isEqualTo(ExitCode.USAGE);
    assertThat(o.err()).contains("--url for kafka must be host:port");
  }

  @Test
  void smoke_intervalWithoutUnit_usageExit() {
    Outcome o = run("--root", dir.toString(), "campaign", "smoke", "--system", "nats", "--interval", "5",
        "--out", dir.resolve("s").toString());
    assertThat(o.code()).isEqualTo(ExitCode.USAGE);
    assertThat(o.err()).contains("not a duration with a unit");
  }
}
