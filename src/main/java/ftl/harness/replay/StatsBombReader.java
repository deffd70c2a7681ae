package ftl.harness.replay;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import ftl.data.io.DataException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a StatsBomb open-data events file ({@code data/events/<match_id>.json} of {@code statsbomb/open-data}):
 * a JSON array of event objects, of which only {@code index}, {@code period}, {@code timestamp} and
 * {@code type.id} are read (streaming, with Jackson; every other field is skipped unread). Every problem is a
 * {@link DataException} naming the file and the line: a file larger than {@link #MAX_BYTES}, not a regular
 * file, malformed JSON, an event without one of the four fields or with a value of the wrong form.
 */
public final class StatsBombReader {
  private StatsBombReader() {}

  /** The largest events file read (64 MiB; the largest upstream events files are under 10 MB). */
  public static final long MAX_BYTES = 64L << 20;
  /** The most events one file may hold (upstream matches have about 3,000 to 5,000). */
  public static final int MAX_EVENTS = 100_000;
  private static final Pattern TIMESTAMP = Pattern.compile("([0-9]{2}):([0-5][0-9]):([0-5][0-9])\\.([0-9]{3})");

  /** An events file as read: its bytes' SHA-256 and its events in file order. */
  public record Loaded(String sha256, List<MatchEvent> events) {
    public Loaded {
      events = List.copyOf(events);
    }
  }

  /** Reads {@code file} (capped at {@link #MAX_BYTES}): its SHA-256 and its events, in file order. */
  public static Loaded read(Path file) {
    if (!Files.exists(file)) {
      throw new DataException(file, 0, "no such events file");
    }
    if (!Files.isRegularFile(file)) {
      throw new DataException(file, 0, "not a regular file");
    }
    byte[] bytes;
    try {
      long size = Files.size(file);
      if (size > MAX_BYTES) {
        throw new DataException(file, 0, "file has " + size + " bytes, more than the cap of " + MAX_BYTES);
      }
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes((int) MAX_BYTES + 1);
      }
    } catch (NoSuchFileException e) {
      throw new DataException(file, 0, "no such events file");
    } catch (IOException e) {
      throw new DataException(file.toString(), 0, "cannot read: " + e.getMessage(), e);
    }
    if (bytes.length > MAX_BYTES) {
      throw new DataException(file, 0, "file grew past the cap of " + MAX_BYTES + " bytes while being read");
    }
    try {
      return new Loaded(SendSchedule.sha256(bytes), read(file.toString(), new ByteArrayInputStream(bytes)));
    } catch (IOException e) {
      throw new DataException(file.toString(), 0, "cannot read: " + e.getMessage(), e);
    }
  }

  /** The events of a stream named {@code where} in messages; the caller caps its size. */
  public static List<MatchEvent> read(String where, InputStream in) throws IOException {
    // a key twice in one event is refused: JSON readers disagree on which value wins (issue 26; ftl.data.io.StrictJson)
    JsonFactory f = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).maxStringLength(1 << 20).build())
        .build();
    List<MatchEvent> events = new ArrayList<>();
    try (JsonParser p = f.createParser(in)) {
      JsonToken t = p.nextToken();
      if (t != JsonToken.START_ARRAY) {
        throw new DataException(where, line(p), "a StatsBomb events file is a JSON array of event objects");
      }
      while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
        if (t == null) {
          throw new DataException(where, line(p), "truncated: the array of events is not closed");
        }
        if (t != JsonToken.START_OBJECT) {
          throw new DataException(where, line(p), "event " + (events.size() + 1) + " is not a JSON object");
        }
        if (events.size() >= MAX_EVENTS) {
          throw new DataException(where, line(p), "more than " + MAX_EVENTS + " events");
        }
        events.add(event(where, p, events.size() + 1));
      }
      if (p.nextToken() != null) {
        throw new DataException(where, line(p), "content after the array of events");
      }
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new DataException(where, at == null ? 0 : Math.max(0, at.getLineNr()), "not valid JSON: "
          + e.getOriginalMessage(), null);
    }
    return events;
  }

  private static MatchEvent event(String where, JsonParser p, int ordinal) throws IOException {
    long startLine = line(p);
    Long index = null;
    Integer period = null;
    Long ts = null;
    Integer type = null;
    JsonToken t;
    while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      switch (name) {
        case "index" -> index = integer(where, p, v, "index", ordinal);
        case "period" -> period = (int) (long) integer(where, p, v, "period", ordinal);
        case "timestamp" -> ts = timestamp(where, p, v, ordinal);
        case "type" -> type = typeId(where, p, v, ordinal);
        default -> p.skipChildren();
      }
    }
    if (t == null) {
      throw new DataException(where, line(p), "truncated inside event " + ordinal);
    }
    String missing = index == null ? "index" : period == null ? "period" : ts == null ? "timestamp" : type == null
        ? "type" : null;
    if (missing != null) {
      throw new DataException(where, startLine, "event " + ordinal + " has no " + missing);
    }
    if (period < 1 || period > MatchEvent.MAX_PERIOD) {
      throw new DataException(where, startLine, "event " + ordinal + ": period must be 1.." + MatchEvent.MAX_PERIOD
          + " (was " + period + ")");
    }
    return new MatchEvent(index, period, ts, type, startLine);
  }

  private static long integer(String where, JsonParser p, JsonToken v, String field, int ordinal) throws IOException {
    if (v != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
        || p.getLongValue() < 0 || p.getLongValue() > Integer.MAX_VALUE) {
      throw new DataException(where, line(p), "event " + ordinal + ": " + field + " is not a non-negative integer ("
          + shown(p, v) + ")");
    }
    return p.getLongValue();
  }

  private static long timestamp(String where, JsonParser p, JsonToken v, int ordinal) throws IOException {
    Matcher m = v == JsonToken.VALUE_STRING ? TIMESTAMP.matcher(p.getText()) : null;
    if (m == null || !m.matches()) {
      throw new DataException(where, line(p), "event " + ordinal + ": timestamp is not HH:MM:SS.mmm (" + shown(p, v)
          + ")");
    }
    return ((Long.parseLong(m.group(1)) * 60 + Long.parseLong(m.group(2))) * 60 + Long.parseLong(m.group(3))) * 1000
        + Long.parseLong(m.group(4));
  }

  private static int typeId(String where, JsonParser p, JsonToken v, int ordinal) throws IOException {
    if (v != JsonToken.START_OBJECT) {
      throw new DataException(where, line(p), "event " + ordinal + ": type is not an object with an id (" + shown(p, v)
          + ")");
    }
    Integer id = null;
    JsonToken t;
    while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken w = p.nextToken();
      if (name.equals("id")) {
        id = (int) integer(where, p, w, "type.id", ordinal);
      } else {
        p.skipChildren();
      }
    }
    if (t == null) {
      throw new DataException(where, line(p), "truncated inside event " + ordinal);
    }
    if (id == null) {
      throw new DataException(where, line(p), "event " + ordinal + ": type has no id");
    }
    return id;
  }

  private static String shown(JsonParser p, JsonToken v) throws IOException {
    if (v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY) {
      p.skipChildren();
      return v == JsonToken.START_OBJECT ? "an object" : "an array";
    }
    String s = p.getText();
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }

  private static long line(JsonParser p) {
    JsonLocation l = p.currentTokenLocation();
    return l == null ? 0 : Math.max(0, l.getLineNr());
  }
}
