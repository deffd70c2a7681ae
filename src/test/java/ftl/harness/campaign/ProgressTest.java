package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.text.StatusLine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The campaign's progress line, on a clock the test moves: time left from the paced work left and the rate measured
 * since the first run started, steady from run to run (an earlier estimate added a per-run overhead guessed before
 * the first run, and jumped 0:36, 2:35, 1:04 over three runs).
 */
class ProgressTest {
  private static final long S = 1_000_000_000L;

  private final ByteArrayOutputStream text = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
  private final AtomicLong now = new AtomicLong(1_000 * S);

  private List<String> lines() {
    return text.toString(StandardCharsets.UTF_8).lines().toList();
  }

  private static long leftSeconds(String line) {
    Matcher m = Pattern.compile("\\| (\\d+):(\\d\\d) left").matcher(line);
    assertThat(m.find()).as(line).isTrue();
    return Long.parseLong(m.group(1)) * 60 + Long.parseLong(m.group(2));
  }

  @Test
  void starting_sixRunsOfOneSecondPlusOverhead_timeLeftSteadyAndExact() {
    // 6 runs of 1 s paced each; broker start 20 s before the first run (outside the rate), 0.5 s overhead a run
    Progress p = new Progress(out, StatusLine.silent(), now::get, 6, 6_000, 6 * S);
    now.addAndGet(20 * S);
    for (int i = 0; i < 6; i++) {
      p.starting("r" + i, "c");
      now.addAndGet(S + S / 2);
      p.finished(1_000, S);
    }
    p.end();
    List<String> l = lines();
    assertThat(l.get(0))
        .isEqualTo("[0/6 runs] 0 of 6000 events | time left known after the first run | running r0 (c)");
    for (int i = 1; i < 6; i++) {
      assertThat(leftSeconds(l.get(i))).as(l.get(i)).isEqualTo((long) ((6 - i) * 1.5));
      assertThat(l.get(i)).startsWith("[" + i + "/6 runs] " + i * 1000 + " of 6000 events");
    }
    assertThat(l.get(6)).isEqualTo("[6/6 runs] 6000 of 6000 events | done in 0:29");
  }

  @Test
  void starting_runsOfDifferentPacedLengths_weightsByPacedWork() {
    // a 1 s run then a 4 s run, both at wall = 2 x paced: after the first, 8 s of paced work left is 16 s
    Progress p = new Progress(out, StatusLine.silent(), now::get, 3, 300, 9 * S);
    p.starting("r0", "short");
    now.addAndGet(2 * S);
    p.finished(100, S);
    p.starting("r1", "long");
    now.addAndGet(8 * S);
    p.finished(100, 4 * S);
    p.starting("r2", "long");
    assertThat(leftSeconds(lines().get(1))).isEqualTo(16);
    assertThat(leftSeconds(lines().get(2))).isEqualTo(8);
  }

  @Test
  void note_onATerminal_clearsTheLineWithControlsOnTheTerminalOnlyAndEscapesText() {
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    Progress p = new Progress(out, StatusLine.over(terminal, out), now::get, 1, 10, S);
    p.starting("r\u001b[2J", "c");
    p.note("summary");
    String drawn = terminal.toString(StandardCharsets.UTF_8);
    assertThat(drawn).startsWith("\r\033[K[0/1 runs]").contains("running r\\x1b[2J (c)").endsWith("\r\033[K");
    assertThat(lines()).containsExactly("summary");
  }
}
