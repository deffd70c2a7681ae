package ftl.quantity.core;

import java.io.Serializable;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.function.Function;

/**
 * A quantity's printed function ({@link Quantity#function()}) taken from the method reference its computation calls,
 * so the name cannot drift from the code: the entry holds a {@link Ref}, its computation applies that reference, and
 * the printed name is read off the reference itself ({@code ProvenanceDerivedTest} checks the names and that each such
 * entry's value is the named method's).
 */
public final class Provenance {
  private Provenance() {}

  /**
   * A method reference whose name can be printed: a {@link Function} that is {@link Serializable}, so the compiler
   * records which method it refers to.
   *
   * @param <T> the argument
   * @param <R> the result
   */
  @FunctionalInterface
  public interface Ref<T, R> extends Function<T, R>, Serializable {}

  /**
   * The printed name of method {@code method} of {@code owner}, {@code pkg.Class#method} (a nested class's name with
   * dots): the class part is read off the class literal, so it follows the code when the class moves or is renamed;
   * {@code ProvenanceResolvesTest} checks that the class declares the method.
   */
  public static String name(Class<?> owner, String method) {
    return owner.getCanonicalName() + "#" + method;
  }

  /**
   * The printed name of a method reference, {@code pkg.Class#method} (a nested class's name with dots, as
   * {@code ftl.stats.SmoothLimit.Sum#retention}).
   *
   * @throws IllegalArgumentException for a lambda, which names no method a reader could look up
   */
  public static String nameOf(Ref<?, ?> ref) {
    SerializedLambda l = serialized(ref);
    if (l.getImplMethodName().startsWith("lambda$")) {
      throw new IllegalArgumentException("a lambda names no method; declare a method reference (" + l.getImplClass()
          + ")");
    }
    return l.getImplClass().replace('/', '.').replace('$', '.') + "#" + l.getImplMethodName();
  }

  private static SerializedLambda serialized(Serializable ref) {
    try {
      Method w = ref.getClass().getDeclaredMethod("writeReplace");
      w.setAccessible(true);
      return (SerializedLambda) w.invoke(ref);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("not a serializable lambda: " + ref.getClass().getName(), e);
    }
  }
}
