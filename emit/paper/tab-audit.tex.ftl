% GENERATED from ${template} — do not edit
% What common harnesses do about timestamp resolution and sign (data/audit/harnesses.csv).
<#-- audit: the harness audit's rows, LaTeX-escaped in Java; <column>_words is the cell with _ read as a space. Its cells are the
     audit table's own fields (data/audit/harnesses.csv); a whole-number quantum is printed by its quantity (quantum_key,
     AuditQuantities#quantumKey), the link check-pdf traces. -->
\setlength{\tabcolsep}{3pt}%
\begin{tabular}{p{0.2\linewidth}p{0.27\linewidth}rp{0.1\linewidth}p{0.1\linewidth}p{0.1\linewidth}}
\toprule
harness & latency & quantum (ns) & zero & negative & drops counted \\
\midrule
<#list audit as h>
${h.harness!""} & ${h.latency!""} & <#if h.quantum_key?has_content>${q[h.quantum_key].linked}<#else>${h.quantum_ns_grouped!""}</#if> & ${h.zero_difference_words!""} & ${h.negative_difference_words!""} & ${h.drops_counted_words!""} \\
</#list>
\bottomrule
\end{tabular}
