package ftl.harness.plan;

import ftl.harness.replay.ReplayOptions;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The {@code replay} section of a plan: where the third-party inputs come from, their digests, and every send
 * schedule derived from them with its options and its SHA-256 (see {@code ftl replay-schedule}). The inputs and the
 * schedules are never in the archive; the plan names them so that a reader regenerates exactly these bytes, and
 * the campaign runner refuses a replay condition whose regenerated schedule has another SHA-256.
 *
 * @param upstreamRepo   the repository the inputs are published in ({@code statsbomb/open-data})
 * @param upstreamCommit the pinned commit (40 hex digits) whose files these are
 * @param inputs         input id -> its path in the upstream repository and the SHA-256 of its bytes
 * @param schedules      schedule id -> how it is derived and the SHA-256 of its bytes
 */
public record ReplaySpec(String upstreamRepo, String upstreamCommit, Map<String, Input> inputs, Map<String,
    Schedule> schedules) {
  static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]+");
  static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  /** One input file: its path inside the upstream repository, and the SHA-256 of its bytes. */
  public record Input(String path, String sha256) {
    public Input {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(sha256, "sha256");
      if (path.isEmpty() || path.startsWith("/") || path.contains("..") || path.contains("\\")) {
        throw new Condition.InvalidField("path", "must be a relative path inside the upstream repository (was \""
            + path + "\")");
      }
      if (!SHA256.matcher(sha256).matches()) {
        throw new Condition.InvalidField("sha256", "must be 64 lower-case hex digits");
      }
    }
  }

  /**
   * One schedule: derived from {@code input} with {@code options}, {@code sends} sends, SHA-256 {@code sha256}.
   */
  public record Schedule(String id, String input, ReplayOptions options, int sends, String sha256) {
    public Schedule {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(input, "input");
      Objects.requireNonNull(options, "options");
      Objects.requireNonNull(sha256, "sha256");
      if (!ID.matcher(id).matches()) {
        throw new Condition.InvalidField("id", "must match [A-Za-z0-9._-]+ (was \"" + id + "\")");
      }
      if (sends < 2) {
        throw new Condition.InvalidField("sends", "must be at least 2 (was " + sends + ")");
      }
      if (!SHA256.matcher(sha256).matches()) {
        throw new Condition.InvalidField("sha256", "must be 64 lower-case hex digits");
      }
    }
  }

  public ReplaySpec {
    Objects.requireNonNull(upstreamRepo, "repo");
    Objects.requireNonNull(upstreamCommit, "commit");
    if (!upstreamRepo.matches("[A-Za-z0-9._-]+/[A-Za-z0-9._-]+")) {
      throw new Condition.InvalidField("replay.upstream.repo", "must be owner/name (was \"" + upstreamRepo + "\")");
    }
    if (!upstreamCommit.matches("[0-9a-f]{40}")) {
      throw new Condition.InvalidField("replay.upstream.commit",
          "must be a full commit hash, 40 lower-case hex digits");
    }
    inputs = Collections.unmodifiableMap(new TreeMap<>(inputs));
    schedules = Collections.unmodifiableMap(new TreeMap<>(schedules));
    for (String id : inputs.keySet()) {
      if (!ID.matcher(id).matches()) {
        throw new Condition.InvalidField("replay.inputs." + id, "an input id must match [A-Za-z0-9._-]+");
      }
    }
    for (Schedule s : schedules.values()) {
      if (!inputs.containsKey(s.input())) {
        throw new Condition.InvalidField("replay.schedules." + s.id() + ".input", "names no input of the plan (\""
            + s.input() + "\")");
      }
    }
  }
}
