% GENERATED from ${template} — do not edit
% The original study's claims (paper/original-study.csv) beside our figures, each with a computed verdict and
% the basis that decided it (column verdict_key: a registry verdict; -- for a row that is a size, not a claim). Data digest: ${dataDigest}
\begin{tabular}{p{0.25\linewidth}p{0.12\linewidth}p{0.13\linewidth}p{0.1\linewidth}p{0.3\linewidth}}
\toprule
claim & original & ours & verdict & basis \\
\midrule
<#list original as o>
<#assign verdictKey = o.verdictKey!"">
${o.claimLatex} & ${o.originalLatex} & <#if o.ourKey?has_content><#list o.ourKey?split(" of ") as k><#if q[k]??>${q[k].latex}<#else>n/a</#if><#sep> of </#list><#if o.noteLatex?has_content> (${o.noteLatex})</#if><#else>--</#if> & <#if verdictKey?has_content && q[verdictKey]??>${q[verdictKey].latex} & ${q[verdictKey].basisLatex!"n/a"}<#else>-- & --</#if> \\
</#list>
\bottomrule
\end{tabular}
