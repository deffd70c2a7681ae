package ftl.harness;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A helper of the harness's rooms that start servers (the systems' servers, the Kafka brokers): the lines of a server's
 * logs that say why it stopped, wherever they are, so a failure's message names the cause rather than only the last
 * lines (issue 58: NATS's fatal line cut off after its banner, RabbitMQ's {@code eaddrinuse} above its crash report, a
 * Kafka node's {@code BindException} above the stack frames that were its console's last lines).
 */
public final class LogLines {
  private LogLines() {}

  /** The most bytes of each log's end that {@link #causes} reads. */
  public static final int READ_BYTES = 1 << 20;
  /** Characters a cause line is cut at. */
  public static final int LINE_CHARS = 300;

  /** A Java stack frame or its elision ({@code at a.B.c(B.java:1)}, {@code ... 7 more}): never a cause. */
  public static final Pattern FRAME = Pattern.compile("^\\s*(?:at\\s+\\S+\\(.*\\)|\\.\\.\\.\\s+\\d+\\s+more)\\s*$");

  /**
   * The last {@code max} distinct lines of {@code files} (the last {@value #READ_BYTES} bytes of each, in order) that
   * match {@code cause}; when none does, the last {@code max} that match {@code error}. Stack frames are never chosen;
   * each line is stripped and cut at {@value #LINE_CHARS} characters.
   */
  public static List<String> causes(List<Path> files, Pattern cause, Pattern error, int max) {
    List<String> specific = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    for (Path f : files) {
      for (String line : lastBytes(f, READ_BYTES).split("\n")) {
        if (FRAME.matcher(line).matches()) {
          continue;
        }
        String l = line.strip();
        String cut = l.length() <= LINE_CHARS ? l : l.substring(0, LINE_CHARS) + "...";
        List<String> into = cause.matcher(l).find() ? specific : error.matcher(l).find() ? errors : null;
        if (into != null) {
          into.remove(cut);
          into.add(cut);
        }
      }
    }
    List<String> chosen = specific.isEmpty() ? errors : specific;
    return List.copyOf(chosen.subList(Math.max(0, chosen.size() - max), chosen.size()));
  }

  /** The last {@code n} bytes of a file as text (malformed UTF-8 replaced); empty when it cannot be read. */
  public static String lastBytes(Path f, int n) {
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
      long from = Math.max(0, ch.size() - n);
      ByteBuffer buf = ByteBuffer.allocate((int) Math.min(n, ch.size()));
      while (buf.hasRemaining() && ch.read(buf, from + buf.position()) > 0) {
        // until the end
      }
      return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return ""; // not written (yet)
    }
  }
}
