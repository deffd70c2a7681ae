% GENERATED from ${template} — do not edit
% The provenance of every quantity: key, macro, value as printed, the function that computed it, definition.
\begin{longtable}{>{\raggedright}p{0.35\linewidth}>{\raggedright}p{0.15\linewidth}>{\raggedright\arraybackslash}p{0.42\linewidth}}
\toprule
key \& macro & value & function; definition \\
\midrule
\endhead
<#list quantities as x>
\hypertarget{q.${x.key}}{}\texttt{${x.keyLatex?replace(".", ".\\allowbreak{}")?replace("-", "-\\allowbreak{}")}}\newline\texttt{\textbackslash{}${x.macro?replace("([a-z])([A-Z])", "$1\\\\allowbreak{}$2", "r")}} & <#if x.available>\ftlQuantity{${x.keyLatex}}{${x.latex}}<#else>n/a</#if> & \texttt{${x.functionLatex?replace(".", ".\\allowbreak{}")?replace("/", "/\\allowbreak{}")}}; ${x.definitionLatex} \\
</#list>
\bottomrule
\end{longtable}
