% GENERATED from ${template} — do not edit
% The replicated cluster campaign (data/cluster/plan.json, issue #46): every rule its plan registered before the first run, in plan
% order (each rule's claim and comparison in words are in the supplement's verdict table), with the statistic it compared
% (a block-level estimate and its Student t interval over blocks where the rule compares an interval) and the verdict.
<#-- rows.cluster: TableRows.ConfirmRow, built in Java from the plan's criteria and the registry; nothing computed here. -->
\setlength{\tabcolsep}{3pt}%
\begin{tabular}{@{}lll@{}}
\toprule
registered rule & estimate (95\,\% interval) & verdict \\
\midrule
<#list rows.cluster as r>
{}${r.idLatex} & <#if r.statistic.key??>{}${r.statistic.linked}<#else>--</#if><#if r.lower.key??> (${r.lower.linked} to ${r.upper.linked})</#if> & {}${r.verdict.linked} \\
</#list>
<#if rows.cluster?size == 0>
\multicolumn{3}{c}{no cluster campaign data} \\
</#if>
\bottomrule
\end{tabular}
