% GENERATED from ${template} — do not edit
% Collapse factors (negative-A rate, default over SCHED_FIFO on the two stamping threads) with 95% bootstrap intervals: every stratum of campaign modeA with a finite factor (by load), then the isolation campaign. Data digest: ${dataDigest}
<#-- rows.collapsePoints: TableRows.CollapsePoint, numbered and labelled in Java. -->
idx ratio lower upper load group label
<#list rows.collapsePoints as p>
${p.idx?c} ${p.ratio?c} ${p.lower?c} ${p.upper?c} ${p.load} ${p.group} ${p.label}
</#list>
