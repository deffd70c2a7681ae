% GENERATED from ${template} — do not edit
% Guard retention per send interval (campaign modeB, uncontrolled start phase), in numeric order of s. Data digest: ${dataDigest}
<#assign conds = quantities?filter(x -> x.key?starts_with("sendInterval.modeB.") && !x.key?contains("-ph") && x.available)?sort_by("number")>
\begin{tabular}{lrrrrrrrr}
\toprule
condition & $s/q$ & runs & min & median & max & replay agrees & held-out error & median flight \\
\midrule
<#list conds as x>
<#assign c = x.key?remove_beginning("sendInterval.modeB.")>
${tex(c)} & ${q["gridlaw.a.modeB." + c].latex}/${q["gridlaw.b.modeB." + c].latex} & ${q["runs.modeB." + c].latex} & ${q["retention.min.modeB." + c].latex} & ${q["retention.median.modeB." + c].latex} & ${q["retention.max.modeB." + c].latex} & ${q["gridlaw.agreement.modeB." + c].latex} & <#if q["gridlaw.heldout.condition.medianAbsError.modeB." + c]??>${q["gridlaw.heldout.condition.medianAbsError.modeB." + c].latex}<#else>--</#if> & ${q["flight.median.modeB." + c].latex} \\
</#list>
<#if conds?size == 0>
\multicolumn{9}{c}{no campaign data for modeB} \\
</#if>
\bottomrule
\end{tabular}
