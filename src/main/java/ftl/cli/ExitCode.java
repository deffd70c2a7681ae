package ftl.cli;

/** Exit codes of {@code ./ftl}, listed in every command's {@code --help}. */
public final class ExitCode {
  private ExitCode() {}

  /** Everything agreed / the command did what was asked. */
  public static final int OK = 0;
  /**
   * A check failed: text and data disagree, a generated file is stale, SHA256SUMS does not verify, or a trust rule that
   * decides {@code ftl report}'s verdict failed.
   */
  public static final int DISAGREE = 1;
  /** The command line was wrong (unknown option, missing argument). */
  public static final int USAGE = 2;
  /** Bad input data: a malformed, truncated, missing or tampered data file (the message names file and line). */
  public static final int BAD_DATA = 3;
  /** Something named on the command line does not exist (file, folder, quantity key, macro). */
  public static final int NOT_FOUND = 4;
  /** The instrument failed: broker did not start or died, client error, host refused a manipulation. */
  public static final int HARNESS = 5;
  /**
   * A file could not be written or read for a reason outside the data: a read-only checkout, a full disk, a folder
   * where a file is named, no permission. Not a bug: the message names the path and the system's reason.
   */
  public static final int IO = 6;
  /** An internal error (a bug in ftl): please report it with the command that caused it. */
  public static final int INTERNAL = 70;

  /** The exit-code section shown at the foot of every {@code --help}. */
  public static final String HELP_FOOTER =
      "%n"
      + "Exit codes:%n"
      + "  0   success: everything agreed%n"
      + "  1   a check failed: text and data disagree, generated files stale, SHA256SUMS mismatch, a PDF stale,%n"
      + "      or a trust rule of report failed%n"
      + "  2   usage error on the command line%n"
      + "  3   bad input data: malformed, truncated, missing or tampered data file (file:line named), unreadable PDF%n"
      + "  4   not found: a file, folder, quantity key or macro named on the command line%n"
      + "  5   instrument failure: broker, client, or a refused manipulation%n"
      + "  6   cannot write or read a file: read-only checkout, full disk, a folder named as a file, no permission%n"
      + "  70  internal error (a bug in ftl)%n";
}
