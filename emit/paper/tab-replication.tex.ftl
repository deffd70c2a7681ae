% GENERATED from ${template} — do not edit
% The original study's figures (paper/original-study.csv) beside ours. Data digest: ${dataDigest}
\begin{tabular}{p{0.42\linewidth}p{0.22\linewidth}p{0.22\linewidth}}
\toprule
claim & original & ours \\
\midrule
<#list original as o>
<#assign keys = o.ourKey?split(" of ")>
${o.claimLatex} & ${o.originalLatex} & <#list keys as k><#if q[k]??>${q[k].latex}<#else>n/a</#if><#sep> of </#list> \\
</#list>
\bottomrule
\end{tabular}
