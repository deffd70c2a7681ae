% GENERATED from ${template} — do not edit
% Every registered test of the Kafka campaigns before the confirmatory one: a criterion registered before the data it
% judges (data/registrations.csv, derived from git history, or a plan's criteria whose digest every ledger row names),
% held or not; one row per test (RegisteredTests: a combined claim is not a test, a two-sided band is one), and the
% last row counts the rows above it.
<#-- confirmatory: Emitter.verdicts, every registered test whose registration is confirmatory, in registry order, but
     those of the campaigns with tables of their own; confirmatoryTally counts these rows by outcome. A basis longer
     than Emitter.SHORT_BASIS characters is cut at a space and marked (the supplement's verdict table prints it whole). -->
\renewcommand{\arraystretch}{0.95}%
<#-- The basis prints under its verdict's link (\ftlQuantity{key}{basis}), which ./ftl check-pdf traces to the verdict's
     basis (issue 59: every computed number traced); its words are not hyphenated, so the link's text is the basis's. -->
\begin{tabularx}{\linewidth}{@{}>{\raggedright\arraybackslash}p{0.3\linewidth}ll>{\raggedright\arraybackslash\hyphenpenalty=10000\exhyphenpenalty=10000}X@{}}
\toprule
registered prediction & campaigns & verdict & basis \\
\midrule
<#list confirmatory as v>
{}${v.labelLatex} & ${v.campaignsLatex} & ${v.linked} & {}<#if v.available && v.basisShortLatex??>\ftlQuantity{${v.keyLatex}}{${v.basisShortLatex}}<#else>${v.basisShortLatex!"--"}</#if> \\
</#list>
\midrule
\multicolumn{4}{l}{${q["verdicts.predictionsTable.rows"].linked} registered tests: ${q["verdicts.predictionsTable.held"].linked} held, ${q["verdicts.predictionsTable.didNotHold"].linked} did not hold, ${q["verdicts.predictionsTable.untestable"].linked} not testable here} \\
\bottomrule
\end{tabularx}
