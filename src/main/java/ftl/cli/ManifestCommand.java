package ftl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** Stub: replaced by the real command. */
@Command(name = "manifest", mixinStandardHelpOptions = true, description = "(not yet built)", footer = ExitCode.HELP_FOOTER)
public final class ManifestCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Override
  public Integer call() {
    System.err.println("ftl manifest: not yet built");
    return ExitCode.INTERNAL;
  }
}
