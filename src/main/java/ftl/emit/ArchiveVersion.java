package ftl.emit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The archive's version: pom.xml's {@code <version>}, which Maven writes into {@code ftl/version.properties}
 * at build time. {@code ftl --version} prints it, the emitter stamps it into the PDFs' metadata, and
 * {@code CITATION.cff} and {@code codemeta.json} state the same (a test checks they agree).
 */
public final class ArchiveVersion {
  private ArchiveVersion() {}

  /** The version, e.g. {@code 0.1.0}. */
  public static final String VERSION = read();

  private static String read() {
    Properties p = new Properties();
    try (InputStream in = ArchiveVersion.class.getResourceAsStream("/ftl/version.properties")) {
      if (in == null) {
        throw new IllegalStateException("ftl/version.properties is missing from the classpath (build with mvn)");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String v = p.getProperty("version", "");
    if (v.isEmpty() || v.contains("${")) {
      throw new IllegalStateException("ftl/version.properties was not filtered by Maven: \"" + v + "\"");
    }
    return v;
  }
}
