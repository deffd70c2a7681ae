% GENERATED from ${template} — do not edit
% The other systems' exposure measured here, placed in the exposure figure: x = the block mean of the median flight at 1 ms (rabbitmq.flightMedian.si1ms, nats.flightMedian.si1ms, us), y = the block mean of the runs' median D/T at 1 ms (rabbitmq.exposure.si1ms, nats.exposure.si1ms).
<#-- rows.exposure.systems: TableRows.SystemPoint, read from the registry in Java. -->
system flightUs relError
<#list rows.exposure.systems as p>
${p.system} ${p.flightUs?c} ${p.relError?c}
</#list>
