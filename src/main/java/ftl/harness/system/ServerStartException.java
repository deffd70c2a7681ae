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
    super(what + (logTail.isEmpty() ? " (its log is empty)" : "; last lines of its log: " + String.join(" | ", logTail)));
    this.logTail = List.copyOf(logTail);
  }

  /** The last lines of the server's log, oldest first. */
  public List<String> logTail() { return logTail; }
}
