% GENERATED from ${template} — do not edit
% Collapse factor per stratum (campaign modeA): negative-A rate, default over SCHED_FIFO. Data digest: ${dataDigest}
<#assign strata = quantities?filter(x -> x.key?starts_with("collapse.modeA.") && x.key?ends_with(".ratio"))>
\begin{tabular}{llllrrr}
\toprule
geometry & load & acks & interval & ratio & 95\% interval & Holm $p$ \\
\midrule
<#list strata as x>
<#assign s = x.key?remove_beginning("collapse.modeA.")?remove_ending(".ratio")>
<#assign parts = s?split("-")>
${tex(parts[0])} & ${tex(parts[1]?remove_beginning("load"))}\% & ${tex(parts[2]?remove_beginning("acks"))} & ${tex(parts[3]?remove_beginning("s")?remove_ending("us"))}\,\textmu{}s & ${x.latex} & <#if q["collapse.modeA." + s + ".lower"].available>${q["collapse.modeA." + s + ".lower"].latex}--${q["collapse.modeA." + s + ".upper"].latex}<#else>n/a</#if> & ${q["collapse.modeA." + s + ".holm"].latex} \\
</#list>
\bottomrule
\end{tabular}
