package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs git in a synthetic repository a test makes, with a fixed author and a given commit date. */
final class SyntheticGit {
  private SyntheticGit() {}

  /**
   * Runs {@code git -C repo args} with author and committer dated {@code date} (ISO 8601), asserting it succeeds.
   *
   * @return git's output, stripped
   */
  static String run(Path repo, String date, String... args) throws IOException, InterruptedException {
    List<String> argv = new ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=test", "-c",
        "user.email=test@example.invalid", "-c", "commit.gpgsign=false"));
    argv.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
    pb.environment().put("GIT_AUTHOR_DATE", date);
    pb.environment().put("GIT_COMMITTER_DATE", date);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor()).as("git %s: %s", List.of(args), out).isZero();
    return out;
  }
}
