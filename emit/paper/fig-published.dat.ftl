% GENERATED from ${template} — do not edit
% Published broker flights (end-to-end latencies of data/audit/published-medians.csv; send-to-acknowledgment figures are not flights and are left out) placed on the exposure curve of the sign campaign's measured D(T): x = the published value (us), y = D(T)/T, pct = the percentile the source states. Data digest: ${dataDigest}
row flightUs relError pct
<#list quantities?filter(x -> x.key?starts_with("exposure.published.flight")) as f>
<#assign i = f.key?remove_beginning("exposure.published.flight")>
<#assign e = q["exposure.relError.published" + i]>
<#if e.available>
${i} ${f.number?c} ${e.number?c} ${q["exposure.published.percentile" + i].number?c}
</#if>
</#list>
