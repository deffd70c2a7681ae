/**
 * Pure statistics of the archive: every function here takes records or primitive arrays and returns
 * records validated in their compact constructors.
 *
 * <p>Rules of the package: no I/O, no clocks, no Kafka, no Freemarker; it imports {@code ftl.data}
 * records and Commons Math, nothing else of ours. Every public statistic's javadoc states its formula,
 * its unit, its degenerate case and its source. Accumulators ({@link ftl.stats.SignCheck},
 * {@link ftl.stats.GuardAccounting}, {@link ftl.stats.WindowedCorrelation}) are single-threaded,
 * usable in one streaming pass, and mergeable so per-run results combine into per-condition ones.
 *
 * <p>Declared estimators: quantiles are Hyndman–Fan type 7 ({@link ftl.stats.Quantiles#type7}), except
 * where a field reproduces what OpenMessaging Benchmark reports, which uses HdrHistogram's nearest-rank
 * rule ({@link ftl.stats.Quantiles#nearestRank}). Rate-ratio intervals are percentile bootstraps over
 * runs ({@link ftl.stats.RateRatio}). The grid-law check is an exact two-sided binomial test
 * ({@link ftl.stats.GridLaw#testRetention}).
 *
 * <p>Between blocks and boots (the multi-boot host protocol): log-scale summaries of positive per-block values
 * ({@link ftl.stats.LogScale}); exact permutation tests over blocks, paired ({@link ftl.stats.SignFlip}) and two-sample
 * ({@link ftl.stats.TwoSamplePermutation}), sharing one tie rule ({@link ftl.stats.ExactPermutation}); a block's rate
 * ratio under the declared zero-count rule ({@link ftl.stats.BlockRateRatio}); random-effects meta-analysis over boots,
 * DerSimonian–Laird and REML ({@link ftl.stats.RandomEffectsMeta}); Holm's correction of a family
 * ({@link ftl.stats.Holm}). Their known answers come from R and metafor ({@code src/test/scripts}).
 */
package ftl.stats;
