% GENERATED from ${template} — do not edit
% The pre-registered payload manipulation (campaign payload). Data digest: ${dataDigest}
<#assign conds = quantities?filter(x -> x.key?starts_with("retention.median.payload."))>
\begin{tabular}{lrrrr}
\toprule
condition & runs & median retention & min--max & median flight \\
\midrule
<#list conds as x>
<#assign c = x.key?remove_beginning("retention.median.payload.")>
${c} & ${q["runs.payload." + c].latex} & ${x.latex} & ${q["retention.min.payload." + c].latex}--${q["retention.max.payload." + c].latex} & ${q["flight.median.payload." + c].latex} \\
</#list>
<#if conds?size == 0>
\multicolumn{5}{c}{no campaign data for payload} \\
</#if>
\bottomrule
\end{tabular}
