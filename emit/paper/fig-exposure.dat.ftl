% GENERATED from ${template} — do not edit
% Exposure curve D/T over flight T (us) for campaign modeA's median displacement D; ack-referenced spans only. Data digest: ${dataDigest}
flightUs relError
<#if q["displacement.median.modeA"].available>
<#assign d = q["displacement.median.modeA"].number>
<#list [20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 7000, 10000, 20000] as t>
${t?c} ${(d / t)?string("0.#####")}
</#list>
</#if>
