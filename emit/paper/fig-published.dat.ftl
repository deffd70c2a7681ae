% GENERATED from ${template} — do not edit
% Published broker latencies (data/audit/published-medians.csv) placed on the exposure curve of campaign modeA's median displacement D: x = the published value (us), y = D/T. Data digest: ${dataDigest}
row flightUs relError
<#if q["displacement.median.modeA"]?? && q["displacement.median.modeA"].available && q["exposure.published.count"].available>
<#assign d = q["displacement.median.modeA"].number>
<#list 1..<(q["exposure.published.count"].number + 1) as i>
<#assign e = q["exposure.relError.published" + i]>
<#if e.available>
${i?c} ${(d / e.number)?string("0.###")} ${e.number?string("0.#####")}
</#if>
</#list>
</#if>
