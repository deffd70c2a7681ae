% GENERATED from ${template} — do not edit
% Exposure curve D(T)/T over flight T (us), D(T) the sign campaign's measured relation of D to T (registry entries exposure.curve.*); ack-referenced spans only.
<#-- rows.exposure.curve: TableRows.CurvePoint, each a pair of registry quantities (D(T)/T computed by Exposure in Java). -->
flightUs relError
<#list rows.exposure.curve as p>
${p.flightUs?c} ${p.relError?c}
</#list>
