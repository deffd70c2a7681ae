% GENERATED from ${template} — do not edit
% Collapse factors (negative-A rate, default over SCHED_FIFO on the two stamping threads or on the whole client JVM) with 95% intervals: every stratum of campaign modeA with a finite factor (by load), then the isolation campaign, then every campaign-wide collapse factor; x the position on the axis, series the kind of priority and the clock source (fig-collapse-axis.tex).
<#-- rows.collapse.figure.points: TableRows.CollapsePoint, numbered, placed and labelled in Java. -->
idx x ratio lower upper load group series label
<#list rows.collapse.figure.points as p>
${p.idx?c} ${p.x?c} ${p.ratio?c} ${p.lower?c} ${p.upper?c} ${p.load} ${p.group} ${p.series} ${p.label}
</#list>
