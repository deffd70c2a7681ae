package ftl.data;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * JSON text to a Jackson tree with the streaming parser alone, giving the tree {@code new
 * ObjectMapper().readTree(bytes)} gives with default settings: integers as int, long or big-integer nodes by
 * size, other numbers as double nodes, a repeated key keeps its last value, what follows the first value is
 * not read, no content is a missing node, and syntax errors are the parser's own (with their location). An
 * {@code ObjectMapper} is not built because its set-up costs more than all of {@code ftl check runs.total}'s
 * reading of the ledgers (about 0.2 s of CPU on a cold JVM).
 */
final class JsonTrees {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTrees() {}

  /** The tree of a JSON text. */
  static JsonNode read(byte[] json) throws IOException {
    try (JsonParser p = FACTORY.createParser(json)) {
      JsonToken first = p.nextToken();
      return first == null ? MissingNode.getInstance() : value(p, first);
    }
  }

  private static JsonNode value(JsonParser p, JsonToken token) throws IOException {
    if (token == null) {
      throw new JsonParseException(p, "Unexpected end-of-input");
    }
    switch (token) {
      case START_OBJECT -> {
        ObjectNode o = NODES.objectNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
          if (t != JsonToken.FIELD_NAME) {
            throw new JsonParseException(p, "Unexpected token " + t + " inside an object");
          }
          String name = p.currentName();
          o.set(name, value(p, p.nextToken()));
        }
        return o;
      }
      case START_ARRAY -> {
        ArrayNode a = NODES.arrayNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          a.add(value(p, t));
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
        return NODES.numberNode(p.getDoubleValue());
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
}
