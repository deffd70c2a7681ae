# GENERATED from ${template} — do not edit
# The provenance of every quantity, one row each in registry order, as supplement/provenance.pdf lists it: key, macro, value as printed (empty when the data give none), unit, the function that computed it, definition. Every field quoted (RFC 4180).
"key","macro","value","unit","function","definition"
<#list quantities as x>
${csv(x.key)},${csv(x.macro)},<#if x.available>${csv(x.text)}<#else>""</#if>,${csv(x.unit)},${csv(x.function)},${csv(x.definition)}
</#list>
