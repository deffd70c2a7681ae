% GENERATED from ${template} — do not edit
% One row per ok run, for pgfplots (\pgfplotstableread).
campaign condition run sendIntervalNs sendIntervalRank payloadBytes startPhaseUs firstSendPhaseUs retention predictedRetention heldOutRetention medianFlightUs medianDisplacementUs guardMedianMs ombInflation ackNegativeRate priority geometry loadPct loadMeasuredPct
<#list runs as r>
${r.campaign} ${r.condition} ${r.run} ${r.sendIntervalNs?has_content?then(r.sendIntervalNs, "nan")} ${(r.sendIntervalRank!"")?has_content?then(r.sendIntervalRank!"", "nan")} ${r.payloadBytes?has_content?then(r.payloadBytes, "nan")} ${r.startPhaseUs?has_content?then(r.startPhaseUs, "nan")} ${r.firstSendPhaseUs} ${r.retention} ${r.predictedRetention} ${r.heldOutRetention} ${r.medianFlightUs} ${r.medianDisplacementUs} ${r.guardMedianMs} ${r.ombInflation} ${r.ackNegativeRate} ${r.priority?has_content?then(r.priority, "none")} ${r.geometry?has_content?then(r.geometry, "none")} ${r.loadPct?has_content?then(r.loadPct, "nan")} ${r.loadMeasuredPct?has_content?then(r.loadMeasuredPct, "nan")}
</#list>
