# Known answers for the multi-boot statistics of ftl.stats (issue 53, item 4), computed independently of the Java
# code: random-effects meta-analysis by metafor's rma() and predict(), Holm by R's p.adjust(), the log-scale t interval
# by qt(), and the exact permutation tests by brute force (every sign assignment, every split, enumerated here).
#
# Every input below is SYNTHETIC: made-up numbers shaped like per-boot log rate ratios and per-block rates.
#
# Run from the archive's root (Debian bookworm: apt-get install r-cran-metafor):
#   Rscript src/test/scripts/stats-known-answers.R [output folder]
# It writes six CSV files (default folder src/test/resources/ftl/stats/known-answers), each with a comment header
# naming this script, R's and metafor's versions, and what the file holds. No timestamps: the same R and metafor
# write the same bytes.

suppressPackageStartupMessages(library(metafor))

args <- commandArgs(trailingOnly = TRUE)
out <- if (length(args) >= 1) args[1] else "src/test/resources/ftl/stats/known-answers"
dir.create(out, showWarnings = FALSE, recursive = TRUE)

provenance <- sprintf("# Written by src/test/scripts/stats-known-answers.R with %s and metafor %s; do not edit.",
                      sub(" \\(.*", "", R.version.string), as.character(packageVersion("metafor")))

# The shortest of 15, 16 or 17 significant digits that reads back as the same double.
shortest <- function(x) {
  if (is.na(x)) return("NaN")
  for (d in 15:17) {
    s <- sprintf(paste0("%.", d, "g"), x)
    if (as.numeric(s) == x) return(s)
  }
  s
}
num <- function(x) vapply(x, shortest, "")
vec <- function(x) paste(num(x), collapse = " ")

# One CSV: comment lines, a header row, one row per case (character columns already formatted).
write_table <- function(name, comments, rows) {
  lines <- c(provenance, paste("#", comments), paste(names(rows[[1]]), collapse = ","),
             vapply(rows, function(r) paste(unlist(r), collapse = ","), ""))
  con <- file(file.path(out, name), "wb")
  writeLines(lines, con, sep = "\n")
  close(con)
}

# Ties: an arrangement counts as at least as extreme when its statistic is within 1e-12 of the observed one,
# relative to the largest |statistic| any arrangement can reach (the rule ftl.stats states and uses).
TIE <- 1e-12

# ---- 1. log-scale summaries: geometric mean and Student t interval on the logs, mapped back by exp ----
log_scale <- list(
  list(case = "fiveBlockRates", values = c(0.012, 0.018, 0.009, 0.025, 0.015), level = 0.95),
  list(case = "twoValuesLevel90", values = c(0.5, 2.0), level = 0.90),
  list(case = "skewedThreeBlocks", values = c(0.001, 0.1, 0.02), level = 0.95),
  list(case = "sixRatios", values = c(1.8, 2.4, 0.9, 3.1, 1.2, 2.0), level = 0.99))
write_table("log-scale.csv",
  c("SYNTHETIC positive per-block values (rates, ratios). Geometric mean exp(mean(log x)) and the Student t interval",
    "exp(mean(log x) -+ qt(1 - (1 - level) / 2, n - 1) sd(log x) / sqrt(n)) computed with R's qt(). skewedThreeBlocks:",
    "the arithmetic t interval of its values would reach below zero; the log-scale one cannot. Lists: space-separated."),
  lapply(log_scale, function(c) {
    l <- log(c$values); n <- length(l)
    half <- qt(1 - (1 - c$level) / 2, n - 1) * sd(l) / sqrt(n)
    list(case = c$case, values = vec(c$values), level = num(c$level), n = n, geometric_mean = num(exp(mean(l))),
         lower = num(exp(mean(l) - half)), upper = num(exp(mean(l) + half)))
  }))

