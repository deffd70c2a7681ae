% GENERATED from ${template} — do not edit
% Deviation log: every verdict whose rule was set or changed after the data it judges replaced an earlier rule,
% with that rule and its verdict then (data/registrations.csv, column replaces).
<#-- deviations: Emitter.verdicts, the registrations with a replaced rule, in registry order. -->
\begin{longtable}{@{}>{\raggedright\arraybackslash}p{0.22\linewidth}p{0.09\linewidth}>{\raggedright\arraybackslash}p{0.3\linewidth}>{\raggedright\arraybackslash}p{0.3\linewidth}@{}}
\toprule
verdict & outcome now & rule now & replaced rule and its verdict \\
\midrule
\endhead
<#list deviations as v>
{}${v.labelLatex} & ${v.linked} & {}${v.ruleLatex} & {}${v.replacesLatex} \\
</#list>
<#if !deviations?has_content>
\multicolumn{4}{l}{no rule replaced another after its data} \\
</#if>
\bottomrule
\end{longtable}
