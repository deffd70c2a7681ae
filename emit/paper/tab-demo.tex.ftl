% GENERATED from ${template} — do not edit
% What Kafka's own tools printed for the embedded broker, beside our instrument on the same path (data/audit/demo).
<#-- Each value is a registry quantity printed as its \ftlQuantity link (./ftl check-pdf traces it); tool and figure are labels. -->
\begin{tabular}{lll}
\toprule
tool & figure & value \\
\midrule
<#if q["audit.e2e.p50.max"]??>
EndToEndLatency & 50th percentile printed (whole ms) & ${q["audit.e2e.p50.min"].linked} to ${q["audit.e2e.p50.max"].linked} \\
EndToEndLatency & smallest average printed & ${q["audit.e2e.avg.min"].linked} \\
ProducerPerformance & largest 50th percentile printed (whole ms) & ${q["audit.perf.p50.max"].linked} \\
ProducerPerformance & smallest average printed & ${q["audit.perf.avg.min"].linked} \\
ftl instrument & median flight, same broker and path & ${q["audit.ftl.flightMedian"].linked} \\
<#else>
\multicolumn{3}{c}{no demonstration data} \\
</#if>
\bottomrule
\end{tabular}
