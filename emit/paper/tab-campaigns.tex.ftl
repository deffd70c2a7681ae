% GENERATED from ${template} — do not edit
% What each campaign ran, from its ledger (ok runs only), and the setting it ran in: clock sources in use, kernel builds and
% boots (n/a where the ledger predates boot_id).
<#-- rows.campaigns: TableRows.CampaignRow, the campaign's name and its registry quantities, printed as \ftlQuantity links
     (Cell.linked) that ./ftl check-pdf traces; the campaign's name is a label, not a link. -->
\setlength{\tabcolsep}{3pt}%
\begin{tabular}{lrrrrrrllr}
\toprule
campaign & runs & conditions & runs per cond. & events per run & warm-up per run & lag p99 (median) & clock & kernel & boots \\
\midrule
<#list rows.campaigns as r>
\texttt{${tex(r.campaign)}} & ${r.runs.linked} & ${r.conditions.linked} & ${r.runsPerCondition.linked} & ${r.eventsPerRun.linked} & ${r.warmupEvents.linked} & ${r.sendLagP99.linked} & {}${r.clocksourceLatex} & {}${r.kernelLatex} & ${r.boots.linked} \\
</#list>
<#if rows.campaigns?size == 0>
\multicolumn{10}{c}{no campaign data} \\
</#if>
\bottomrule
\end{tabular}
