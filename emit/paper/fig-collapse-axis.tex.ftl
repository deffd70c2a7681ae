% GENERATED from ${template} — do not edit
% The collapse figure's x axis and series (TableRows.CollapseFigure): one tick per named point (one for all of campaign
% modeA's strata), and one series per kind of priority and clock source the campaigns ran on, each with its legend entry;
% then a line between Kafka's points and the other systems', each group named at the foot of the axis (issue 59).
<#assign f = rows.collapse.figure>
\pgfplotsset{ftl collapse ticks/.style={xmin=0, xmax=${f.xmax?c}, xtick={<#list f.ticks as t>${t.x?c}<#sep>,</#sep></#list>},
  xticklabels={<#list f.ticks as t>{${t.labelLatex}}<#sep>,</#sep></#list>}}}
\def\ftlCollapseXmax{${f.xmax?c}}
\def\ftlCollapseSeries{%
<#list f.series as s>
\addplot[ftl collapse marks, ftl collapse <#if s.wholeJvm>jvm<#else>threads</#if>, ftl collapse clock ${s.style?c}, discard if not={series}{${s.id}}] table[x=x, y=ratio, y error plus expr={\thisrow{upper}-\thisrow{ratio}}, y error minus expr={\thisrow{ratio}-\thisrow{lower}}] {generated/fig-collapse.dat};
\addlegendentry{<#if s.wholeJvm>whole JVM<#else>stamping threads</#if>, \texttt{${s.clockLatex}}}
</#list>
<#list f.split as s>
\draw[ftl collapse split] ({axis cs:${s.x?c},1}|-{rel axis cs:0,0}) -- ({axis cs:${s.x?c},1}|-{rel axis cs:0,1});
\node[ftl collapse group] at ({axis cs:${s.kafkaX?c},1}|-{rel axis cs:0,0.02}) {Kafka};
\node[ftl collapse group] at ({axis cs:${s.othersX?c},1}|-{rel axis cs:0,0.02}) {${s.othersLatex}};
</#list>
}
