package ftl.cli;

/** The instrument failed: broker, client, or a manipulation the host refused (exit code 5). */
public final class HarnessFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public HarnessFailure(String message) { super(message); }

  public HarnessFailure(String message, Throwable cause) { super(message, cause); }
}
