% GENERATED from ${template} — do not edit
% The 1/D law as stated: relative error D0/T over flight T (us), D0 the sign campaign's median displacement (displacement.median.modeA; registry entries exposure.law.*); ack-referenced spans only.
<#-- rows.exposure.law: TableRows.CurvePoint, each a pair of registry quantities (D0/T computed by Exposure.curve in Java). -->
flightUs relError
<#list rows.exposure.law as p>
${p.flightUs?c} ${p.relError?c}
</#list>
