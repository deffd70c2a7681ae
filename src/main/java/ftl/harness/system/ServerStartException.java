package ftl.harness.system;

import java.io.IOException;
import java.util.List;

/**
 * A server the instrument started did not come up: it exited, or did not serve within its time. The message names
 * the server and ends with the last lines of its log; the CLI reports it as an instrument failure (exit 5).
 */
public final class ServerStartException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient List<String> logTail;

  public ServerStartException(String what, List<String> logTail) {
    this(what, List.of(), logTail);
  }

  /**
   * A failure with the server's own cause first: the lines of its logs that say why ({@link ServerProcess#causes}),
   * then the last lines, so a message cut to a terminal's length still holds the cause (issue 58: NATS's "[FTL] Error
   * listening on port ... address already in use" was cut off after twelve lines of banner, and RabbitMQ's
   * {@code eaddrinuse} lay above the last lines).
   */
  public ServerStartException(String what, List<String> causes, List<String> logTail) {
    super(what + (causes.isEmpty() ? "" : "; the server says: " + String.join(" | ", causes))
        + (logTail.isEmpty() ? " (its log is empty)" : "; last lines of its log: " + String.join(" | ", logTail)));
    this.logTail = List.copyOf(logTail);
  }

  /** The last lines of the server's log, oldest first. */
  public List<String> logTail() { return logTail; }
}
