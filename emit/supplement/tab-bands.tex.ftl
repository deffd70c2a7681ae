% GENERATED from ${template} — do not edit
% The 1/D law measured: per campaign of the Kafka instrument, the slope of D on T over runs with its 95% bootstrap interval and the verdict, then each flight band's runs and median D/T. Data digest: ${dataDigest}
\begin{tabular}{lrrrrrrr}
\toprule
campaign & slope & 95\% interval & verdict & \multicolumn{4}{l}{runs: median $D/T$, bands from a third of a millisecond up} \\
\midrule
<#list quantities?filter(x -> x.key?starts_with("onedlaw.slope.") && !x.key?starts_with("onedlaw.slope.lower.") && !x.key?starts_with("onedlaw.slope.upper.")) as s>
<#assign c = s.key?remove_beginning("onedlaw.slope.")>
${c} & ${s.latex} & ${q["onedlaw.slope.lower." + c].latex}--${q["onedlaw.slope.upper." + c].latex} & ${q["onedlaw.verdict." + c].latex} & <#list 2..5 as j>${q["onedlaw.band.runs." + c + ".band" + j].latex}: ${q["onedlaw.band.relError." + c + ".band" + j].latex}<#sep> & </#list> \\
</#list>
\bottomrule
\end{tabular}
