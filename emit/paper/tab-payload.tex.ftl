% GENERATED from ${template} — do not edit
% The pre-registered payload manipulation (campaign payload).
<#-- rows.measured.payload: TableRows.PayloadRow, ordered in Java by the ledger's payload_bytes, then start_phase_us; quantities print
     as \ftlQuantity links (Cell.linked) that ./ftl check-pdf traces, the condition's name is a label. -->
\begin{tabular}{lrrrr}
\toprule
condition & runs & median retention & min--max & median flight \\
\midrule
<#list rows.measured.payload as r>
${tex(r.condition)} & ${r.runs.linked} & ${r.retentionMedian.linked} & ${r.retentionMin.linked}--${r.retentionMax.linked} & ${r.flightMedian.linked} \\
</#list>
<#if rows.measured.payload?size == 0>
\multicolumn{5}{c}{no campaign data for payload} \\
</#if>
\bottomrule
\end{tabular}
