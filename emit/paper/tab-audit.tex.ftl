% GENERATED from ${template} — do not edit
% What common harnesses do about timestamp resolution and sign (data/audit/harnesses.csv). Data digest: ${dataDigest}
\begin{tabular}{p{0.2\linewidth}p{0.16\linewidth}rp{0.1\linewidth}p{0.1\linewidth}p{0.08\linewidth}}
\toprule
harness & latency & quantum (ns) & zero & negative & drops counted \\
\midrule
<#list audit as h>
${h.harness!""} & ${h.latency!""} & ${h.quantum_ns!""} & ${h.zero_difference!""} & ${h.negative_difference!""} & ${h.drops_counted!""} \\
</#list>
\bottomrule
\end{tabular}
