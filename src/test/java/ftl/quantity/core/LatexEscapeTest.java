package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.io.Echo;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** LaTeX escaping of free text from data: every TeX special, control characters and non-ASCII text. */
class LatexEscapeTest {

  static Stream<Arguments> escapes() {
    return Stream.of(
        Arguments.of("backslash", "\\input{x}", "\\textbackslash{}input\\{x\\}"),
        Arguments.of("specials", "$&#_%", "\\$\\&\\#\\_\\%"),
        Arguments.of("caret notation cannot form", "^^5c", "\\textasciicircum{}\\textasciicircum{}5c"),
        Arguments.of("tilde", "a~b", "a\\textasciitilde{}b"),
        Arguments.of("micro", "5\u00b5s", "5\\textmu{}s"),
        Arguments.of("dashes", "a\u2013b\u2014c", "a--b---c"),
        Arguments.of("single quotes", "\u2018q\u2019", "'q'"),
        Arguments.of("double quotes", "\u201cq\u201d", "``q''"),
        Arguments.of("newline and CR cannot end a line", "a\nb\rc\u2028d", "a b c d"),
        Arguments.of("escape code", "\u001b[2J", "{} [2J"), // {}: a leading [ is no optional argument (issue 26)
        Arguments.of("Latin-1 letters kept", "caf\u00e9 \u00c0", "caf\u00e9 \u00c0"),
        Arguments.of("times and divide", "\u00d7\u00f7", "??"),
        Arguments.of("Latin-1 symbol", "\u00a9", "?"),
        Arguments.of("other non-ASCII", "\u2211", "?"),
        Arguments.of("surrogate pair is one character", "\ud83d\ude00!", "?!"),
        Arguments.of("lone high surrogate at the end", "x\ud83d", "x?"),
        Arguments.of("high surrogate before a plain character", "\ud83dx", "?x"),
        Arguments.of("plain ASCII unchanged", "s1ms-ph000", "s1ms-ph000"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("escapes")
  void escape_freeText_isInertLatex(String name, String in, String out) {
    assertThat(LatexEscape.escape(in)).isEqualTo(out);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("escapes")
  void comment_anyText_staysOnOneLine(String name, String in, String ignored) {
    String c = LatexEscape.comment(in);
    assertThat(c).hasSize(in.length()).doesNotContain("\n").doesNotContain("\r").doesNotContain("\u2028");
    assertThat(c.chars().filter(ch -> Echo.isControl((char) ch))).isEmpty();
  }
}
