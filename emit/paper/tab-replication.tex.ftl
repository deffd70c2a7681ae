% GENERATED from ${template} — do not edit
% The original study's claims (paper/original-study.csv), each in one place: its figure there, every registered test of it
% in every Kafka campaign (ftl.quantity.verdict.ClaimTests) with the test's kind, campaign, host (clock source, kernel build),
% run design, estimate with interval and verdict, and the claim's summary over its tests, with its summary over the tests of each
% run design under it where the designs' summaries differ (ClaimTests: blocks on fresh brokers, or serial runs), since the
% summary rule lets the weakest design decide.
<#-- rows.claims.replication: TableRows.ReplicationRow, a claim with its summary and tests (TableRows.ReplicationTest), or a row
     that is a size with our figure. Every number and verdict prints as an \ftlQuantity link (Cell.linked) that
     ./ftl check-pdf traces; the original's figure is the original study's (check-pdf exempts it as such). The comment
     line before each claim names its summary key, for the test that holds each claim's verdicts to its row; the
     original's figure is a cell of its own, where ./ftl check finds it. -->
<#-- Every column at its natural width but the estimate's, which takes the rest of the line and wraps (tabularx, column
     type R of paper/ftl-figures.sty): no cell runs into the next (issue 59: a wrapped host or verdict made the float
     taller than the page; a test's name overprinted the host column). -->
\setlength{\tabcolsep}{1.5pt}\renewcommand{\arraystretch}{0.84}%
\begin{tabularx}{\linewidth}{@{}llllllRl@{}}
\toprule
campaign & kind & test & host (clock, kernel) & design & events per run & estimate (interval) & verdict \\
<#list rows.claims.replication as o>
\midrule
<#if o.summary??>
% claim ${o.summary.keyLatex}
\multicolumn{5}{@{}>{\raggedright\arraybackslash}p{0.6\linewidth}}{\textbf{${o.claimLatex}}: \textbf{${o.summary.linked}}<#if designs[o.summary.key]?? && designs[o.summary.key].differ> (blocks: ${designs[o.summary.key].blocks}; serial: ${designs[o.summary.key].serial})</#if>} & original: & ${o.originalLatex} & \\
<#list o.tests as t>
${t.campaignLatex} & ${t.kindLatex} & ${t.nameLatex} & ${t.hostLatex} & ${t.designLatex} & ${t.eventsPerRun.linked} & <#if t.estimate.key??>${t.estimate.linked}<#if t.lower.key??> (${t.lower.linked} to ${t.upper.linked})</#if><#else>--</#if> & ${t.verdict.linked} \\
</#list>
<#else>
\multicolumn{5}{@{}>{\raggedright\arraybackslash}p{0.6\linewidth}}{\textbf{${o.claimLatex}}: ours <#if o.ours??><#list o.ours as c>${c.linked}<#sep> of </#list><#else>--</#if>} & original: & ${o.originalLatex} & \\
</#if>
</#list>
\bottomrule
\end{tabularx}
