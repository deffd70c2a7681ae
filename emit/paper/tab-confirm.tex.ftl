% GENERATED from ${template} — do not edit
% The confirmatory campaign (data/confirm/plan.json): every rule and claim its plan registered before the first run,
% in plan order (each rule's claim in words is in the supplement's verdict table), with the statistic it compared (a block-level estimate and its Student t interval over blocks where
% the rule compares an interval), the rule (its threshold in words), the verdict the plan expected and the verdict the data gave.
<#-- rows.claims.confirm: TableRows.ConfirmRow, built in Java from the plan's criteria and the registry; nothing computed here. -->
\setlength{\tabcolsep}{3pt}%
\begin{tabularx}{\linewidth}{@{}llRll@{}}
\toprule
registered rule & estimate (95\,\% interval over blocks) & held if & expected & verdict \\
\midrule
<#list rows.claims.confirm as r>
{}${r.idLatex} & <#if r.statistic.key??>{}${r.statistic.linked}<#else>--</#if><#if r.lower.key??> (${r.lower.linked} to ${r.upper.linked})</#if> & {}${r.ruleLatex} & {}${r.expectedLatex} & {}${r.verdict.linked} \\
</#list>
\bottomrule
\end{tabularx}
