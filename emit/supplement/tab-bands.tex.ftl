% GENERATED from ${template} — do not edit
% The 1/D law measured: per campaign of the Kafka instrument, the slope of D on T over runs with its 95% bootstrap interval and the verdict, then each flight band's runs and median D/T.
<#-- rows.measured.bands: TableRows.BandsRow, the bands shown chosen in Java (TableRows.FIRST_TABLE_BAND up); quantities print as
     \ftlQuantity links (Cell.linked) that ./ftl check-pdf traces, the campaign's name is a label. -->
\begin{tabular}{lrrrrrrr}
\toprule
campaign & slope & 95\% interval & verdict & \multicolumn{4}{l}{runs: median $D/T$, bands from a third of a millisecond up} \\
\midrule
<#list rows.measured.bands as r>
${tex(r.campaign)} & ${r.slope.linked} & ${r.lower.linked}--${r.upper.linked} & ${r.verdict.linked} & <#list r.bands as b>${b.runs.linked}: ${b.relError.linked}<#sep> & </#list> \\
</#list>
\bottomrule
\end{tabular}
