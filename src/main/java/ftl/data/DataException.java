package ftl.data;

import java.nio.file.Path;

/**
 * Bad input data, with the place it was found. The message is what a user sees:
 * {@code data/modeA/events/r0042.csv.gz:1317: recv_ns is not an integer ("12a")}.
 * Line 0 means the problem concerns the file as a whole.
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
    super(file + (line > 0 ? ":" + line : "") + ": " + problem, cause);
    this.file = file;
    this.line = line;
    this.problem = problem;
  }

  public String file() { return file; }

  public long line() { return line; }

  public String problem() { return problem; }
}
