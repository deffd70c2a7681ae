package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ftl.data.io.Echo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 13 (an unclear message): with its port squatted, NATS's failure reached the terminal cut at "[FTL]
 * Error listening o..." (twelve long banner lines came first, and a message is cut at {@code Echo}'s 1,000 characters),
 * and RabbitMQ's lacked {@code eaddrinuse}, which lay above the crash report that makes up its last lines. Now a start
 * failure says the server's own cause first: the lines of its logs naming a cause, wherever they are. The servers here
 * are stand-in shell commands printing what the real ones print.
 */
class ServerCauseCutRegressionTest {
  @TempDir Path tmp;

  private static final String BANNER = "[4711] 2026/12/06 02:00:00.000000 [INF] ";

  @Test
  @Timeout(30)
  void start_natsBannerThenFatalLine_messageHoldsTheWholeCause() {
    String fatal = BANNER.replace("[INF]", "[FTL]")
        + "Error listening on port: 127.0.0.1:4222, \"listen tcp 127.0.0.1:4222: bind: address already in use\"";
    StringBuilder script = new StringBuilder();
    for (int i = 0; i < 14; i++) {
      script.append("echo '").append(BANNER).append("  JetStream banner line ").append(i).append(": ")
          .append("x".repeat(60)).append("'; ");
    }
    script.append("echo '").append(fatal.replace("'", "'\\''")).append("'; exit 1");
    ServerStartException e = catchThrowableOfType(ServerStartException.class,
        () -> ServerProcess.start(new ServerProcess.Launch("nats-server", List.of("/bin/sh", "-c", script.toString()),
        Map.of(), tmp, tmp.resolve("console.log"), List.of()), () -> false, 10_000, 500));
    assertThat(e).isNotNull();
    assertThat(Echo.clean(e.getMessage())).startsWith("nats-server exited during start-up (exit 1); the server says: "
        + fatal + "; last lines of its log: ");
  }

  @Test
  @Timeout(30)
  void start_rabbitmqEaddrinuseAboveItsCrashReport_messageNamesIt() throws Exception {
    Path log = tmp.resolve("rabbit.log");
    StringBuilder report = new StringBuilder("2026-12-06 02:00:00.000 [error] <0.230.0> Failed to start Ranch listener "
        + "{acceptor,{127,0,0,1},5672} in ranch_acceptors_sup:listen({127,0,0,1},5672) for reason eaddrinuse "
        + "(address already in use)\n");
    for (int i = 0; i < 40; i++) {
      report.append("2026-12-06 02:00:00.001 [error] <0.230.0>     crash report line ").append(i).append('\n');
    }
    Files.writeString(log, report);
    ServerStartException e = catchThrowableOfType(ServerStartException.class,
        () -> ServerProcess.start(new ServerProcess.Launch("rabbitmq-server",
        List.of("/bin/sh", "-c", "echo 'BOOT FAILED'; exit 1"), Map.of(), tmp, tmp.resolve("console.log"),
        List.of(log)), () -> false, 10_000, 500));
    assertThat(e).isNotNull();
    assertThat(Echo.clean(e.getMessage())).contains("; the server says: BOOT FAILED | 2026-12-06 02:00:00.000 [error] "
        + "<0.230.0> Failed to start Ranch listener").contains("for reason eaddrinuse (address already in use)");
  }

  @Test
  void causes_noLineNamesACause_lastErrorLinesOrNone() throws Exception {
    Path log = Files.writeString(tmp.resolve("a.log"), "starting\n[ERR] cannot open store\nbye\n");
    assertThat(ServerProcess.causes(List.of(log))).containsExactly("[ERR] cannot open store");
    assertThat(ServerProcess.causes(List.of(Files.writeString(tmp.resolve("b.log"), "all fine\n")))).isEmpty();
  }
}
