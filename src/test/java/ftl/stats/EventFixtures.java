package ftl.stats;

import static ftl.data.ledger.Events.event;

import ftl.data.ledger.Event;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the known-answer fixtures of {@code src/test/resources/ftl/stats/}: event-file format, lines starting
 * with {@code #} are the scenario's description, empty cell = {@link Event#MISSING}. Deliberately tiny and
 * independent of the real reader.
 */
final class EventFixtures {

  private EventFixtures() {}

  static List<Event> load(String name) {
    InputStream in = EventFixtures.class.getResourceAsStream(name);
    if (in == null) {
      throw new IllegalArgumentException("no fixture " + name);
    }
    List<Event> events = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      boolean header = true;
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.startsWith("#") || line.isBlank()) {
          continue;
        }
        if (header) {
          if (!line.equals("seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms")) {
            throw new IllegalStateException(name + ": unexpected header " + line);
          }
          header = false;
          continue;
        }
        String[] c = line.split(",", -1);
        if (c.length != 7) {
          throw new IllegalStateException(name + ": expected 7 cells: " + line);
        }
        events.add(event(cell(c[0]), cell(c[1]), cell(c[2]), cell(c[3]), cell(c[4]), cell(c[5]), cell(c[6])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return events;
  }

  private static long cell(String s) {
    return s.isEmpty() ? Event.MISSING : Long.parseLong(s);
  }
}
