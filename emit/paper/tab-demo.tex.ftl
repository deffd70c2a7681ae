% GENERATED from ${template} — do not edit
% What Kafka's own tools printed for the embedded broker, beside our instrument on the same path (data/audit/demo). Data digest: ${dataDigest}
\begin{tabular}{lll}
\toprule
tool & figure & value \\
\midrule
<#if q["audit.e2e.p50.max"]??>
EndToEndLatency & 50th percentile printed (whole ms) & ${q["audit.e2e.p50.min"].latex} to ${q["audit.e2e.p50.max"].latex} \\
EndToEndLatency & smallest average printed & ${q["audit.e2e.avg.min"].latex} \\
ProducerPerformance & largest 50th percentile printed (whole ms) & ${q["audit.perf.p50.max"].latex} \\
ProducerPerformance & smallest average printed & ${q["audit.perf.avg.min"].latex} \\
ftl instrument & median flight, same broker and path & ${q["audit.ftl.flightMedian"].latex} \\
<#else>
\multicolumn{3}{c}{no demonstration data} \\
</#if>
\bottomrule
\end{tabular}