# ---- 2. exact sign-flip test: every one of the 2^n sign assignments ----
sign_flip <- list(
  list(case = "fiveBlocksAllPositive", values = c(0.3, 0.5, 0.2, 0.8, 0.4)),
  list(case = "sixBlocksAllPositive", values = c(0.3, 0.5, 0.2, 0.8, 0.4, 0.6)),
  list(case = "eightMixed", values = c(0.4, -0.1, 0.7, 0.2, -0.3, 0.5, 0.1, 0.6)),
  list(case = "exactTies", values = c(0.5, -0.5, 0.25, 0.25, 1.0)),
  list(case = "roundingTies", values = c(0.1, 0.2, -0.3, 0.4)),
  list(case = "allZero", values = c(0, 0, 0)),
  list(case = "oneBlock", values = c(0.7)),
  list(case = "negativeMean", values = c(-0.4, -0.9, 0.1, -0.6, -0.2, -0.5, 0.3)))
write_table("sign-flip.csv",
  c("SYNTHETIC per-block log ratios. Statistic: their mean. p_greater = #{assignments with mean >= observed - tol} / 2^n,",
    "p_less = #{mean <= observed + tol} / 2^n, p_two_sided = #{|mean| >= |observed| - tol} / 2^n, with",
    "tol = 1e-12 * sum(|x|) / n; every assignment enumerated by brute force (expand.grid). Lists: space-separated."),
  lapply(sign_flip, function(c) {
    x <- c$values; n <- length(x)
    signs <- as.matrix(expand.grid(rep(list(c(1, -1)), n)))
    means <- as.vector(signs %*% x) / n
    obs <- mean(x); tol <- TIE * sum(abs(x)) / n
    list(case = c$case, values = vec(x), n = n, mean = num(obs), assignments = 2^n,
         p_greater = num(mean(means >= obs - tol)), p_less = num(mean(means <= obs + tol)),
         p_two_sided = num(mean(abs(means) >= abs(obs) - tol)), smallest_p = num(1 / 2^n))
  }))

# ---- 3. exact two-sample permutation test: every split of the pooled blocks ----
two_sample <- list(
  list(case = "tscVsKvmClockFourEach", first = c(0.012, 0.018, 0.015, 0.022), second = c(0.006, 0.009, 0.007, 0.011)),
  list(case = "overlapFiveThree", first = c(0.8, 1.3, 0.6, 1.1, 0.9), second = c(0.7, 1.0, 0.5)),
  list(case = "unequalThreeSix", first = c(2.0, 3.5, 1.5), second = c(2.2, 1.1, 4.0, 2.8, 1.9, 3.0)),
  list(case = "tiedLogs", first = c(1, 2, 4), second = c(2, 4, 8)),
  list(case = "secondHigher", first = c(0.010, 0.013, 0.008, 0.011, 0.009), second = c(0.02, 0.015, 0.03, 0.012, 0.025)))
write_table("two-sample.csv",
  c("SYNTHETIC positive per-block values of two conditions (e.g. blocks under clock source tsc vs kvm-clock).",
    "Statistic: mean(log first) - mean(log second). Every one of the choose(n1 + n2, n1) splits of the pooled logs",
    "enumerated (combn): p_greater = #{d >= observed - tol} / splits, p_less = #{d <= observed + tol} / splits,",
    "p_two_sided = #{|d| >= |observed| - tol} / splits, tol = 1e-12 * sum(|log x|) * (1/n1 + 1/n2). Lists: space-separated."),
  lapply(two_sample, function(c) {
    a <- log(c$first); b <- log(c$second); pool <- c(a, b)
    n1 <- length(a); n2 <- length(b)
    splits <- combn(n1 + n2, n1)
    d <- apply(splits, 2, function(idx) mean(pool[idx]) - mean(pool[-idx]))
    obs <- mean(a) - mean(b); tol <- TIE * sum(abs(pool)) * (1 / n1 + 1 / n2)
    list(case = c$case, first = vec(c$first), second = vec(c$second), difference = num(obs), splits = ncol(splits),
         p_greater = num(mean(d >= obs - tol)), p_less = num(mean(d <= obs + tol)),
         p_two_sided = num(mean(abs(d) >= abs(obs) - tol)))
  }))

