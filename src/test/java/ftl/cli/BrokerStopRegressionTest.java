package ftl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Issue 58, case 15 (a clean stop printed as a failure): Ctrl-C or SIGTERM of {@code ftl broker --brokers 3} stopped
 * the nodes within 6 s, yet printed "a broker exited ... code 143" with stack frames: the serving loop took the nodes'
 * exit, which the stop itself caused, for a death. Now the shutdown hook marks the stop first, and a death seen after
 * it is a clean stop (the hook prints "stopped"); a death without a stop is still exit 5, named. {@link
 * BrokerCommand#serve} is driven here with stand-in liveness, no broker.
 */
class BrokerStopRegressionTest {

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);

  @Test
  void serve_nodesExitBecauseOfTheStop_cleanStopNothingPrinted() throws Exception {
    AtomicBoolean stopping = new AtomicBoolean();
    // the signal reaches the hook and the nodes at once: the hook marks the stop, the nodes exit with 143
    int code = BrokerCommand.serve(() -> {
      stopping.set(true);
      return false;
    }, () -> "a broker exited: broker 2 pid 4711 exited with code 143", stopping, errStream);
    assertThat(code).isEqualTo(ExitCode.OK);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void serve_stopAskedWhileServing_cleanStop() throws Exception {
    AtomicBoolean stopping = new AtomicBoolean(true);
    assertThat(BrokerCommand.serve(() -> true, () -> "never asked", stopping, errStream)).isEqualTo(ExitCode.OK);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void serve_nodeDiesUnasked_instrumentFailureNamingIt() throws Exception {
    int code = BrokerCommand.serve(() -> false, () -> "a broker exited: broker 2 pid 4711 exited with code 1",
        new AtomicBoolean(), errStream);
    assertThat(code).isEqualTo(ExitCode.HARNESS);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("ftl: a broker exited: broker 2 pid 4711 exited with code 1\n");
  }
}
