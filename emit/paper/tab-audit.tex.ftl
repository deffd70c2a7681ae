% GENERATED from ${template} — do not edit
% What common harnesses do about timestamp resolution and sign (data/audit/harnesses.csv). Data digest: ${dataDigest}
<#function word v><#return (v!"")?replace("\\_", " ")></#function>
\begin{tabular}{p{0.2\linewidth}p{0.27\linewidth}rp{0.1\linewidth}p{0.1\linewidth}p{0.1\linewidth}}
\toprule
harness & latency & quantum (ns) & zero & negative & drops counted \\
\midrule
<#list audit as h>
${h.harness!""} & ${h.latency!""} & ${h.quantum_ns_grouped!""} & ${word(h.zero_difference)} & ${word(h.negative_difference)} & ${word(h.drops_counted)} \\
</#list>
\bottomrule
\end{tabular}
