package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The PDF's abstract (paper/paper.tex) and the plain-text abstract (paper/abstract.txt, from which
 * paper/generated/abstract.txt is written) say the same things: the same words and the same macros, in order.
 */
class AbstractsAgreeTest {
  @Test
  void abstracts_paperAndPlainText_sayTheSameThings() throws Exception {
    String tex = Files.readString(Path.of("paper/paper.tex"), StandardCharsets.UTF_8);
    String pdf = tex.substring(tex.indexOf("\\begin{abstract}") + "\\begin{abstract}".length(),
        tex.indexOf("\\end{abstract}"));
    String txt = Files.readString(Path.of("paper/abstract.txt"), StandardCharsets.UTF_8);
    String title = "Faster Than Light, According to the Arithmetic.";
    assertThat(txt).startsWith(title);
    assertThat(normalise(pdf)).isEqualTo(normalise(txt.substring(title.length())));
  }

  /** Issue #47: an abstract of at most 250 words after its title, each macro counted as one word. */
  @Test
  void abstract_plainText_atMost250WordsAfterTheTitle() throws Exception {
    String txt = Files.readString(Path.of("paper/abstract.txt"), StandardCharsets.UTF_8);
    String body = txt.substring("Faster Than Light, According to the Arithmetic.".length()).strip();
    assertThat(body.split("\\s+")).as("words of the abstract").hasSizeLessThanOrEqualTo(250);
  }

  private static String normalise(String s) {
    return s.replace("{}", "").replaceAll("\\s+", " ").trim();
  }
}
