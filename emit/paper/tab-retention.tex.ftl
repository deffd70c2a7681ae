% GENERATED from ${template} — do not edit
% Guard retention per send interval (campaign modeB, uncontrolled start phase). Data digest: ${dataDigest}
<#assign conds = quantities?filter(x -> x.key?starts_with("retention.median.modeB.") && !x.key?contains("-ph"))>
\begin{tabular}{lrrrrrrr}
\toprule
condition & $b$ & runs & min & median & max & grid law agrees & median flight \\
\midrule
<#list conds as x>
<#assign c = x.key?remove_beginning("retention.median.modeB.")>
${tex(c)} & ${q["gridlaw.b.modeB." + c].latex} & ${q["runs.modeB." + c].latex} & ${q["retention.min.modeB." + c].latex} & ${x.latex} & ${q["retention.max.modeB." + c].latex} & ${q["gridlaw.agreement.modeB." + c].latex} & ${q["flight.median.modeB." + c].latex} \\
</#list>
<#if conds?size == 0>
\multicolumn{8}{c}{no campaign data for modeB} \\
</#if>
\bottomrule
\end{tabular}
