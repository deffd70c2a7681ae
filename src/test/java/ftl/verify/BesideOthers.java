package ftl.verify;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A test class that runs beside the others, on a second thread of the test JVM (issue #31): every other class runs one
 * after another on the first (src/test/resources/junit-platform.properties). It is for classes that mostly wait, on
 * processes they start and on their timeouts, using almost no CPU: ServerStartFailureTest and SystemRunTest, 11 s of
 * the unit tests' wall time at 1.4 s of CPU. Not for a class that keeps a core busy: the unit tests are bound by CPU
 * (1.7 of the 2 cores on average), so a busy class beside the others only slows them (the PDF tests, 40 s, were
 * tried there: the phase took as long). Such a class must
 * <ul>
 *   <li>print nothing to {@link System#out} but through {@link ftl.cli.CliRunner} (which captures it under a lock),
 *       since another class may be capturing it at that moment;
 *   <li>work in its own temporary folders, never in the archive's working tree;
 *   <li>not run while a class changes the default locale or time zone ({@link ChangesLocale}).
 * </ul>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = Resources.LOCALE, mode = ResourceAccessMode.READ)
@ResourceLock(value = Resources.TIME_ZONE, mode = ResourceAccessMode.READ)
public @interface BesideOthers {}
