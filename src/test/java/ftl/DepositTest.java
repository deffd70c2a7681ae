package ftl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import ftl.emit.ArchiveVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The archive is ready to deposit: {@code CITATION.cff} is valid Citation File Format 1.2.0 (checked with a
 * JSON-Schema validator against the format's own schema, committed in src/test/resources/ftl/deposit/),
 * {@code codemeta.json} and {@code LICENSE} say what they must, and one version stands everywhere.
 */
class DepositTest {
  static final Path ROOT = Path.of("").toAbsolutePath();

  static Schema cffSchema() throws IOException {
    try (InputStream in = DepositTest.class.getResourceAsStream("/ftl/deposit/cff-1.2.0-schema.json")) {
      assertThat(in).as("the CFF 1.2.0 schema is on the test classpath").isNotNull();
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(in);
    }
  }

  static JsonNode yaml(String text) throws IOException {
    return new YAMLMapper().readTree(text);
  }

  @Test
  void citationCff_isValidAgainstTheCff120Schema() throws IOException {
    JsonNode cff = yaml(Files.readString(ROOT.resolve("CITATION.cff"), StandardCharsets.UTF_8));
    List<Error> errors = cffSchema().validate(cff);
    assertThat(errors).as("CITATION.cff against the CFF 1.2.0 schema").isEmpty();
    assertThat(cff.path("cff-version").asText()).isEqualTo("1.2.0");
    assertThat(cff.path("references").get(0).path("title").asText())
        .as("the original record is cited beside ours")
        .startsWith("Faster Than Light, According to the Arithmetic: code and analysis");
    assertThat(cff.path("references").get(0).path("version").asText()).isEqualTo("2.7");
  }

  /** The validation can fail: a file without the required message, with a number as title, is rejected. */
  @Test
  void cffSchema_invalidCitation_isRejected() throws IOException {
    JsonNode bad = yaml("cff-version: 1.2.0\ntitle: 12\nauthors:\n  - name: x\nlicense: not-a-licence\n");
    List<Error> errors = cffSchema().validate(bad);
    assertThat(errors).extracting(Error::getMessage).anyMatch(m -> m.contains("message"));
    assertThat(errors.size()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void version_pomCitationCodemetaAndEmittedPdfMetadata_agree() throws Exception {
    Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile())
        .getDocumentElement();
    String pom = null;
    for (Node n = project.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals("version")) {
        pom = e.getTextContent().trim();
      }
    }
    assertThat(pom).as("pom.xml <version>").isNotBlank().doesNotContain("SNAPSHOT");
    assertThat(ArchiveVersion.VERSION).as("ftl --version (filtered from pom.xml)").isEqualTo(pom);
    JsonNode cff = yaml(Files.readString(ROOT.resolve("CITATION.cff"), StandardCharsets.UTF_8));
    assertThat(cff.path("version").asText()).as("CITATION.cff version").isEqualTo(pom);
    JsonNode codemeta = new ObjectMapper().readTree(ROOT.resolve("codemeta.json").toFile());
    assertThat(codemeta.path("version").asText()).as("codemeta.json version").isEqualTo(pom);
    assertThat(codemeta.path("softwareVersion").asText()).as("codemeta.json softwareVersion").isEqualTo(pom);
    assertThat(codemeta.path("datePublished").asText()).as("the same date in both")
        .isEqualTo(cff.path("date-released").asText());
    Pattern stamped = Pattern.compile("FtlVersion=\\{([^}]*)\\}");
    for (String generated : List.of("paper/generated/provenance.tex", "supplement/generated/metadata.tex",
        "supplement/generated/provenance-metadata.tex")) {
      Matcher m = stamped.matcher(Files.readString(ROOT.resolve(generated), StandardCharsets.UTF_8));
      assertThat(m.find()).as(generated + " stamps the version into the PDF's metadata").isTrue();
      assertThat(m.group(1)).as(generated + " (run ./ftl reproduce)").isEqualTo(pom);
    }
  }

  @Test
  void codemeta_namesLicencesAuthorAndTheOriginalRecord() throws IOException {
    JsonNode codemeta = new ObjectMapper().readTree(ROOT.resolve("codemeta.json").toFile());
    assertThat(codemeta.path("@context").asText()).startsWith("https://w3id.org/codemeta/");
    assertThat(codemeta.path("license").toString()).contains("spdx.org/licenses/MIT")
        .contains("spdx.org/licenses/CC-BY-4.0");
    assertThat(codemeta.path("author").get(0).path("name").asText()).isNotBlank();
    assertThat(codemeta.path("citation").get(0).path("version").asText()).isEqualTo("2.7");
  }

  /**
   * The files a clause of {@code LICENSE} names: a path ending in {@code /} covers everything under it, a path with a
   * slash covers that file, a bare file name covers every file of that name. Read from the clauses only (the text
   * above the licences' full texts).
   */
  static boolean licensed(String clauses, String file) {
    Matcher m = Pattern.compile("[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]*)*").matcher(clauses);
    String name = file.substring(file.lastIndexOf('/') + 1);
    while (m.find()) {
      String t = m.group().replaceAll("[.]+$", "");
      if (t.endsWith("/") ? file.startsWith(t) : t.contains("/") ? file.equals(t) : name.equals(t)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void licence_everyFileOfTheManifest_isNamedByAClause() throws IOException {
    String licence = Files.readString(ROOT.resolve("LICENSE"), StandardCharsets.UTF_8);
    String clauses = licence.substring(0, licence.indexOf("-----"));
    List<String> unnamed = new ArrayList<>();
    for (String line : Files.readAllLines(ROOT.resolve("SHA256SUMS"), StandardCharsets.UTF_8)) {
      String file = line.substring(line.indexOf("  ") + 2);
      if (!file.equals("LICENSE") && !licensed(clauses, file)) {
        unnamed.add(file);
      }
    }
    assertThat(unnamed).as("files LICENSE gives no terms for").isEmpty();
  }

  @Test
  void licence_theClauseReading_findsAnUnnamedFile() {
    String clauses = "Everything under src/, the launcher ftl, paper/abstract.txt and SHA256SUMS.";
    assertThat(licensed(clauses, "src/main/A.java")).isTrue();
    assertThat(licensed(clauses, "ftl")).isTrue();
    assertThat(licensed(clauses, "SHA256SUMS")).isTrue();
    assertThat(licensed(clauses, "paper/abstract.txt")).isTrue();
    assertThat(licensed(clauses, "paper/other.txt")).isFalse();
    assertThat(licensed(clauses, "docs/x.md")).isFalse();
  }

  @Test
  void licence_statesCodeDataAndManuscriptTerms() throws IOException {
    String licence = Files.readString(ROOT.resolve("LICENSE"), StandardCharsets.UTF_8);
    assertThat(licence).contains("MIT License").contains("Permission is hereby granted, free of charge")
        .contains("Creative Commons Attribution 4.0 International")
        .contains("paper/paper.tex, supplement/supplement.tex and the PDFs built from them")
        .contains("expressly NOT released under CC BY").contains("StatsBomb");
  }

  @Test
  void readme_firstLines_sayHowToCite() throws IOException {
    List<String> first = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8).subList(0, 12);
    assertThat(String.join("\n", first)).contains("CITATION.cff").contains("cite").contains("v2.7");
  }
}
