% GENERATED from ${template} — do not edit
% The replicated cluster campaign (data/cluster/plan.json, issue #46): every rule its plan registered before the first run, in plan
% order, each with its threshold in words (its claim is in the supplement's verdict table), with the statistic it compared
% (a block-level estimate and its Student t interval over blocks where the rule compares an interval) and the verdict.
<#-- rows.claims.cluster: TableRows.ConfirmRow, built in Java from the plan's criteria and the registry; nothing computed here. -->
\setlength{\tabcolsep}{2pt}\fontsize{6}{7}\selectfont % 6 pt, the least text of a figure or table (CONVENTIONS 23): each rule and its threshold on one line
\begin{tabularx}{\linewidth}{@{}Rll@{}}
\toprule
registered rule: held if & estimate (95\,\% interval) & verdict \\
\midrule
<#list rows.claims.cluster as r>
{}${r.idLatex}: ${r.ruleLatex} & <#if r.statistic.key??>{}${r.statistic.linked}<#else>--</#if><#if r.lower.key??> (${r.lower.linked} to ${r.upper.linked})</#if> & {}${r.verdict.linked} \\
</#list>
<#if rows.claims.cluster?size == 0>
\multicolumn{3}{c}{no cluster campaign data} \\
</#if>
\bottomrule
\end{tabularx}
