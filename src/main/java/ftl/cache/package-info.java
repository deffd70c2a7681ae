/**
 * The run-summary cache: what {@link ftl.quantity.core.Analysis#scan} gave for one events file, stored on disk
 * under {@code <archive>/target/ftl-cache/} and keyed by the SHA-256 of the file's bytes as they are on disk
 * now plus a fingerprint of the analysis code, so that {@code ftl check} and {@code ftl list} need not
 * gunzip and parse 2.3 million events again. A fresh clone has no {@code target/}, so CI computes from data;
 * {@code ftl reproduce} never reads the cache (it may refresh it). Depends on {@code ftl.quantity},
 * {@code ftl.stats} and {@code ftl.data}; nothing of ours depends on it but {@code ftl.cli}.
 *
 * <p>Trust boundary: the cache lives beside the jar ({@code target/}) and is trusted like it. Whoever can write
 * {@code target/} can replace the code, so a keyed MAC would protect nothing the jar does not; its CRC-32 guards
 * against torn or corrupt files only. {@code ftl} never writes under a data root, so a hostile {@code --data}
 * cannot plant an entry, and {@code ftl check} prints {@code from cache: target/ftl-cache/...} whenever a value
 * rests on stored summaries ({@link ftl.cache.DiskRunSummaryCache#used()}).
 */
package ftl.cache;
