% GENERATED from ${template} — do not edit
% The original study's reported range of the priority collapse (paper/original-study.csv, claim "priority collapse of the negative rate"), for the band on the collapse figure.
<#-- rows.collapse.original: TableRows.OriginalRange, read from the claim's figure in Java. -->
low high
<#list rows.collapse.original as o>
${o.low} ${o.high}
</#list>
