% GENERATED from ${template} — do not edit
% Collapse factor per stratum (campaign modeA): negative-A rate, default over SCHED_FIFO. Data digest: ${dataDigest}
<#-- rows.collapse: TableRows.CollapseRow, the stratum's typed fields and its quantities (computed in Java). -->
\begin{tabular}{llllrrr}
\toprule
geometry & load & acks & interval & ratio & 95\% interval & Holm $p$ \\
\midrule
<#list rows.collapse as r>
${tex(r.geometry)} & ${tex(r.loadPct)}\% & ${tex(r.acks)} & ${r.sendIntervalMicros?c}\,\textmu{}s & ${r.ratio.latex} & <#if r.lower.available>${r.lower.latex}--${r.upper.latex}<#else>n/a</#if> & ${r.holm.latex} \\
</#list>
\bottomrule
\end{tabular}
