package ftl.harness.system;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.harness.broker.EmbeddedBroker;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #43: {@code kill -9} of ftl during a campaign left {@code nats-server} running, and for RabbitMQ seven
 * processes, still running 8 s later. A server started by {@link ServerProcess} now runs under a watchdog that stops
 * its whole process group when the JVM that started it dies, however it dies. Here a child JVM ({@link Child}) starts a
 * stand-in server ({@code sleep 300}, which also starts a grandchild in its group) and is killed with SIGKILL; neither
 * may outlive it by more than the watchdog's half-second poll and its grace.
 */
class OrphanedServerRegressionTest {
  @TempDir Path dir;

  /** The child JVM: starts the stand-in server and prints the pids of the server and of its own child, then waits. */
  public static final class Child {
    public static void main(String[] args) throws Exception {
      Path d = Path.of(args[0]);
      ServerProcess s = ServerProcess.start(new ServerProcess.Launch("stand-in",
          List.of("/bin/sh", "-c", "sleep 300 & exec sleep 301"), Map.of(), d, d.resolve("console.log"), List.of()),
          () -> true, 5_000, 1_000);
      long server = -1;
      long grandchild = -1;
      for (int i = 0; i < 100 && (server < 0 || grandchild < 0); i++) {
        server = find(s.pid(), "301");
        grandchild = find(s.pid(), "300");
        Thread.sleep(50);
      }
      System.out.println(server + " " + grandchild);
      System.out.flush();
      Thread.sleep(600_000);
    }

    private static long find(long root, String arg) {
      Optional<ProcessHandle> h = ProcessHandle.of(root).flatMap(r -> r.descendants()
          .filter(p -> p.info().arguments().map(a -> List.of(a).contains(arg)).orElse(false)).findFirst());
      return h.map(ProcessHandle::pid).orElse(-1L);
    }
  }

  @Test
  void sigkillOfTheJvm_serverAndItsChildrenAreGoneWithin8s() throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process jvm = new ProcessBuilder(java, "-cp", EmbeddedBroker.childClasspath(), Child.class.getName(),
        dir.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      String line;
      try (BufferedReader r = new BufferedReader(new InputStreamReader(jvm.getInputStream(),
          StandardCharsets.US_ASCII))) {
        line = r.readLine();
      }
      assertThat(line).as("the child JVM printed its server's pids").isNotNull().matches("[0-9]+ [0-9]+");
      long server = Long.parseLong(line.split(" ")[0]);
      long grandchild = Long.parseLong(line.split(" ")[1]);
      assertThat(alive(server)).isTrue();
      assertThat(alive(grandchild)).isTrue();
      jvm.destroyForcibly(); // SIGKILL: no shutdown hook runs
      jvm.waitFor(5, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
      while ((alive(server) || alive(grandchild)) && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertThat(alive(server)).as("the server outlived the JVM that started it").isFalse();
      assertThat(alive(grandchild)).as("the server's child outlived the JVM that started it").isFalse();
    } finally {
      jvm.destroyForcibly();
    }
  }

  /** Alive and not a zombie (an exited process its parent has not reaped yet runs nothing). */
  private static boolean alive(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"), StandardCharsets.US_ASCII);
      return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
    } catch (IOException e) {
      return false;
    }
  }
}
