% GENERATED from ${template} — do not edit
% What each campaign ran, from its ledger (ok runs only). Data digest: ${dataDigest}
<#-- rows.campaigns: TableRows.CampaignRow, the campaign's name and its registry quantities, printed as \ftlQuantity links
     (Cell.linked) that ./ftl check-pdf traces; the campaign's name is a label, not a link. -->
\begin{tabular}{lrrrrrr}
\toprule
campaign & runs & conditions & runs per condition & events per run & warm-up per run & send lag p99 (median) \\
\midrule
<#list rows.campaigns as r>
\texttt{${tex(r.campaign)}} & ${r.runs.linked} & ${r.conditions.linked} & ${r.runsPerCondition.linked} & ${r.eventsPerRun.linked} & ${r.warmupEvents.linked} & ${r.sendLagP99.linked} \\
</#list>
<#if rows.campaigns?size == 0>
\multicolumn{7}{c}{no campaign data} \\
</#if>
\bottomrule
\end{tabular}
