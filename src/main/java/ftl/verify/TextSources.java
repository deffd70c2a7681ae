package ftl.verify;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The texts a reader quotes numbers from: {@code paper/*.tex}, {@code supplement/*.tex} (not their
 * {@code generated/} folders) and the plain-text abstract {@code paper/abstract.txt}.
 */
public final class TextSources {

  /** One text file, its archive-relative name and lines. */
  public record Text(String name, List<String> lines) {
    public Text {
      lines = List.copyOf(lines);
    }
  }

  /** A place a text uses a macro or a literal. */
  public record Place(String file, int line, String found) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + found;
    }
  }

  private final List<Text> texts;

  private TextSources(List<Text> texts) {
    this.texts = List.copyOf(texts);
  }

  /** Reads every text of the archive at {@code root} (missing folders are simply absent). */
  public static TextSources read(Path root) {
    List<Text> out = new ArrayList<>();
    for (String dir : List.of("paper", "supplement")) {
      Path d = root.resolve(dir);
      if (!Files.isDirectory(d)) {
        continue;
      }
      try (Stream<Path> s = Files.list(d)) {
        for (Path p : s.filter(p -> {
          String n = p.getFileName().toString();
          return Files.isRegularFile(p) && (n.endsWith(".tex") || n.equals("abstract.txt"));
        }).sorted().toList()) {
          out.add(new Text(dir + "/" + p.getFileName(), Files.readAllLines(p, StandardCharsets.UTF_8)));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + d, e);
      }
    }
    return new TextSources(out);
  }

  public List<Text> texts() {
    return texts;
  }

  /** Every place a LaTeX macro {@code \name} is used (not where it is defined), outside comments. */
  public List<Place> macroUses(String name) {
    return find(Pattern.compile("\\\\" + Pattern.quote(name) + "(?![A-Za-z])"), "\\" + name);
  }

  /** Every place the literal {@code text} appears as a whole number (not inside a longer number), outside comments. */
  public List<Place> literalUses(String text) {
    return find(Pattern.compile("(?<![0-9.,])" + Pattern.quote(text) + "(?![0-9]|[.,][0-9])"), text);
  }

  private List<Place> find(Pattern p, String found) {
    List<Place> out = new ArrayList<>();
    for (Text t : texts) {
      for (int i = 0; i < t.lines().size(); i++) {
        Matcher m = p.matcher(stripComment(t.lines().get(i), t.name()));
        while (m.find()) {
          out.add(new Place(t.name(), i + 1, found));
        }
      }
    }
    return out;
  }

  /** Drops a LaTeX comment (an unescaped %) from a .tex line; plain text is returned whole. */
  static String stripComment(String line, String file) {
    if (!file.endsWith(".tex")) {
      return line;
    }
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == '%' && (i == 0 || line.charAt(i - 1) != '\\')) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
