% GENERATED from ${template} — do not edit
% Every condition of every campaign, from its ledger and events (ok runs only). Data digest: ${dataDigest}
<#assign cs = quantities?filter(x -> x.key?starts_with("campaign.runs."))>
<#list cs as x>
<#assign c = x.key?remove_beginning("campaign.runs.")>
<#assign conds = quantities?filter(y -> y.key?starts_with("runs." + c + "."))>
\subsection*{Campaign \texttt{${tex(c)}}}
\begin{longtable}{@{}lrrrrrrrr@{}}
\toprule
condition & runs & $b$ & $A<0$ share & retention min & median & max & grid law agrees & median flight \\
\midrule
\endhead
<#list conds as y>
<#assign k = y.key?remove_beginning("runs." + c + ".")>
<#assign neg = q["ackNegative.rate." + c + "." + k]!>
\texttt{${tex(k)}} & ${y.latex} & ${q["gridlaw.b." + c + "." + k].latex} & <#if neg?has_content>${neg.latex}<#else>--</#if> & ${q["retention.min." + c + "." + k].latex} & ${q["retention.median." + c + "." + k].latex} & ${q["retention.max." + c + "." + k].latex} & ${q["gridlaw.agreement." + c + "." + k].latex} & ${q["flight.median." + c + "." + k].latex} \\
</#list>
\bottomrule
\end{longtable}
</#list>
<#if cs?size == 0>
No campaign data.
</#if>
