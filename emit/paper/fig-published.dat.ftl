% GENERATED from ${template} — do not edit
% Published broker flights (end-to-end latencies of data/audit/published-medians.csv; send-to-acknowledgment figures are not flights and are left out) placed on the exposure curve of the sign campaign's measured D(T): x = the published value (us), y = D(T)/T, pct = the percentile the source states.
<#-- rows.exposure.published: TableRows.PublishedPoint, the CSV row and its registry quantities. -->
row flightUs relError pct
<#list rows.exposure.published as p>
${p.row?c} ${p.flightUs?c} ${p.relError?c} ${p.percentile?c}
</#list>
