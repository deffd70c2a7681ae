package ftl.cli;

/** Something named on the command line does not exist (exit code 4). */
public final class NotFoundException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NotFoundException(String message) { super(message); }
}
