package ftl.harness.campaign;

import ftl.data.io.DataException;
import ftl.harness.plan.Plan;
import ftl.harness.plan.ReplaySpec;
import ftl.harness.replay.ReplayDerivation;
import ftl.harness.replay.SendSchedule;
import ftl.harness.replay.StatsBombReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Regenerates the replay schedules a campaign needs from their inputs, and refuses any that is not the plan's:
 * an input whose SHA-256 is not the one the plan records, or a regenerated schedule whose SHA-256 differs
 * (another input, other options, another version of the derivation). Nothing is run until every needed
 * schedule has matched.
 */
public final class ReplaySchedules {
  private ReplaySchedules() {}

  /**
   * The schedules {@code ids} of {@code plan}, regenerated from the inputs under {@code inputsDir}: an input with
   * upstream path {@code data/events/3788741.json} is looked for at {@code inputsDir/data/events/3788741.json} (a
   * checkout of the upstream repository), then at {@code inputsDir/3788741.json}. {@code planName} names the plan in
   * messages.
   *
   * @throws DataException when an input is missing or has other bytes, or a schedule's SHA-256 does not match
   */
  public static Map<String, SendSchedule> resolve(Plan plan, String planName, Path inputsDir, Collection<String> ids) {
    Map<String, SendSchedule> out = new TreeMap<>();
    if (ids.isEmpty()) {
      return out;
    }
    ReplaySpec spec = plan.replay();
    if (inputsDir == null) {
      throw new DataException(planName, 0, "the plan has replay conditions (schedules "
          + String.join(", ", new TreeSet<>(ids))
          + "): give --replay-inputs DIR, a folder holding the input files of " + spec.upstreamRepo() + " at commit "
          + spec.upstreamCommit());
    }
    Map<String, StatsBombReader.Loaded> loaded = new TreeMap<>();
    for (String id : new TreeSet<>(ids)) {
      ReplaySpec.Schedule s = spec.schedules().get(id);
      ReplaySpec.Input in = spec.inputs().get(s.input());
      StatsBombReader.Loaded events = loaded.computeIfAbsent(s.input(), k -> load(spec, in, inputsDir));
      SendSchedule derived;
      try {
        derived = ReplayDerivation.derive(events.events(), s.options(), events.sha256());
      } catch (ReplayDerivation.NoSchedule e) {
        throw new DataException(in.path(), 0, "schedule " + id + ": " + e.getMessage());
      }
      String sha = derived.sha256();
      if (!sha.equals(s.sha256())) {
        throw new DataException(planName, 0, "schedule " + id + " regenerated from " + in.path() + " with "
            + String.join(" ", s.options().canonicalArgs()) + " has SHA-256 " + sha + ", the plan records " + s.sha256()
            + ": refusing to run a replay condition whose schedule is not the plan's");
      }
      if (derived.size() != s.sends()) {
        throw new DataException(planName, 0, "schedule " + id + " has " + derived.size() + " sends, the plan records "
            + s.sends());
      }
      out.put(id, derived);
    }
    return out;
  }

  private static StatsBombReader.Loaded load(ReplaySpec spec, ReplaySpec.Input in, Path dir) {
    Path full = dir.resolve(in.path());
    Path flat = dir.resolve(Path.of(in.path()).getFileName().toString());
    Path file = Files.isRegularFile(full) ? full : flat;
    if (!Files.isRegularFile(file)) {
      throw new DataException(full.toString(), 0, "no such input file (nor " + flat + "): fetch " + in.path() + " of "
          + spec.upstreamRepo() + " at commit " + spec.upstreamCommit() + " (SHA-256 " + in.sha256() + ")");
    }
    StatsBombReader.Loaded l = StatsBombReader.read(file);
    if (!l.sha256().equals(in.sha256())) {
      throw new DataException(file.toString(), 0, "has SHA-256 " + l.sha256() + "; the plan records " + in.sha256()
          + " for "
          + spec.upstreamRepo() + "@" + spec.upstreamCommit() + ":" + in.path()
          + " (other bytes: refusing to derive from it)");
    }
    return l;
  }
}
