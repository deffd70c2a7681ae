% GENERATED from ${template} — do not edit
% Collapse factors (negative-A rate, default over SCHED_FIFO on the two stamping threads) with 95% bootstrap intervals: every stratum of campaign modeA with a finite factor (by load), then the isolation campaign. Data digest: ${dataDigest}
idx ratio lower upper load group label
<#assign i = 0>
<#list ["0", "50", "90"] as load>
<#list quantities?filter(x -> x.key?starts_with("collapse.modeA.") && x.key?ends_with(".ratio") && x.key?contains("-load" + load + "-")) as x>
<#assign s = x.key?remove_ending(".ratio")>
<#assign parts = x.key?remove_beginning("collapse.modeA.")?remove_ending(".ratio")?split("-")>
<#if x.available && q[s + ".lower"].available && q[s + ".upper"].available>
<#assign i = i + 1>
${i?c} ${x.number?c} ${q[s + ".lower"].number?c} ${q[s + ".upper"].number?c} ${load} modeA ${parts[0]?substring(0, 2)}/${parts[2]}/${parts[3]}/L${load}
</#if>
</#list>
</#list>
<#list ["all", "core0"] as broker>
<#list ["0", "90"] as load>
<#assign s = "isolation.collapse." + broker + ".load" + load>
<#if q[s]?? && q[s].available && q[s + ".lower"].available && q[s + ".upper"].available>
<#assign i = i + 1>
${i?c} ${q[s].number?c} ${q[s + ".lower"].number?c} ${q[s + ".upper"].number?c} ${load} isolation-${broker} iso/${broker}/L${load}
</#if>
</#list>
</#list>
