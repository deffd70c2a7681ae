package ftl.verify;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A test class that sets the JVM's default locale or time zone (and restores it): it waits for every
 * {@link BesideOthers} class that is running, and none starts while it runs.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ResourceLock(Resources.LOCALE)
@ResourceLock(Resources.TIME_ZONE)
public @interface ChangesLocale {}
