% GENERATED from ${template} — do not edit
% The sign campaign's runs by flight band: median flight (us) and median D/T of the runs in each band (registry entries onedlaw.band.*.modeA). Data digest: ${dataDigest}
flightUs relError
<#list quantities?filter(x -> x.key?starts_with("onedlaw.band.flight.modeA.") && x.available) as f>
${f.number?c} ${q[f.key?replace("onedlaw.band.flight.", "onedlaw.band.relError.")].number?c}
</#list>
