% GENERATED from ${template} — do not edit
% Per campaign, its send intervals placed side by side at their rank (fig-runs.dat, column sendIntervalRank), each tick
% labelled with s/q, the send interval over the 1 ms quantum in lowest terms: style "ftl send intervals <campaign>".
<#list (sendIntervalAxes![]) as a>
\pgfplotsset{ftl send intervals ${a.campaign}/.style={xtick={<#list a.ticks as t>${t.rank?c}<#sep>,</#sep></#list>}, xticklabels={<#list a.ticks as t>{${t.label}}<#sep>,</#sep></#list>}}}
</#list>
