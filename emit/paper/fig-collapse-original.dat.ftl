% GENERATED from ${template} — do not edit
% The original study's reported range of the priority collapse (paper/original-study.csv, claim "priority collapse of the negative rate"), for the band on the collapse figure. Data digest: ${dataDigest}
low high
<#list original as o>
<#if o.claimLatex?starts_with("priority collapse")>
<#assign m = o.originalLatex?matches("([0-9.]+) to ([0-9.]+)x")>
<#if m>
${m?groups[1]} ${m?groups[2]}
</#if>
</#if>
</#list>
