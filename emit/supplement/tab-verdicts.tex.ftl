% GENERATED from ${template} — do not edit
% Every verdict of the archive with its kind: confirmatory (criterion registered before the data it judges), exploratory
% (set after; dated) or consistency check (true by construction; never counted), its rule and its whole basis.
<#-- verdicts: Emitter.verdicts, every verdict in registry order, with its registration's rule. -->
\begin{longtable}{@{}>{\raggedright\arraybackslash}p{0.26\linewidth}p{0.08\linewidth}>{\raggedright\arraybackslash}p{0.13\linewidth}>{\raggedright\arraybackslash}p{0.43\linewidth}@{}}
\toprule
verdict & outcome & kind & rule; basis \\
\midrule
\endhead
<#list verdicts as v>
{}${v.labelLatex} & ${v.linked} & {}${v.kindLatex} & {}${v.ruleLatex}\newline basis: ${v.basisLatex!"--"} \\
</#list>
\bottomrule
\end{longtable}
