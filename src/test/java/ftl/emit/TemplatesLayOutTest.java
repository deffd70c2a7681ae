package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Templates lay out; Java computes (convention 13): no template under {@code emit/} parses a key or a cell
 * ({@code ?split}, {@code ?number}, {@code ?matches}, {@code ?substring}, {@code ?remove_beginning},
 * {@code ?keep_after} ...), sorts, or does arithmetic in an interpolation or assignment. The rows they print are
 * {@link TableRows}' records and registry quantities. The one exception is the provenance table's
 * {@code ?replace} of dots and capitals by line-break hints ({@code \allowbreak}): typesetting, not data.
 */
class TemplatesLayOutTest {
  static final Pattern PARSING = Pattern.compile("\\?(split|number|matches|substring|remove_beginning|remove_ending"
      + "|keep_after|keep_before|keep_after_last|keep_before_last|sort|sort_by|eval|eval_json|index_of|last_index_of"
      + ")\\b");
  static final Pattern ARITHMETIC = Pattern.compile(
      "(\\$\\{|<#assign|<#if|<#list)[^}>]*[^\\s\"'-]\\s*[-+*/%]\\s*[\\w(\"]");
  static final Pattern REPLACE = Pattern.compile("\\?replace\\b");

  static List<Path> templates() throws IOException {
    try (Stream<Path> s = Files.walk(Path.of("emit"))) {
      return s.filter(p -> p.toString().endsWith(".ftl")).sorted().toList();
    }
  }

  static List<String> findings(String name, String text) {
    List<String> out = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.startsWith("<#--")) {
        continue;
      }
      // String literals ("a-z" in a pattern, "--" between two cells) are text, not arithmetic.
      String code = line.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"");
      for (Pattern p : List.of(PARSING, ARITHMETIC)) {
        Matcher m = p.matcher(p == PARSING ? line : code);
        if (m.find()) {
          out.add(name + ":" + (i + 1) + ": " + m.group());
        }
      }
      if (REPLACE.matcher(line).find() && !name.endsWith("provenance.tex.ftl")) {
        out.add(name + ":" + (i + 1) + ": ?replace");
      }
    }
    return out;
  }

  @Test
  void everyTemplate_noParsingSortingOrArithmetic() throws IOException {
    List<String> found = new ArrayList<>();
    List<Path> all = templates();
    for (Path t : all) {
      found.addAll(findings(t.toString(), Files.readString(t, StandardCharsets.UTF_8)));
    }
    assertThat(all).hasSizeGreaterThan(10);
    assertThat(found).as("templates that compute instead of laying out").isEmpty();
  }

  @Test
  void findings_templateThatSplitsAKeyOrCounts_areReported() {
    assertThat(findings("t.ftl", "<#assign parts = x.key?split(\"-\")>")).singleElement().asString().contains("?split");
    assertThat(findings("t.ftl", "<#assign i = i + 1>")).singleElement().asString().contains("<#assign");
    assertThat(findings("t.ftl", "${x.number?c} ${(a - b)?c}")).singleElement().asString().contains("${");
    assertThat(findings("t.ftl", "<#list rows?sort_by(\"n\") as r>")).singleElement().asString().contains("?sort_by");
    assertThat(findings("t.ftl", "${tex(r.condition)} & ${r.runs.latex}--${r.max.latex} \\\\")).isEmpty();
  }
}
