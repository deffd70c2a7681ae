% GENERATED from ${template} — do not edit
% The 1/D law measured: per campaign of the Kafka instrument, the slope of D on T over runs with its 95% bootstrap interval and the verdict, then each flight band's runs and median D/T. Data digest: ${dataDigest}
<#-- rows.bands: TableRows.BandsRow, the bands shown chosen in Java (TableRows.FIRST_TABLE_BAND up). -->
\begin{tabular}{lrrrrrrr}
\toprule
campaign & slope & 95\% interval & verdict & \multicolumn{4}{l}{runs: median $D/T$, bands from a third of a millisecond up} \\
\midrule
<#list rows.bands as r>
${tex(r.campaign)} & ${r.slope.latex} & ${r.lower.latex}--${r.upper.latex} & ${r.verdict.latex} & <#list r.bands as b>${b.runs.latex}: ${b.relError.latex}<#sep> & </#list> \\
</#list>
\bottomrule
\end{tabular}
