/**
 * The run-summary cache: what {@link ftl.quantity.Analysis#scan} gave for one events file, stored on disk
 * under {@code <archive>/target/ftl-cache/} and keyed by the SHA-256 of the file's bytes as they are on disk
 * now plus a fingerprint of the analysis code, so that {@code ftl check} and {@code ftl list} need not
 * gunzip and parse 2.3 million events again. A fresh clone has no {@code target/}, so CI computes from data;
 * {@code ftl reproduce} never reads the cache (it may refresh it). Depends on {@code ftl.quantity},
 * {@code ftl.stats} and {@code ftl.data}; nothing of ours depends on it but {@code ftl.cli}.
 */
package ftl.cache;
