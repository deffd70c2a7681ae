package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.verify.BesideOthers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The start-failure path of the servers the instrument starts, on stand-in binaries (shell scripts) instead of the
 * real servers: a server that exits at once, one that never serves, one that is missing. Each failure is a
 * {@link ServerStartException} carrying the last lines the stand-in wrote, and nothing it started is left running.
 */
@Tag("slow") // starts real RabbitMQ and NATS servers: left out of the quick loop (mvn -Pquick test)
@BesideOthers // waits on the processes it starts and on their timeouts (issue #31)
class ServerStartFailureTest {
  @TempDir Path tmp;

  /** Starts one kind of server on a stand-in binary; the rabbitmq case needs the real epmd beside it. */
  interface Starter {
    void start(Path scratch, Path binary, long readyTimeoutMillis) throws IOException;

    /** Skips the case (before its assertion, never inside it) when the host lacks what the stand-in needs beside it. */
    default void assumeHostCanRun() {}
  }

  static Stream<Arguments> servers() {
    return Stream.of(
        Arguments.of(Named.of("nats-server", (Starter) (dir, bin, t) -> NatsServer.start(dir, bin, t).close())),
        Arguments.of(Named.of("rabbitmq-server", new Starter() {
          @Override
          public void start(Path dir, Path bin, long t) throws IOException {
            RabbitMqServer.start(dir, bin, RabbitMqServer.DEFAULT_EPMD, t).close();
          }

          @Override
          public void assumeHostCanRun() {
            assumeTrue(Files.isExecutable(RabbitMqServer.DEFAULT_EPMD), "epmd (erlang-base) is not installed");
          }
        })));
  }

