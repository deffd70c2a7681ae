package ftl.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ftl.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Builds the paper, the supplement and the provenance listing from a data root whose every free text that reaches a
 * template is a TeX attack (the harness audit's cells, the published latencies' labels: {@link #attacks}), and shows
 * from the {@code .fls} recorder files that pdfLaTeX read nothing outside the archive but the TeX distribution, that no
 * shell command ran, and that a secret file beside the archive never reached the log. Identifiers from data
 * cannot carry an attack at all (they are whitelisted; the malformed-input corpus has those cases).
 *
 * <p>Needs TeX Live ({@code latexmk}, {@code pdflatex}); skipped with that reason where it is not installed
 * ({@code .ci/run} installs it before {@code mvn verify}). Uses a copy of the archive's real data, with the two
 * audit tables rewritten, so the paper's figures and tables are built as they are for the real paper.
 */
@Tag("slow") // whole pipeline, PDFs or many CLI runs: left out of the quick loop (mvn -Pquick test)
class TexAttackPdfTest {

  private static final String TOKEN = "SECRET-7f3a91";

  /** The attacks: each a string a hostile data root may put in a free-text cell. */
  static List<String> attacks(Path secret, Path canary) {
    String s = secret.toString().replaceAll("\\.tex$", "");
    return List.of(
        "\\input{" + s + "}",
        "\\csname input\\endcsname{" + s + "}",
        "\\immediate\\write18{touch " + canary + "}",
        "^^5cinput{" + s + "}",
        "}\\input{" + s + "}{",
        "50% done\n\\input{" + s + "}",
        "line\r\\input{" + s + "}",
        "#1##\\def\\x#1{#1}",
        "~\\catcode`\\~=13 ~",
        "$\\input{" + s + "}$",
        "a & b \\\\ \\hline",
        "\\openin5=" + s + " \\read5 to\\x \\x",
        "\\end{tabular}\\input{" + s + "}\\begin{tabular}{l}",
        "\\makeatletter\\@@input " + s + " ",
        "caf\u00e9 \u2013 \u201cquoted\u201d \u2211 \ud83d\ude00 \u00b5s",
        "par\n\nbreak",
        "_^&%$#{}~\\");
  }

  @Test
  void pdf_everyFreeTextATexAttack_readsNothingOutsideTheArchive(@TempDir Path tmp) throws Exception {
    assumeTrue(TexLive.installed(),
        "TeX Live (latexmk, pdflatex) is not installed here: the PDF build of the TeX-attack root is skipped "
            + "(.ci/run installs TeX Live before mvn verify)");
    Path archive = tmp.resolve("archive").toAbsolutePath();
    Path outside = tmp.resolve("outside").toAbsolutePath();
    Files.createDirectories(outside);
    Path secret = outside.resolve("secret.tex");
    Files.writeString(secret, "\\typeout{" + TOKEN + "}" + TOKEN + "\n");
    Path canary = outside.resolve("canary");
    for (String dir : List.of("emit", "paper", "supplement", "data")) {
      TempArchive.copyTree(Path.of(dir), archive.resolve(dir));
    }
    TempArchive.git(archive, "init", "-q");
    List<String> attacks = attacks(secret, canary);
    // zero_difference, negative_difference, drops_counted and drop_mechanism decide whether a row drops samples (a
    // drop_mechanism exactly when it drops uncounted, data/audit/README.md): an attack there is bad data, refused with
    // exit 3 before any table is written, so only the free-text columns are attacked
    rewrite(archive.resolve("data/audit/harnesses.csv"), attacks, List.of("harness", "latency", "quantum_ns",
        "evidence", "tool"));
    // percentile (a whole number) and latency_kind (whether a row is a flight, which decides whether the paper's
    // per-row exposure macros exist) are read by the analysis, not free text: an attack there is bad data or a
    // different row, so only the free-text columns are attacked here
    rewrite(archive.resolve("data/audit/published-medians.csv"), attacks, List.of("label", "system",
        "source", "locator"));

    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    int code = cl.execute("--root", archive.toString(), "reproduce");
    assertThat(code).as("reproduce (1: no SHA256SUMS in the copy); stderr: %s", err).isIn(0, 1);
    String tab = Files.readString(archive.resolve("paper/generated/tab-audit.tex"));
    assertThat(tab).as("the attacks reached the table, escaped").contains("\\textbackslash{}input\\{");
    for (Path g : generated(archive)) {
      if (g.getFileName().toString().endsWith(".csv")) {
        // not read by TeX (the provenance CSV): the attacks stay there verbatim, each inside one quoted field
        csvKeepsItsShape(g);
        continue;
      }
      // Outside % comments (where an attack is inert as long as it stays on its line), no attack survives raw.
      String text = String.join("\n", Files.readAllLines(g).stream().filter(l -> !l.startsWith("%")).toList());
      assertThat(text).as(g.toString()).doesNotContain(secret.toString().replaceAll("\\.tex$", "") + "}")
          .doesNotContain("\\csname").doesNotContain("\\write18").doesNotContain("^^5c").doesNotContain("\\openin");
    }
    // Every quantity's comment is one line: the next line is its macro, never the rest of a definition.
    List<String> q = Files.readAllLines(archive.resolve("paper/generated/quantities.tex"));
    for (int i = 4; i < q.size(); i += 2) {
      assertThat(q.get(i)).startsWith("% ");
      assertThat(q.get(i + 1)).startsWith("\\newcommand{\\");
    }

    // the three documents are built at once (one pdflatex each; issue #31), each latexmk's output into its own file
    String[][] docs = {{"paper", "paper"}, {"supplement", "supplement"}, {"supplement", "provenance"}};
    List<Process> builds = new ArrayList<>();
    for (String[] doc : docs) {
      Path dir = archive.resolve(doc[0]);
      builds.add(new ProcessBuilder("latexmk", "-pdf", "-recorder", "-halt-on-error", "-interaction=nonstopmode",
          doc[1] + ".tex").directory(dir.toFile()).redirectErrorStream(true)
          .redirectOutput(tmp.resolve(doc[1] + "-latexmk.out").toFile()).start());
    }
    try {
      checkBuilds(docs, builds, archive, tmp);
    } finally {
      builds.forEach(Process::destroyForcibly);
    }
    assertThat(canary).as("\\write18 ran a shell command").doesNotExist();
  }

  private static void checkBuilds(String[][] docs, List<Process> builds, Path archive, Path tmp) throws Exception {
    for (int d = 0; d < docs.length; d++) {
      String[] doc = docs[d];
      Path dir = archive.resolve(doc[0]);
      Process p = builds.get(d);
      assertThat(p.waitFor(600, TimeUnit.SECONDS)).as("latexmk finished").isTrue();
      byte[] out = Files.readAllBytes(tmp.resolve(doc[1] + "-latexmk.out"));
      String log = Files.exists(dir.resolve(doc[1] + ".log")) ? Files.readString(dir.resolve(doc[1] + ".log"),
          StandardCharsets.ISO_8859_1) : "";
      assertThat(p.exitValue()).as("latexmk %s: %s", doc[1], tail(new String(out, StandardCharsets.UTF_8) + log))
          .isZero();
      assertThat(log).doesNotContain(TOKEN);
      assertThat(Files.readString(dir.resolve(doc[1] + ".fls"), StandardCharsets.ISO_8859_1))
          .as("the recorder saw the table")
          .contains("generated/" + switch (doc[1]) {
            case "paper" -> "tab-audit";
            case "supplement" -> "tab-conditions";
            default -> "provenance";
          } + ".tex");
      List<String> outsideReads = readsOutside(dir.resolve(doc[1] + ".fls"), archive);
      assertThat(outsideReads).as("files read or written outside the archive and the TeX distribution").isEmpty();
    }
  }

  /**
   * A generated CSV that TeX never reads keeps its shape whatever text reached it: every record has the header's number
   * of fields, and no attack split a field or a record (control characters became spaces, quotes are doubled).
   */
  private static void csvKeepsItsShape(Path csv) throws IOException {
    try (var parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setCommentMarker('#').get()
        .parse(new StringReader(Files.readString(csv, StandardCharsets.UTF_8)))) {
      int fields = parser.getHeaderNames().size();
      List<CSVRecord> records = parser.getRecords();
      assertThat(records).as(csv.toString()).isNotEmpty().allSatisfy(r -> assertThat(r.size()).isEqualTo(fields));
      assertThat(records).as("the attacks reached %s as text", csv).anySatisfy(r ->
          assertThat(String.join(" ", r.toList())).contains("\\input{"));
    }
  }

  /** Rewrites the free-text columns of a CSV, cycling through the attacks. */
  private static void rewrite(Path csv, List<String> attacks, List<String> columns) throws IOException {
    List<CSVRecord> records;
    List<String> header;
    try (var parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
        .parse(new StringReader(Files.readString(csv)))) {
      header = parser.getHeaderNames();
      records = parser.getRecords();
    }
    StringWriter w = new StringWriter();
    int k = 0;
    try (CSVPrinter printer = new CSVPrinter(w, CSVFormat.RFC4180.builder().setRecordSeparator("\n").get())) {
      printer.printRecord(header);
      for (CSVRecord r : records) {
        List<String> row = new ArrayList<>();
        for (String h : header) {
          row.add(columns.contains(h) ? attacks.get(k++ % attacks.size()) : r.get(h));
        }
        printer.printRecord(row);
      }
    }
    Files.writeString(csv, w.toString(), StandardCharsets.UTF_8);
  }

  private static List<Path> generated(Path archive) throws IOException {
    List<Path> out = new ArrayList<>();
    for (String d : List.of("paper/generated", "supplement/generated")) {
      try (var s = Files.list(archive.resolve(d))) {
        out.addAll(s.toList());
      }
    }
    return out;
  }

  /** Paths in a recorder file that lie neither in the archive nor in the TeX distribution. */
  static List<String> readsOutside(Path fls, Path archive) throws IOException, InterruptedException {
    List<Path> allowed = new ArrayList<>();
    allowed.add(archive.toRealPath());
    for (String var : List.of("TEXMFROOT", "TEXMFDIST", "TEXMFMAIN", "TEXMFLOCAL", "TEXMFSYSVAR", "TEXMFSYSCONFIG",
        "TEXMFVAR", "TEXMFCONFIG", "TEXMFHOME", "SELFAUTOPARENT")) {
      Process p = new ProcessBuilder("kpsewhich", "-var-value=" + var).redirectErrorStream(true).start();
      String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      p.waitFor(30, TimeUnit.SECONDS);
      if (v.startsWith("/")) {
        allowed.add(Path.of(v).normalize());
      }
    }
    for (String d : List.of("/usr/share/texlive", "/usr/share/texmf", "/var/lib/texmf", "/etc/texmf",
        "/usr/local/texlive", "/usr/share/fonts", "/var/cache/fonts")) {
      allowed.add(Path.of(d));
    }
    Path pwd = fls.getParent();
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(fls, StandardCharsets.ISO_8859_1)) {
      if (line.startsWith("PWD ")) {
        pwd = Path.of(line.substring(4));
        continue;
      }
      if (!line.startsWith("INPUT ") && !line.startsWith("OUTPUT ")) {
        continue;
      }
      Path p = pwd.resolve(line.substring(line.indexOf(' ') + 1)).normalize();
      Path real = Files.exists(p) ? p.toRealPath() : p;
      if (allowed.stream().noneMatch(real::startsWith) && allowed.stream().noneMatch(p::startsWith)) {
        out.add(line);
      }
    }
    return out;
  }

  private static String tail(String s) {
    return s.length() <= 4000 ? s : s.substring(s.length() - 4000);
  }
}
