% GENERATED from ${template} — do not edit
% How fragile each registered interval rule of the block campaigns is (issue #59): beside the registered verdict, the rule's
% own Student t p (one-sided in the rule's direction; held iff below 0.025), that p Holm-adjusted within the campaign's family,
% the exact sign-flip p over blocks and the 95 % percentile bootstrap interval over blocks (FragilityQuantities). Exploratory.
<#-- rows.confirm, rows.setting, rows.cluster: TableRows.ConfirmRow; the numbers are registry quantities fragility.<campaign>.<rule>.* -->
\begin{longtable}{@{}lllllll@{}}
\toprule
campaign & rule & registered & $p$ & Holm $p$ & exact $p$ & bootstrap interval \\
\midrule
\endhead
<#list [["confirm", rows.confirm], ["setting", rows.setting], ["cluster", rows.cluster]] as pair>
<#assign c = pair[0]>
<#list pair[1] as r>
<#assign k = "fragility." + c + "." + r.idLatex>
<#if q[k + ".p"]??>
${c} & {}${r.idLatex} & {}${r.verdict.linked} & ${q[k + ".p"].linked} & ${q[k + ".pHolm"].linked} & ${q[k + ".pExact"].linked} & ${q[k + ".bootLower"].linked} to ${q[k + ".bootUpper"].linked} \\
</#if>
</#list>
</#list>
\bottomrule
\end{longtable}
