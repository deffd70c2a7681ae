% GENERATED from ${template} — do not edit
% The pre-registered payload manipulation (campaign payload). Data digest: ${dataDigest}
<#-- rows.payload: TableRows.PayloadRow, ordered in Java by the ledger's payload_bytes, then start_phase_us. -->
\begin{tabular}{lrrrr}
\toprule
condition & runs & median retention & min--max & median flight \\
\midrule
<#list rows.payload as r>
${tex(r.condition)} & ${r.runs.latex} & ${r.retentionMedian.latex} & ${r.retentionMin.latex}--${r.retentionMax.latex} & ${r.flightMedian.latex} \\
</#list>
<#if rows.payload?size == 0>
\multicolumn{5}{c}{no campaign data for payload} \\
</#if>
\bottomrule
\end{tabular}