  Path script(String name, String body) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    return p;
  }

  @Test
  @Timeout(90)
  void rabbitmq_portTakenMeanwhile_startsAgainOnFreshPorts_andGivesUpAfterItsAttempts() throws Exception {
    assumeTrue(Files.isExecutable(RabbitMqServer.DEFAULT_EPMD), "epmd (erlang-base) is not installed");
    // a stand-in node that fails as RabbitMQ 3.x does when its distribution port was taken, every time
    Path counter = tmp.resolve("starts");
    Path bin = script("taken", "echo x >> " + counter + "\necho 'BOOT FAILED'\n"
        + "echo '{failed_to_start_child,prelaunch,{dist_port_already_used,44127,not_erlang,\"localhost\"}}' >&2\n"
        + "exit 0");
    assertThatThrownBy(() -> RabbitMqServer.start(tmp.resolve("scratch"), bin, RabbitMqServer.DEFAULT_EPMD, 20_000))
        .isInstanceOf(ServerStartException.class).hasMessageContaining("dist_port_already_used");
    assertThat(Files.readAllLines(counter)).hasSize(ServerProcess.PORT_ATTEMPTS);
    // any other failure is final at once
    Path once = tmp.resolve("once");
    Path other = script("other", "echo x >> " + once + "\necho 'FATAL: cannot open the data directory' >&2\nexit 3");
    assertThatThrownBy(() -> RabbitMqServer.start(tmp.resolve("scratch2"), other, RabbitMqServer.DEFAULT_EPMD,
        20_000)).isInstanceOf(ServerStartException.class);
    assertThat(Files.readAllLines(once)).hasSize(1);
  }

  @Test
  @Timeout(90)
  void nats_portTakenMeanwhile_startsAgainOnFreshPorts() throws Exception {
    Path counter = tmp.resolve("nats-starts");
    Path bin = script("nats-taken", "echo x >> " + counter + "\n"
        + "echo '[FTL] Error listening on port: 127.0.0.1:4222, \"listen tcp 127.0.0.1:4222: bind: address already in"
        + " use\"' >&2\nexit 1");
    assertThatThrownBy(() -> NatsServer.start(tmp.resolve("scratch"), bin, 20_000))
        .isInstanceOf(ServerStartException.class).hasMessageContaining("address already in use");
    assertThat(Files.readAllLines(counter)).hasSize(ServerProcess.PORT_ATTEMPTS);
  }

  @Test
  void portTaken_readsTheServersWords() {
    assertThat(ServerProcess.portTaken("{dist_port_already_used,44127,not_erlang,\"localhost\"}")).isTrue();
    assertThat(ServerProcess.portTaken("{listen_error,5672,eaddrinuse}")).isTrue();
    assertThat(ServerProcess.portTaken("listen tcp 127.0.0.1:4222: bind: address already in use")).isTrue();
    assertThat(ServerProcess.portTaken("FATAL: cannot open the data directory")).isFalse();
    assertThat(ServerProcess.portTaken(null)).isFalse();
  }

  @ParameterizedTest
  @MethodSource("servers")
  @Timeout(60)
  void start_binaryExitsAtOnce_failsWithItsLogLines(Starter starter) throws Exception {
    starter.assumeHostCanRun();
    Path bin = script("exits", "echo 'starting up'\necho 'FATAL: cannot open the data directory' >&2\nexit 3");
    assertThatThrownBy(() -> starter.start(tmp.resolve("scratch"), bin, 20_000))
        .isInstanceOf(ServerStartException.class)
        .hasMessageContaining("exited during start-up (exit 3)")
        .hasMessageContaining("FATAL: cannot open the data directory")
        .satisfies(e -> assertThat(String.join("\n", ((ServerStartException) e).logTail()))
            .containsSubsequence("starting up", "FATAL: cannot open the data directory"));
  }

  @ParameterizedTest
  @MethodSource("servers")
  @Timeout(60)
  void start_binaryNeverServes_failsAfterTheTimeoutAndStopsIt(Starter starter) throws Exception {
    starter.assumeHostCanRun();
    Path pidFile = tmp.resolve("pid");
    Path bin = script("hangs", "echo $$ > '" + pidFile
        + "'\necho 'waiting for a disk that never comes'\nexec sleep 300");
    assertThatThrownBy(() -> starter.start(tmp.resolve("scratch"), bin, 1_500))
        .isInstanceOf(ServerStartException.class)
        .hasMessageContaining("did not serve within 1 s")
        .hasMessageContaining("waiting for a disk that never comes");
    long pid = Long.parseLong(Files.readString(pidFile).strip());
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("stand-in stopped").isFalse();
  }

  @ParameterizedTest
  @MethodSource("servers")
  void start_binaryMissing_failsNamingThePackage(Starter starter) {
    starter.assumeHostCanRun();
    assertThatThrownBy(() -> starter.start(tmp.resolve("scratch"), tmp.resolve("no-such-server"), 1_000))
        .isInstanceOf(ServerStartException.class)
        .hasMessageContaining("is missing or not executable (Debian: apt-get install");
  }

  @Test
  @Timeout(60)
  void close_serverWithAChild_stopsTheWholeTree() throws Exception {
    Path pids = tmp.resolve("pids");
    // The child ignores SIGTERM, so only the SIGKILL of the tree stops it.
    Path bin = script("tree", "sh -c 'trap \"\" TERM; echo $$ >> \"" + pids + "\"; exec sleep 300' &\n"
        + "echo $$ >> '" + pids + "'\nwait");
    ServerProcess p = ServerProcess.start(new ServerProcess.Launch("tree", List.of(bin.toString()), Map.of(), tmp,
        tmp.resolve("console.log"), List.of()), () -> Files.exists(pids) && Files.readAllLines(pids).size() == 2,
        10_000, 500);
    List<Long> started = Files.readAllLines(pids).stream().map(String::strip).map(Long::parseLong).toList();
    p.close();
    for (long pid : started) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d stopped", pid).isFalse();
    }
    assertThat(p.alive()).isFalse();
  }

  @Test
  void tail_logsLongerThanTheTail_keepsTheLastNonBlankLinesOfEach() throws Exception {
    Path a = tmp.resolve("console.log");
    Path b = tmp.resolve("node.log");
    StringBuilder lines = new StringBuilder();
    for (int i = 1; i <= 20; i++) {
      lines.append("line ").append(i).append("\n\n");
    }
    Files.writeString(a, lines.toString());
    Files.writeString(b, "only line\n");
    List<String> tail = ServerProcess.tail(List.of(a, b, tmp.resolve("absent.log")));
    assertThat(tail).hasSize(ServerProcess.TAIL_LINES + 1);
    assertThat(tail.get(0)).isEqualTo("console.log: line " + (21 - ServerProcess.TAIL_LINES));
    assertThat(tail.get(tail.size() - 1)).isEqualTo("node.log: only line");
  }
}
