package ftl.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The progress line of long commands: drawn in place on a terminal with its text escaped, cleared before other
 * output, and nothing at all off a terminal (a pipe, a file, this test's JVM, which has no console).
 */
class StatusLineTest {
  private final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
  private final ByteArrayOutputStream text = new ByteArrayOutputStream();
  private final PrintStream before = new PrintStream(text, false, StandardCharsets.UTF_8);

  private String drawn() {
    return terminal.toString(StandardCharsets.UTF_8);
  }

  @Test
  void show_textWithEscapes_redrawnInPlaceAndEscaped() {
    StatusLine l = StatusLine.over(terminal, before);
    l.show("1 of 2 runs \u001b]0;x\u0007");
    assertThat(drawn()).isEqualTo("\r\033[K1 of 2 runs \\x1b]0;x\\x07");
    l.clear();
    assertThat(drawn()).endsWith("\\x07\r\033[K");
    l.clear(); // nothing shown: nothing written
    assertThat(drawn()).endsWith("\\x07\r\033[K").hasSize("\r\033[K1 of 2 runs \\x1b]0;x\\x07\r\033[K".length());
  }

  @Test
  void show_flushesTheTextStreamFirst() {
    StatusLine l = StatusLine.over(terminal, before);
    before.print("a note");
    l.show("x");
    assertThat(text.toString(StandardCharsets.UTF_8)).isEqualTo("a note");
  }

  @Test
  void update_manyTimesInATenthOfASecond_drawnOnce() {
    StatusLine l = StatusLine.over(terminal, before);
    for (int i = 0; i < 1000; i++) {
      l.update("run " + i);
    }
    assertThat(drawn()).startsWith("\r\033[Krun 0");
    // at most one redraw a tenth of a second: a handful even on a loaded machine, never a thousand
    assertThat(drawn().split("\r", -1).length - 1).isLessThan(20);
  }

  @Test
  void onTerminal_withoutAConsole_silent() {
    StatusLine l = System.console() == null ? StatusLine.onTerminal() : StatusLine.silent();
    assertThat(l.active()).isFalse();
    l.show("nothing");
    l.update("nothing");
    l.clear();
    assertThat(StatusLine.silent().active()).isFalse();
    assertThat(StatusLine.over(terminal, before).active()).isTrue();
  }
}
