package ftl.quantity.core;

import ftl.data.registration.RunExclusion;
import ftl.quantity.core.Quantity.Scope;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The builders of the entries of a section that reads one campaign's events (the wire campaign's, the host
 * protocol's): a count, and a real number that is unavailable without the campaign or when its computation has no
 * finite value; and the campaign's runs with its plan's exclusion rule. Shared by those sections, so each declares its
 * entries and no longer its own copy of these builders.
 *
 * @param campaign the campaign's folder: without an ok run of it, every entry is "no campaign data present"
 * @param section the section, whose method {@code all} a count names as its computation
 * @param realFunction the provenance of a real entry's computation ({@link Provenance#name}), such as
 *     {@code ftl.stats.HostStrata#boot}
 * @param unavailable why a real entry has no value when the campaign is there
 */
public record CampaignEntries(String campaign, Class<?> section, String realFunction, String unavailable) {

  /** A count over the campaign, {@code f} of the analysis. */
  public Quantity count(String key, String macro, String definition, Function<Analysis, Long> f) {
    return Quantity.key(key).macro(macro).definition(definition).unit(Unit.COUNT).format(Format.GROUPED_INTEGER)
        .scope(Scope.KAFKA_EVENTS).function(section, "all")
        .computes(a -> CampaignRuns.has(a, campaign) ? new Value.Count(f.apply(a)) : CampaignRuns.noData(campaign));
  }

  /** {@link #real(String, String, String, Unit, Format, Function)} printed to three significant figures. */
  public Quantity real(String key, String macro, String definition, Unit unit, Function<Analysis, Optional<Double>> f) {
    return real(key, macro, definition, unit, unit == Unit.RATIO ? Format.RATIO_3SF : Format.REAL_3SF, f);
  }

  /** A real number of the campaign, {@code f} of the analysis; unavailable when empty or not finite. */
  public Quantity real(String key, String macro, String definition, Unit unit, Format format,
                       Function<Analysis, Optional<Double>> f) {
    return Quantity.key(key).macro(macro).definition(definition).unit(unit).format(format).scope(Scope.KAFKA_EVENTS)
        .function(realFunction).computes(a -> {
          if (!CampaignRuns.has(a, campaign)) {
            return CampaignRuns.noData(campaign);
          }
          Optional<Double> v = f.apply(a);
          return v.isPresent() && Double.isFinite(v.get()) ? new Value.Real(v.get())
              : new Value.Unavailable(unavailable);
        });
  }

  /** The campaign's ok runs, scanned ({@link Analysis#campaignRuns}). */
  public List<ScannedRun> runs(Analysis a) {
    return a.campaignRuns(campaign);
  }

  /** The campaign's plan's exclusion rule ({@link Blocks#exclusion}). */
  public Optional<RunExclusion> exclusion(Analysis a) {
    return Blocks.exclusion(a, campaign);
  }

  /** Whether the plan's exclusion rule excludes run {@code r}. */
  public boolean excluded(Analysis a, ScannedRun r) {
    return exclusion(a).flatMap(x -> x.cause(r.row())).isPresent();
  }
}