# ---- 4. the zero-count rule for block rate ratios ----
# x1 of n1 events negative under condition 1, x0 of n0 under condition 0. When x1 = 0 or x0 = 0, 0.5 is added to both
# counts (not to the event totals): ratio ((x1 + 0.5) / n1) / ((x0 + 0.5) / n0); log variance
# 1/x1 + 1/x0 - 1/n1 - 1/n0 with the counts so corrected.
block_rule <- function(x1, n1, x0, n0) {
  corrected <- x1 == 0 || x0 == 0
  a <- x1 + if (corrected) 0.5 else 0
  b <- x0 + if (corrected) 0.5 else 0
  list(ratio = (a / n1) / (b / n0), log_ratio = log((a / n1) / (b / n0)),
       log_variance = 1 / a + 1 / b - 1 / n1 - 1 / n0, corrected = corrected)
}
blocks <- list(
  list(case = "noZero", x1 = 12, n1 = 5000, x0 = 4, n0 = 5000),
  list(case = "zeroUnderCondition1", x1 = 0, n1 = 4800, x0 = 6, n0 = 5100),
  list(case = "zeroUnderCondition0", x1 = 5, n1 = 3000, x0 = 0, n0 = 3100),
  list(case = "zeroUnderBoth", x1 = 0, n1 = 1000, x0 = 0, n0 = 1200),
  list(case = "moreUnderCondition0", x1 = 30, n1 = 5200, x0 = 9, n0 = 4900),
  list(case = "equalCounts", x1 = 7, n1 = 5000, x0 = 7, n0 = 5000))
write_table("block-rate-ratio.csv",
  c("SYNTHETIC per-block counts: x1 negatives of n1 events under condition 1, x0 of n0 under condition 0.",
    "Zero-count rule: when x1 = 0 or x0 = 0 add 0.5 to both counts (event totals unchanged); ratio (x1/n1)/(x0/n0),",
    "log variance 1/x1 + 1/x0 - 1/n1 - 1/n0, both with the corrected counts; corrected = whether 0.5 was added."),
  lapply(blocks, function(c) {
    r <- block_rule(c$x1, c$n1, c$x0, c$n0)
    list(case = c$case, x1 = c$x1, n1 = c$n1, x0 = c$x0, n0 = c$n0, ratio = num(r$ratio), log_ratio = num(r$log_ratio),
         log_variance = num(r$log_variance), corrected = tolower(as.character(r$corrected)))
  }))

# ---- 5. Holm's step-down adjustment ----
holm <- list(
  list(case = "fiveTests", p = c(0.01, 0.04, 0.03, 0.005, 0.2)),
  list(case = "tiedPValues", p = c(0.02, 0.02, 0.5, 0.001)),
  list(case = "allCappedAtOne", p = c(0.3, 0.6, 0.45)),
  list(case = "oneTest", p = c(0.04)),
  list(case = "monotoneEnforced", p = c(0.001, 0.013, 0.012, 0.04, 0.011, 0.9)))
write_table("holm.csv",
  c("SYNTHETIC families of p-values and their Holm-adjusted values from R's p.adjust(p, method = \"holm\"),",
    "in the input order. Lists: space-separated."),
  lapply(holm, function(c) list(case = c$case, p = vec(c$p), adjusted = vec(p.adjust(c$p, method = "holm")))))

