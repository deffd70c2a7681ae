% GENERATED from ${template} — do not edit
% Every registered test of the Kafka campaigns before the confirmatory one: a criterion registered before the data it
% judges (data/registrations.csv, derived from git history, or a plan's criteria whose digest every ledger row names),
% held or not; one row per test (RegisteredTests: a combined claim is not a test, a two-sided band is one), and the
% last row counts the rows above it.
<#-- confirmatory: Emitter.verdicts, every registered test whose registration is confirmatory, in registry order, but
     those of the campaigns with tables of their own; confirmatoryTally counts these rows by outcome. A basis longer
     than Emitter.SHORT_BASIS characters is cut at a space and marked (the supplement's verdict table prints it whole). -->
\renewcommand{\arraystretch}{0.95}%
\begin{tabularx}{\linewidth}{@{}>{\raggedright\arraybackslash}p{0.3\linewidth}llR@{}}
\toprule
registered prediction & campaigns & verdict & basis \\
\midrule
<#list confirmatory as v>
{}${v.labelLatex} & ${v.campaignsLatex} & ${v.linked} & {}${v.basisShortLatex!"--"} \\
</#list>
\midrule
\multicolumn{4}{l}{${confirmatoryTally.rows?c} registered tests: ${confirmatoryTally.held?c} held, ${confirmatoryTally.didNotHold?c} did not hold, ${confirmatoryTally.untestable?c} not testable here} \\
\bottomrule
\end{tabularx}
