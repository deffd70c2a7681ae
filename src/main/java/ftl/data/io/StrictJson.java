package ftl.data.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.CharConversionException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The one strict reading of JSON for everything that decides a number: plans (the analysis's
 * {@link ftl.data.registration.PlanReader} and the instrument's {@code PlanParser}), their predictions and criteria,
 * and the data dictionary. A pre-registered criterion that two JSON readers read differently is no registration, so a
 * text is read only when every reader would read it the same way:
 * <ul>
 *   <li>a key repeated in one object is refused (Jackson's {@link StreamReadFeature#STRICT_DUPLICATE_DETECTION}):
 *       some readers keep the first value, some the last;</li>
 *   <li>content after the first value is refused: some readers ignore it, some read a second document;</li>
 *   <li>a number whose literal a double cannot hold is refused: {@code 1e400} (it would be read as infinity) and a
 *       non-zero literal that rounds to zero ({@code 1e-400});</li>
 *   <li>what JSON itself refuses stays refused (no comments, no {@code NaN} or {@code Infinity} literals, no
 *       leading {@code +}, no hexadecimal), with the parser's own limits on nesting and lengths.</li>
 * </ul>
 * Integers too large for 64 bits are kept exactly and refused by the accessor that reads them
 * ({@link JsonValue#longIn}), which names the range its target needs. The tree is returned as a {@link JsonValue}
 * that remembers the line of every value (a Jackson tree forgets locations), so an accessor's error names
 * {@code file:line}; every problem is a {@link DataException} (exit 3).
 *
 * <p>The tree is built with the streaming parser alone: an {@code ObjectMapper} costs more to set up than
 * {@code ftl check runs.total}'s reading of every ledger (about 0.2 s of CPU on a cold JVM). Integers become
 * int, long or big-integer nodes by size, other numbers double nodes, as {@code ObjectMapper.readTree} makes them.
 */
public final class StrictJson {
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private StrictJson() {}

  /**
   * Reads a JSON text.
   *
   * @param json the bytes (UTF-8)
   * @param file the file as named in messages
   * @return the root value, with the line of every value; a missing value when the text holds no value at all
   * @throws DataException naming file and line for anything malformed or ambiguous
   */
  public static JsonValue parse(byte[] json, String file) {
    Map<String, Integer> lines = new HashMap<>();
    JsonNode root;
    try (JsonParser p = FACTORY.createParser(json)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        return JsonValue.root(file, lines, MissingNode.getInstance());
      }
      root = value(p, first, "", lines, file);
      JsonToken after;
      long afterLine;
      try {
        after = p.nextToken();
        afterLine = line(p);
      } catch (JsonProcessingException e) {
        after = JsonToken.NOT_AVAILABLE;
        afterLine = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
      }
      if (after != null) {
        throw new DataException(file, afterLine, "content after the first JSON value (a second value or stray"
            + " characters; readers disagree on what it means)", null);
      }
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
      String m = e.getOriginalMessage() == null ? "malformed" : e.getOriginalMessage();
      if (m.startsWith("Duplicate field")) {
        throw new DataException(file, line, "not valid JSON: " + Echo.of(m) + " (a key may appear once in an object:"
            + " readers disagree on which value wins)", null);
      }
      throw new DataException(file, line, "not valid JSON: " + Echo.of(m), null);
    } catch (CharConversionException e) {
      throw new DataException(file, 0, "not valid JSON: not UTF-8 text", null);
    } catch (IOException e) {
      throw new DataException(file, 0, "cannot read: " + Echo.of(e.getMessage()), null);
    }
    return JsonValue.root(file, lines, root);
  }

  private static long line(JsonParser p) {
    return Math.max(0, p.currentTokenLocation().getLineNr());
  }

  private static JsonNode value(JsonParser p, JsonToken token, String path, Map<String, Integer> lines, String file)
      throws IOException {
    if (token == null) {
      throw new JsonParseException(p, "Unexpected end-of-input");
    }
    lines.put(path, (int) Math.min(Integer.MAX_VALUE, line(p)));
    switch (token) {
      case START_OBJECT -> {
        ObjectNode o = NODES.objectNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
          if (t != JsonToken.FIELD_NAME) {
            throw new JsonParseException(p, "Unexpected token " + t + " inside an object");
          }
          String name = p.currentName();
          o.set(name, value(p, p.nextToken(), JsonValue.child(path, name), lines, file));
        }
        return o;
      }
      case START_ARRAY -> {
        ArrayNode a = NODES.arrayNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          a.add(value(p, t, path + "[" + a.size() + "]", lines, file));
        }
        return a;
      }
      case VALUE_STRING -> {
        return NODES.textNode(p.getText());
      }
      case VALUE_NUMBER_INT -> {
        return switch (p.getNumberType()) {
          case INT -> NODES.numberNode(p.getIntValue());
          case LONG -> NODES.numberNode(p.getLongValue());
          default -> NODES.numberNode(p.getBigIntegerValue());
        };
      }
      case VALUE_NUMBER_FLOAT -> {
        String literal = p.getText();
        double d = p.getDoubleValue();
        if (Double.isInfinite(d) || Double.isNaN(d)) {
          throw new DataException(file, line(p), where(path) + "the number " + Echo.of(literal)
              + " is out of the range of a double (at most about 1.8e308)", null);
        }
        if (d == 0 && nonZeroMantissa(literal)) {
          throw new DataException(file, line(p), where(path) + "the number " + Echo.of(literal)
              + " is too small for a double (it would be read as 0)", null);
        }
        return NODES.numberNode(d);
      }
      case VALUE_TRUE -> {
        return NODES.booleanNode(true);
      }
      case VALUE_FALSE -> {
        return NODES.booleanNode(false);
      }
      case VALUE_NULL -> {
        return NODES.nullNode();
      }
      default -> throw new JsonParseException(p, "Unexpected token " + token);
    }
  }

  private static String where(String path) {
    return path.isEmpty() ? "" : path + ": ";
  }

  private static boolean nonZeroMantissa(String literal) {
    for (int i = 0; i < literal.length(); i++) {
      char c = literal.charAt(i);
      if (c == 'e' || c == 'E') {
        return false;
      }
      if (c >= '1' && c <= '9') {
        return true;
      }
    }
    return false;
  }
}
