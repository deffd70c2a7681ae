% GENERATED from ${template} — do not edit
% What common harnesses do about timestamp resolution and sign (data/audit/harnesses.csv).
<#-- audit: the harness audit's rows, LaTeX-escaped in Java; <column>_words is the cell with _ read as a space. Its cells are the
     audit table's own fields (data/audit/harnesses.csv, quantum grouped in Java), not registry quantities: no cell is a link. -->
\setlength{\tabcolsep}{3pt}%
\begin{tabular}{p{0.2\linewidth}p{0.27\linewidth}rp{0.1\linewidth}p{0.1\linewidth}p{0.1\linewidth}}
\toprule
harness & latency & quantum (ns) & zero & negative & drops counted \\
\midrule
<#list audit as h>
${h.harness!""} & ${h.latency!""} & ${h.quantum_ns_grouped!""} & ${h.zero_difference_words!""} & ${h.negative_difference_words!""} & ${h.drops_counted_words!""} \\
</#list>
\bottomrule
\end{tabular}
