% GENERATED from ${template} — do not edit
% What each campaign ran, from its ledger (ok runs only). Data digest: ${dataDigest}
<#assign cs = quantities?filter(x -> x.key?starts_with("campaign.runs."))>
\begin{tabular}{lrrrrrr}
\toprule
campaign & runs & conditions & runs per condition & events per run & warm-up per run & send lag p99 (median) \\
\midrule
<#list cs as x>
<#assign c = x.key?remove_beginning("campaign.runs.")>
\texttt{${tex(c)}} & ${x.latex} & ${q["campaign.conditions." + c].latex} & ${q["campaign.runsPerCondition." + c].latex} & ${q["campaign.eventsPerRun." + c].latex} & ${q["campaign.warmupEvents." + c].latex} & ${q["campaign.sendLagP99." + c].latex} \\
</#list>
<#if cs?size == 0>
\multicolumn{7}{c}{no campaign data} \\
</#if>
\bottomrule
\end{tabular}
