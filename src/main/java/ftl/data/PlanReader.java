package ftl.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a campaign's {@code plan.json} as a JSON tree. The schema is the harness's (see
 * {@code ftl.harness}); the analysis needs only that it is a JSON object, and reads predictions from it.
 */
public final class PlanReader {
  private PlanReader() {}

  /**
   * Parses a plan.
   *
   * @throws DataException naming file and line for an empty, unreadable or malformed plan
   */
  public static JsonNode read(Path file, String displayName) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new DataException(displayName, 0, "file not found", e);
    } catch (IOException e) {
      throw new DataException(displayName, 0, "cannot read: " + e.getMessage(), e);
    }
    return parse(bytes, displayName);
  }

  /** Parses the plan at {@code rel} under a data root, read through its {@link DataGate} (size capped). */
  public static JsonNode read(DataGate gate, String rel) {
    return parse(gate.read(rel, DataGate.Kind.PLAN), gate.name(rel));
  }

  /**
   * Parses the bytes of a plan.
   *
   * @throws DataException naming file and line for an empty or malformed plan
   */
  public static JsonNode parse(byte[] bytes, String displayName) {
    if (bytes.length == 0) {
      throw new DataException(displayName, 0, "empty file (0 bytes)", null);
    }
    JsonNode node;
    try {
      node = JsonTrees.read(bytes);
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new DataException(displayName, line, "not valid JSON: " + Echo.of(e.getOriginalMessage()), e);
    } catch (java.io.CharConversionException e) {
      throw new DataException(displayName, 0, "not valid JSON: not UTF-8 text", e);
    } catch (IOException e) {
      throw new DataException(displayName, 0, "cannot read: " + Echo.of(e.getMessage()), e);
    }
    if (node == null || !node.isObject()) {
      throw new DataException(displayName, 1, "a plan must be a JSON object", null);
    }
    return node;
  }
}
