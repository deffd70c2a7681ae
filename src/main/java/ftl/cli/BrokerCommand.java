package ftl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** Stub: replaced by the real command. */
@Command(name = "broker", mixinStandardHelpOptions = true, description = "(not yet built)", footer = ExitCode.HELP_FOOTER)
public final class BrokerCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Override
  public Integer call() {
    System.err.println("ftl broker: not yet built");
    return ExitCode.INTERNAL;
  }
}
