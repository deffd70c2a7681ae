package ftl.emit;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.data.DataSet;
import ftl.quantity.Registry;
import ftl.quantity.core.Analysis;
import ftl.quantity.core.Computed;
import ftl.quantity.core.Quantity;
import ftl.verify.ChangesLocale;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated files are byte-identical whatever the JVM's default locale and time zone: rendered under
 * Turkish (dotless i, comma decimals), German (comma decimals, dot grouping), Arabic (other digits) and far
 * time zones, every output equals the rendering under {@link Locale#ROOT} and UTC.
 */
@ChangesLocale
class EmitterLocaleTest {
  static final Path SMALL = Path.of("src/test/resources/ftl/quantity/small");

  static List<Emitter.Output> render() {
    Analysis a = new Analysis(DataSet.scan(SMALL, "data"));
    List<Computed> computed = new ArrayList<>();
    for (Quantity q : Registry.forData(a.data()).all()) {
      computed.add(Computed.of(q, a));
    }
    return new Emitter(Path.of("").toAbsolutePath()).render(computed, List.of(), "0".repeat(64));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"tr-TR|Pacific/Kiritimati", "de-DE|America/Anchorage", "ar-SA|Asia/Kathmandu"})
  void render_otherDefaultLocaleAndZone_isByteIdentical(String setting) {
    Locale oldLocale = Locale.getDefault();
    TimeZone oldZone = TimeZone.getDefault();
    List<Emitter.Output> reference;
    List<Emitter.Output> other;
    try {
      Locale.setDefault(Locale.ROOT);
      TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
      reference = render();
      String[] s = setting.split("\\|");
      Locale.setDefault(Locale.forLanguageTag(s[0]));
      TimeZone.setDefault(TimeZone.getTimeZone(s[1]));
      other = render();
    } finally {
      Locale.setDefault(oldLocale);
      TimeZone.setDefault(oldZone);
    }
    assertThat(other).hasSameSizeAs(reference);
    for (int i = 0; i < reference.size(); i++) {
      assertThat(other.get(i).content()).as(reference.get(i).path()).isEqualTo(reference.get(i).content());
      // a CSV marks itself with the comment marker of the archive's CSV files (#), a TeX or pgfplots file with %
      String marker = reference.get(i).path().endsWith(".csv") ? "# " : "% ";
      assertThat(other.get(i).content()).startsWith(marker + "GENERATED from " + reference.get(i).template());
    }
    assertThat(reference.stream().filter(o -> o.path().endsWith("quantities.tex")).findFirst().orElseThrow().content())
        .contains("{40.00\\%}").contains("{\\ftlQuantity{events.ackNegative}{2}}");
  }
}
