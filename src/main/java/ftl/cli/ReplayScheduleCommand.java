package ftl.cli;

import ftl.data.io.DataException;
import ftl.harness.plan.Durations;
import ftl.harness.replay.ReplayDerivation;
import ftl.harness.replay.ReplayOptions;
import ftl.harness.replay.SendSchedule;
import ftl.harness.replay.StatsBombReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code ftl replay-schedule <statsbomb-events.json> --mean-gap <dur> [options]}. */
@Command(name = "replay-schedule", mixinStandardHelpOptions = true,
    description = {
        "Derive a send schedule from a StatsBomb events file, the same bytes on any machine.",
        "The schedule is the intended offset of every send from the first; the input is a StatsBomb open-data",
        "events file (statsbomb/open-data data/events/<match_id>.json). Same input and options, same bytes, on",
        "any machine, locale and time zone; prints the schedule's SHA-256.",
        "",
        "Which events: every event whose type.id is not excluded (--exclude-types; by default the administrative",
        "types 18 Half Start, 19 Substitution, 26 Player On, 27 Player Off, 34 Half End, 35 Starting XI,",
        "36 Tactical Shift, 40 Injury Stoppage), ordered by (period, timestamp, index).",
        "Match time: a timestamp (HH:MM:SS.mmm) counts from the start of its period; the periods are laid end to",
        "end, each as long as the largest timestamp of any event in it, so the half-time break is left out.",
        "Compression: with n events spanning S ms of match time, send i is due",
        "round((m_i - m_first) * g * (n - 1) / S) ns after the first (half up), g = --mean-gap: the mean gap",
        "is exactly g and the match's relative spacing is kept, bursts (events in the same millisecond of play",
        "become sends due at the same instant) and pauses alike.",
        "",
        "StatsBomb data may not be redistributed: write schedules outside the archive (or where .gitignore",
        "keeps them out) and never commit them. Format of the output: see SendSchedule in the supplement."},
    footer = ExitCode.HELP_FOOTER)
public final class ReplayScheduleCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "EVENTS.json", description = "A StatsBomb events file (at most 64 MiB).")
  Path input;

  @Option(names = "--mean-gap", required = true, paramLabel = "DUR",
      description = "Target mean time between sends, with a unit (500us, 250us, 1ms); 1us..1s.")
  String meanGap;

  @Option(names = "--exclude-types", paramLabel = "IDS", defaultValue = "default",
      description = "type.ids to leave out: default, none, or a list like 35,18 (default: ${DEFAULT-VALUE}).")
  String excludeTypes;

  @Option(names = "--max-events", paramLabel = "N", defaultValue = "0",
      description = "Keep only the first N selected events (0 = all; default ${DEFAULT-VALUE}).")
  int maxEvents;

  @Option(names = {"-o", "--out"}, paramLabel = "FILE",
      description = "Write the schedule here (default: standard output, with the SHA-256 line on standard error).")
  Path out;

  @Option(names = "--expect-sha256", paramLabel = "HEX",
      description = "Refuse (exit 1, nothing written) unless the derived schedule has this SHA-256.")
  String expectSha256;

  @Override
  public Integer call() throws IOException {
    ReplayOptions options;
    try {
      options = new ReplayOptions(Durations.parseNanos(meanGap), ReplayOptions.parseTypes(excludeTypes), maxEvents);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (!Files.exists(input)) {
      throw new NotFoundException(input + ": no such events file");
    }
    StatsBombReader.Loaded loaded = StatsBombReader.read(input);
    SendSchedule schedule;
    try {
      schedule = ReplayDerivation.derive(loaded.events(), options, loaded.sha256());
    } catch (ReplayDerivation.NoSchedule e) {
      throw new DataException(input.toString(), 0, e.getMessage());
    }
    byte[] bytes = schedule.render();
    String sha = SendSchedule.sha256(bytes);
    PrintStream stdout = System.out;
    PrintWriter err = spec.commandLine().getErr();
    if (expectSha256 != null && !expectSha256.equalsIgnoreCase(sha)) {
      err.println("ftl: the schedule derived from " + input + " has SHA-256 " + sha + ", not the expected "
          + expectSha256 + " (different input bytes, options or ftl version); nothing written");
      return ExitCode.DISAGREE;
    }
    if (out == null) {
      stdout.write(bytes);
      stdout.flush();
      err.println(sha + "  -");
    } else {
      Path parent = out.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.write(out, bytes);
      stdout.println(sha + "  " + out);
    }
    err.printf(Locale.ROOT, "ftl: %d sends over %d ns (mean gap %s) from %d events of %s (input SHA-256 %s)%n",
        schedule.size(), schedule.offsetNanos(schedule.size() - 1), Durations.format(options.meanGapNanos()),
        loaded.events().size(), input.getFileName(), loaded.sha256());
    err.flush();
    return ExitCode.OK;
  }
}
