% GENERATED from ${template} — do not edit
% Collapse factor per stratum (campaign modeA): negative-A rate, default over SCHED_FIFO.
<#-- rows.collapse.table: TableRows.CollapseRow, the stratum's typed fields and its quantities (computed in Java). Quantity cells print
     as \ftlQuantity links (Cell.linked), which ./ftl check-pdf traces; geometry, load, acks and interval are the stratum's
     condition fields, a label no quantity claims, so they are not links. -->
\begin{tabular}{llllrrr}
\toprule
geometry & load & acks & interval & ratio & 95\% interval & Holm $p$ \\
\midrule
<#list rows.collapse.table as r>
${tex(r.geometry)} & ${tex(r.loadPct)}\% & ${tex(r.acks)} & ${r.sendIntervalMicros?c}\,\textmu{}s & ${r.ratio.linked} & <#if r.lower.available>${r.lower.linked}--${r.upper.linked}<#else>n/a</#if> & ${r.holm.linked} \\
</#list>
\bottomrule
\end{tabular}
