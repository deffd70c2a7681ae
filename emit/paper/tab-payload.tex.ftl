% GENERATED from ${template} — do not edit
% The pre-registered payload manipulation (campaign payload). Data digest: ${dataDigest}
<#assign conds = quantities?filter(x -> x.key?starts_with("retention.median.payload."))>
\begin{tabular}{lrrrr}
\toprule
condition & runs & median retention & min--max & median flight \\
\midrule
<#-- numeric order of payload, then start phase (condition names pb<bytes>-ph<us>; other names sort last) -->
<#function num s><#return s?matches("[0-9]+")?then(s?number, 999999999)></#function>
<#assign rows = []>
<#list conds as x>
<#assign c0 = x.key?remove_beginning("retention.median.payload.")>
<#assign rows = rows + [{"x": x, "n": num(c0?keep_after("pb")?keep_before("-")), "ph": num(c0?keep_after("-ph"))}]>
</#list>
<#list rows?sort_by("ph")?sort_by("n") as row>
<#assign x = row.x>
<#assign c = x.key?remove_beginning("retention.median.payload.")>
${tex(c)} & ${q["runs.payload." + c].latex} & ${x.latex} & ${q["retention.min.payload." + c].latex}--${q["retention.max.payload." + c].latex} & ${q["flight.median.payload." + c].latex} \\
</#list>
<#if conds?size == 0>
\multicolumn{5}{c}{no campaign data for payload} \\
</#if>
\bottomrule
\end{tabular}
