% GENERATED from ${template} — do not edit
% One macro per quantity of the registry (ftl list). Data digest: ${dataDigest}
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
% The original study's transcribed figures (paper/original-study.csv, column macro): the texts quote them only so.
\providecommand{\ftlOriginal}[1]{#1}
<#list originals as o>
% ${o.claim} (paper/original-study.csv line ${o.line?c})
\newcommand{\${o.macro}}{\ftlOriginal{${o.latex}}}
</#list>