# ---- 6. random-effects meta-analysis between boots ----
# REML: metafor's Fisher scoring with a convergence threshold of 1e-10 on the change of tau^2 (metafor's default is
# 1e-5), the threshold ftl.stats.RandomEffectsMeta declares. I^2 as metafor reports it (percent / 100):
# tau^2 / (tau^2 + s^2), s^2 = (k - 1) / tr(P) the typical within-boot variance.
zero_blocks <- list(c(12, 5000, 4, 5000), c(0, 4800, 6, 5100), c(30, 5200, 9, 4900), c(7, 5000, 7, 5000))
zero_y <- sapply(zero_blocks, function(b) block_rule(b[1], b[2], b[3], b[4])$log_ratio)
zero_v <- sapply(zero_blocks, function(b) block_rule(b[1], b[2], b[3], b[4])$log_variance)
meta <- list(
  list(case = "twoBoots", y = c(0.10, 0.45), v = c(0.02, 0.03), level = 0.95),
  list(case = "homogeneousFiveBoots", y = c(0.20, 0.22, 0.19, 0.21, 0.20), v = c(0.010, 0.012, 0.008, 0.015, 0.011),
       level = 0.95),
  list(case = "heterogeneousSixBoots", y = c(-0.3, 0.1, 0.5, 0.9, 0.2, 1.4), v = c(0.02, 0.05, 0.01, 0.04, 0.03, 0.06),
       level = 0.95),
  list(case = "heterogeneousSixBootsLevel90", y = c(-0.3, 0.1, 0.5, 0.9, 0.2, 1.4),
       v = c(0.02, 0.05, 0.01, 0.04, 0.03, 0.06), level = 0.90),
  list(case = "zeroCountBlockFourBoots", y = zero_y, v = zero_v, level = 0.95),
  list(case = "threeBootsModerate", y = c(0.35, 0.05, 0.6), v = c(0.04, 0.02, 0.05), level = 0.95),
  list(case = "reachesZeroFromAbove", y = c(0.10, 0.12, 0.09, 2.5), v = c(0.01, 0.012, 0.011, 4.0), level = 0.95))
rows <- list()
for (c in meta) {
  for (method in c("DL", "REML")) {
    fit <- rma(yi = c$y, vi = c$v, method = method, level = 100 * c$level,
               control = list(threshold = 1e-10, maxiter = 1000))
    pz <- predict(fit, level = 100 * c$level)
    k <- length(c$y)
    pt <- if (k >= 3) predict(fit, level = 100 * c$level, pi.type = "riley") else list(pi.lb = NA, pi.ub = NA)
    rows[[length(rows) + 1]] <- list(case = c$case, method = method, y = vec(c$y), v = vec(c$v), level = num(c$level),
      k = k, tau2 = num(fit$tau2), mu = num(as.numeric(fit$beta)), se = num(fit$se), ci_lower = num(fit$ci.lb),
      ci_upper = num(fit$ci.ub), q = num(fit$QE), df = k - 1, q_p = num(fit$QEp), i2 = num(fit$I2 / 100),
      typical_variance = num(fit$vt), pi_lower = num(pz$pi.lb), pi_upper = num(pz$pi.ub),
      hts_lower = num(pt$pi.lb), hts_upper = num(pt$pi.ub))
  }
}
write_table("meta-analysis.csv",
  c("SYNTHETIC per-boot estimates y (log ratios) and within-boot variances v. metafor rma(yi, vi, method = DL | REML,",
    "control = list(threshold = 1e-10)): tau2, mu (beta), se, z confidence interval, Q (QE) with df = k - 1 and its p",
    "(QEp), I2 = metafor's I2 / 100 = tau2 / (tau2 + typical_variance) (metafor's vt), prediction interval from",
    "predict() (mu -+ z sqrt(se^2 + tau2)), and the Higgins-Thompson-Spiegelhalter t(k - 2) interval from",
    "predict(pi.type = \"riley\") (NaN when k < 3). zeroCountBlockFourBoots: y and v are the block-rate-ratio.csv rule",
    "applied to counts (12/5000 vs 4/5000), (0/4800 vs 6/5100, corrected), (30/5200 vs 9/4900), (7/5000 vs 7/5000).",
    "reachesZeroFromAbove: the Hedges start of REML is above 0 but its optimum is 0, so Fisher steps are halved down",
    "towards the boundary and stop a threshold's width above it; homogeneousFiveBoots starts and stays at exactly 0."),
  rows)
