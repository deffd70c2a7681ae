package ftl.data.io;

import java.nio.file.Path;

/**
 * Bad input data, with the place it was found. The message is what a user sees:
 * {@code data/modeA/events/r0042.csv.gz:1317: recv_ns is not an integer ("12a")}.
 * Line 0 means the problem concerns the file as a whole. File and problem are shown with every control
 * character escaped ({@link Echo#clean}), so data quoted in a message cannot drive the terminal.
 */
public final class DataException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final long line;
  private final String problem;

  public DataException(Path file, long line, String problem) {
    this(file == null ? "<unknown>" : file.toString(), line, problem, null);
  }

  public DataException(String file, long line, String problem) {
    this(file, line, problem, null);
  }

  public DataException(String file, long line, String problem, Throwable cause) {
    super(Echo.clean(file) + (line > 0 ? ":" + line : "") + ": " + Echo.clean(problem), cause);
    this.file = Echo.clean(file);
    this.line = line;
    this.problem = Echo.clean(problem);
  }

  public String file() { return file; }

  public long line() { return line; }

  public String problem() { return problem; }
}
