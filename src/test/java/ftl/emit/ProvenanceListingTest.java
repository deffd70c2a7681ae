package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * The provenance listing is a document of its own (issue 47: a supplement people read): {@code
 * supplement/provenance.tex} typesets {@code supplement/generated/provenance.tex}, one row per quantity with its named
 * destination {@code q.<key>}, and {@code supplement/generated/provenance.csv} holds the same rows; the paper's and the
 * supplement's numbers link to those destinations in {@code provenance.pdf}, the listing's own values to themselves.
 */
class ProvenanceListingTest {
  private static final Pattern TARGET = Pattern.compile("\\\\hypertarget\\{q\\.([^}]*)\\}");

  static List<String> keysOfTheTypesetListing() throws IOException {
    List<String> keys = new ArrayList<>();
    Matcher m = TARGET.matcher(Files.readString(Path.of("supplement/generated/provenance.tex"),
        StandardCharsets.UTF_8));
    while (m.find()) {
      keys.add(m.group(1).replace("\\_", "_"));
    }
    return keys;
  }

  static List<CSVRecord> csvRows() throws IOException {
    try (Reader r = Files.newBufferedReader(Path.of("supplement/generated/provenance.csv"), StandardCharsets.UTF_8)) {
      return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setCommentMarker('#').get().parse(r)
          .getRecords();
    }
  }

  @Test
  void csv_everyRowOfTheTypesetListing_inItsOrder() throws IOException {
    List<CSVRecord> rows = csvRows();
    assertThat(rows).isNotEmpty();
    assertThat(rows.get(0).getParser().getHeaderNames())
        .containsExactly("key", "macro", "value", "unit", "function", "definition");
    assertThat(rows).extracting(r -> r.get("key")).as("supplement/generated/provenance.csv (run ./ftl reproduce)")
        .containsExactlyElementsOf(keysOfTheTypesetListing());
    assertThat(rows).allSatisfy(r -> assertThat(r.get("function")).isNotBlank());
  }

  @Test
  void links_paperAndSupplementPointAtTheListing_theListingAtItself() throws IOException {
    String paper = Files.readString(Path.of("paper/generated/provenance.tex"), StandardCharsets.UTF_8);
    String supplement = Files.readString(Path.of("supplement/generated/metadata.tex"), StandardCharsets.UTF_8);
    String listing = Files.readString(Path.of("supplement/generated/provenance-metadata.tex"), StandardCharsets.UTF_8);
    assertThat(paper).contains("\\providecommand{\\ftlProvenance}{../supplement/provenance.pdf}")
        .contains("\\renewcommand{\\ftlQuantity}[2]{\\href{\\ftlProvenance\\#q.#1}{#2}}");
    assertThat(supplement).contains("\\providecommand{\\ftlProvenance}{provenance.pdf}")
        .contains("\\renewcommand{\\ftlQuantity}[2]{\\href{\\ftlProvenance\\#q.#1}{#2}}");
    assertThat(listing).contains("\\renewcommand{\\ftlQuantity}[2]{\\hyperlink{q.#1}{#2}}")
        .contains("FtlText={supplement/provenance.tex}");
    String doc = Files.readString(Path.of("supplement/provenance.tex"), StandardCharsets.UTF_8);
    assertThat(doc).contains("\\input{generated/provenance-metadata}").contains("\\input{generated/provenance}");
    assertThat(Files.readString(Path.of("supplement/supplement.tex"), StandardCharsets.UTF_8))
        .doesNotContain("\\input{generated/provenance}");
  }

  @Test
  void csvField_quoteAndControlCharacter_quotedDoubledAndBlanked() {
    assertThat(Emitter.csvField("a, \"b\"\nc")).isEqualTo("\"a, \"\"b\"\" c\"");
    assertThat(Emitter.csvField("")).isEqualTo("\"\"");
  }
}
