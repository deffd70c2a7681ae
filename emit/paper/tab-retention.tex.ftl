% GENERATED from ${template} — do not edit
% Guard retention per send interval (campaign modeB, uncontrolled start phase), in numeric order of s. Data digest: ${dataDigest}
<#-- rows.retention: TableRows.RetentionRow, selected (ledger start_phase_us empty) and ordered by send interval in Java. -->
\begin{tabular}{lrrrrrrrr}
\toprule
condition & $s/q$ & runs & min & median & max & replay agrees & held-out error & median flight \\
\midrule
<#list rows.retention as r>
${tex(r.condition)} & ${r.a.latex}/${r.b.latex} & ${r.runs.latex} & ${r.retentionMin.latex} & ${r.retentionMedian.latex} & ${r.retentionMax.latex} & ${r.agreement.latex} & <#if r.heldOutError??>${r.heldOutError.latex}<#else>--</#if> & ${r.flightMedian.latex} \\
</#list>
<#if rows.retention?size == 0>
\multicolumn{9}{c}{no campaign data for modeB} \\
</#if>
\bottomrule
\end{tabular}
