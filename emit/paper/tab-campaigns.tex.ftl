% GENERATED from ${template} — do not edit
% What each campaign ran, from its ledger (ok runs only). Data digest: ${dataDigest}
<#-- rows.campaigns: TableRows.CampaignRow, the campaign's name and its registry quantities. -->
\begin{tabular}{lrrrrrr}
\toprule
campaign & runs & conditions & runs per condition & events per run & warm-up per run & send lag p99 (median) \\
\midrule
<#list rows.campaigns as r>
\texttt{${tex(r.campaign)}} & ${r.runs.latex} & ${r.conditions.latex} & ${r.runsPerCondition.latex} & ${r.eventsPerRun.latex} & ${r.warmupEvents.latex} & ${r.sendLagP99.latex} \\
</#list>
<#if rows.campaigns?size == 0>
\multicolumn{7}{c}{no campaign data} \\
</#if>
\bottomrule
\end{tabular}
