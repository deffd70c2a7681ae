% GENERATED from ${template} — do not edit
% What each campaign ran, from its ledger (ok runs only), and the setting it ran in: clock sources in use, kernel builds and
% boots (n/a where the ledger predates boot_id).
<#-- rows.measured.campaigns: TableRows.CampaignRow, the campaign's name and its registry quantities, printed as \ftlQuantity links
     (Cell.linked) that ./ftl check-pdf traces; the campaign's name is a label, not a link. -->
<#-- Headers of two words or more on two lines, the outer column padding dropped: the table fits the supplement's one
     column in \footnotesize as well as the paper's two (issue 59: it ran 36.7 pt over the supplement's margin). -->
\setlength{\tabcolsep}{3pt}%
\begin{tabular}{@{}lrrrrrrllr@{}}
\toprule
campaign & runs & \shortstack[r]{condi-\\tions} & \shortstack[r]{runs per\\cond.} & \shortstack[r]{events\\per run} & \shortstack[r]{warm-up\\per run} & \shortstack[r]{lag p99\\(median)} & clock & kernel & boots \\
\midrule
<#list rows.measured.campaigns as r>
\texttt{${tex(r.campaign)}} & ${r.runs.linked} & ${r.conditions.linked} & ${r.runsPerCondition.linked} & ${r.eventsPerRun.linked} & ${r.warmupEvents.linked} & ${r.sendLagP99.linked} & {}${r.clocksourceLatex} & {}${r.kernelLatex} & ${r.boots.linked} \\
</#list>
<#if rows.measured.campaigns?size == 0>
\multicolumn{10}{c}{no campaign data} \\
</#if>
\bottomrule
\end{tabular}
