% GENERATED from ${template} — do not edit
% The sign campaign's runs by flight band: median flight (us) and median D/T of the runs in each band (registry entries onedlaw.band.*.modeA).
<#-- rows.exposure.bands: TableRows.CurvePoint, a band's two registry quantities. -->
flightUs relError
<#list rows.exposure.bands as p>
${p.flightUs?c} ${p.relError?c}
</#list>
