% GENERATED from ${template} — do not edit
% The original study's figures (paper/original-study.csv) beside ours, and whether our data reproduced each claim
% (column verdict_key: a registry verdict; -- for a row that is a size, not a claim). Data digest: ${dataDigest}
\begin{tabular}{p{0.34\linewidth}p{0.18\linewidth}p{0.18\linewidth}p{0.14\linewidth}}
\toprule
claim & original & ours & held? \\
\midrule
<#list original as o>
<#assign keys = o.ourKey?split(" of ")>
<#assign verdictKey = o.verdictKey!"">
${o.claimLatex} & ${o.originalLatex} & <#list keys as k><#if q[k]??>${q[k].latex}<#else>n/a</#if><#sep> of </#list> & <#if verdictKey?has_content && q[verdictKey]??>${q[verdictKey].latex}<#else>--</#if> \\
</#list>
\bottomrule
\end{tabular}
