% GENERATED from ${template} — do not edit
% One macro per quantity of the registry (ftl list).
\providecommand{\ftlNoData}[1]{\textbf{[no data: #1]}}
\providecommand{\ftlQuantity}[2]{#2}
<#list quantities as x>
% ${x.key}: ${x.definition}
<#if x.available>
\newcommand{\${x.macro}}{\ftlQuantity{${x.keyLatex}}{${x.latex}}}
<#else>
\newcommand{\${x.macro}}{\ftlNoData{${x.keyLatex}}}
</#if>
</#list>
<#list originals as o>
% the original study's figure, ${o.claim} (paper/original-study.csv line ${o.line?c}; the texts quote it only so)
\newcommand{\${o.macro}}{${o.latex}}
</#list>
