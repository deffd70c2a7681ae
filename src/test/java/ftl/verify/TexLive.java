package ftl.verify;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether TeX Live's tools are on the PATH, for the tests that build the PDFs and skip themselves without it. */
public final class TexLive {
  private TexLive() {}

  /** latexmk and pdflatex are both on the PATH. */
  public static boolean installed() {
    return onPath("latexmk") && onPath("pdflatex");
  }

  /** An executable file of that name is in a folder of the PATH. */
  static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }
}
