package ftl.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import ftl.audit.Audit;
import ftl.audit.OutputAudit;
import ftl.audit.format.AuditJson;
import ftl.audit.format.AuditText;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.Echo;
import ftl.data.tool.HarnessTable;
import ftl.data.tool.ToolOutputFormat;
import ftl.text.StatusLine;
import ftl.verify.Reproduction;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code ftl audit FILE... [--format F] [--json]}: another tool's output judged by the audit's trust rules. */
@Command(name = "audit", mixinStandardHelpOptions = true,
    description = {"Judge the output of a benchmark you already ran (Kafka's perf tools, PerfTest, OMB).",
        "Reads kafka-producer-perf-test and kafka-e2e-latency output, RabbitMQ PerfTest's standard output, a",
        "scrape of PerfTest's Prometheus endpoint (-mpr -mc), and OpenMessaging Benchmark's result JSON (the file",
        "bin/benchmark writes per workload). For each file: what was measured, from which stamps, on which clock",
        "and quantum (the archive's harness audit, data/audit/harnesses.csv), what the tool left out",
        "or rounded, how many samples the figures describe (or that the output cannot say), which figures the",
        "quantum leaves unresolved, and the trust rules audit.* (docs/audit.md). The format is recognised from the",
        "file's lines unless --format names it.",
        "Exit 0 when every rule that could be judged holds for every file; 1 when a rule fails for some file; 3 when",
        "a file is not a readable output of a known tool (file and line named; the other files are still audited);",
        "4 when a file does not exist."},
    footer = ExitCode.HELP_FOOTER)
public final class AuditCommand implements Callable<Integer> {
  @ParentCommand Main main;
  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description =
      "Outputs to audit (standard output saved to a file, or a scrape).")
  List<Path> files;

  @Option(names = "--format", paramLabel = "F", description =
      "Read every FILE as this format instead of recognising it: "
      + "kafka-producer-perf-test, kafka-e2e-latency, perftest, perftest-prometheus, omb-result.")
  String format;

  @Option(names = "--json", description =
      "Print a JSON array, one object per file (an object with error for a file that"
      + " could not be read).")
  boolean json;

  @Override
  public Integer call() throws IOException {
    Optional<ToolOutputFormat> forced = Optional.empty();
    if (format != null) {
      forced = Optional.of(ToolOutputFormat.byId(format).orElseThrow(() -> new CommandLine.ParameterException(
          spec.commandLine(), "--format " + Echo.of(format) + " is not a format audit reads (" + ToolOutputFormat.ids()
          + "; " + ToolOutputFormat.NOT_READ + ")")));
    }
    Path data = main.readableDataRoot();
    DataGate gate = DataGate.of(data, Reproduction.displayName(main.archiveRoot(), data));
    List<HarnessTable.Row> harness = HarnessTable.read(gate);
    String harnessFile = gate.name(HarnessTable.FILE);
    if (harness.isEmpty()) {
      throw new DataException(harnessFile, 0,
          "the harness audit is missing or empty: ftl audit judges a tool by its row"
          + " there", null);
    }
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    int code = ExitCode.OK;
    boolean first = true;
    // several files on a terminal: which one is being read (cleared before anything is printed)
    StatusLine status = files.size() > 1 ? StatusLine.onTerminal() : StatusLine.silent();
    int index = 0;
    for (Path file : files) {
      String shown = Echo.clean(file.toString());
      status.update("audit: file " + ++index + " of " + files.size() + ": " + shown);
      int fileCode;
      try {
        if (!Files.exists(file) && !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
          throw new NotFoundException("no such file: " + Echo.of(file.toString()));
        }
        String text = DataGate.text(DataGate.readNamed(file, shown, DataGate.Kind.TOOL_OUTPUT), shown);
        OutputAudit a = Audit.of(shown, text, forced, harness, harnessFile);
        fileCode = a.trusted() ? ExitCode.OK : ExitCode.DISAGREE;
        status.clear();
        if (json) {
          out.add(AuditJson.of(a));
        } else {
          System.out.print((first ? "" : "\n") + AuditText.render(a));
          first = false;
        }
      } catch (DataException | NotFoundException e) {
        fileCode = e instanceof NotFoundException ? ExitCode.NOT_FOUND : ExitCode.BAD_DATA;
        status.clear();
        spec.commandLine().getErr().println("ftl: " + Echo.clean(e.getMessage()));
        if (json) {
          out.add(e instanceof DataException d ? AuditJson.error(shown, d.file(), d.line(), d.problem())
              : AuditJson.error(shown, shown, 0, Echo.clean(e.getMessage())));
        }
      }
      code = worse(code, fileCode);
    }
    status.clear();
    if (json) {
      ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
          .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      om.getFactory().setCharacterEscapes(ListCommand.TERMINAL_SAFE);
      // JSON escapes every control itself (TERMINAL_SAFE): written past the terminal filter
      BufferedOutputStream stdout = new BufferedOutputStream(TerminalStream.raw(System.out), 1 << 16);
      om.writeValue(stdout, out);
      stdout.write(System.lineSeparator().getBytes(StandardCharsets.US_ASCII));
      stdout.flush();
    }
    return code;
  }

  /** The exit code of several files: a missing file, then bad data, then a failed rule, then success. */
  static int worse(int a, int b) {
    List<Integer> order = List.of(ExitCode.NOT_FOUND, ExitCode.BAD_DATA, ExitCode.DISAGREE, ExitCode.OK);
    return order.indexOf(a) <= order.indexOf(b) ? a : b;
  }
}
