% GENERATED from ${template} — do not edit
% Exposure curve D(T)/T over flight T (us), D(T) the sign campaign's measured relation of D to T (registry entries exposure.curve.*); ack-referenced spans only. Data digest: ${dataDigest}
flightUs relError
<#list quantities?filter(x -> x.key?starts_with("exposure.curve.flight.")) as t>
<#assign e = q[t.key?replace("exposure.curve.flight.", "exposure.curve.relError.")]>
<#if e.available>
${t.number?c} ${e.number?c}
</#if>
</#list>
