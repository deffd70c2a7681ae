% GENERATED from ${template} — do not edit
% Guard retention per send interval (campaign modeB, uncontrolled start phase), in numeric order of s.
<#-- rows.measured.retention: TableRows.RetentionRow, selected (ledger start_phase_us empty) and ordered by send interval in Java;
     quantities print as \ftlQuantity links (Cell.linked) that ./ftl check-pdf traces, the condition's name is a label. -->
\begin{tabular}{lrrrrrrrr}
\toprule
condition & $s/q$ & runs & min & median & max & replay agrees & held-out error & median flight \\
\midrule
<#list rows.measured.retention as r>
${tex(r.condition)} & ${r.a.linked}/${r.b.linked} & ${r.runs.linked} & ${r.retentionMin.linked} & ${r.retentionMedian.linked} & ${r.retentionMax.linked} & ${r.agreement.linked} & <#if r.heldOutError??>${r.heldOutError.linked}<#else>--</#if> & ${r.flightMedian.linked} \\
</#list>
<#if rows.measured.retention?size == 0>
\multicolumn{9}{c}{no campaign data for modeB} \\
</#if>
\bottomrule
\end{tabular}
