package ftl.data.registration;

import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import ftl.data.io.JsonValue;
import ftl.data.io.StrictJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a campaign's {@code plan.json} as a JSON tree, strictly ({@link StrictJson}: no repeated key, nothing after
 * the plan, no number a double cannot hold), as a {@link JsonValue} whose accessors every reader of a plan number
 * uses, so a value out of its range is refused with {@code file:line}. The schema is the harness's (see
 * {@code ftl.harness}); the analysis needs only that it is a JSON object, and reads predictions from it.
 *
 * <p><b>Why a second reader beside {@code ftl.harness.plan.PlanParser}.</b> The two read the same files for two
 * jobs, and one schema cannot serve both. The instrument's parser is strict by design: it refuses an unknown
 * field, fills defaults, expands the matrix into conditions and schedules the runs, because a plan it accepts is a
 * promise of what will be measured. The analysis reads every plan under a data root, and the committed ones come
 * in three schemas: the Kafka instrument's (nine campaigns), the no-JVM cross-check's (written by
 * {@code src/main/python}, {@code nojvm} and {@code nojvm-quiet}) and OpenMessaging Benchmark's run plan
 * ({@code omb-real}); a campaign without a plan is still analysed (docs/architecture.md#formats, "Plan"). Passing every
 * plan through the strict parser would make the analysis refuse the two other instruments' plans and tie the reading of
 * committed predictions to the newest instrument's field list. So the analysis takes the plan as a tree through the
 * {@link DataGate} (size cap, hostile-root rules) and each quantity reads the predictions it needs, with
 * file:line errors like every reader here; {@code PlanReadersTest} holds the two readers to agree on the committed
 * plans of the Kafka instrument (the strict parser accepts each, and each ledger's conditions are the plan's).
 */
public final class PlanReader {
  private PlanReader() {}

  /**
   * Parses a plan.
   *
   * @throws DataException naming file and line for an empty, unreadable or malformed plan
   */
  public static JsonValue read(Path file, String displayName) {
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
  public static JsonValue read(DataGate gate, String rel) {
    return parse(gate.read(rel, DataGate.Kind.PLAN), gate.name(rel));
  }

  /**
   * Parses the bytes of a plan (strictly, {@link StrictJson}).
   *
   * @throws DataException naming file and line for an empty or malformed plan
   */
  public static JsonValue parse(byte[] bytes, String displayName) {
    if (bytes.length == 0) {
      throw new DataException(displayName, 0, "empty file (0 bytes)", null);
    }
    JsonValue root = StrictJson.parse(bytes, displayName);
    if (!root.isObject()) {
      throw new DataException(displayName, 1, "a plan must be a JSON object", null);
    }
    return root;
  }
}
