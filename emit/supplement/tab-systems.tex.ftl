% GENERATED from ${template} — do not edit
% The campaigns on RabbitMQ and NATS JetStream (data/rabbitmq/plan.json, data/nats/plan.json): every rule and claim their
% plans registered before the first run, one row per id, with each campaign's compared statistic (a block-level estimate)
% and its verdict; the rule as the RabbitMQ plan writes it (the NATS plan's differs only in its grid-law tolerance, which
% its own pilot set). Each rule's claim in words and its interval ends are in the supplement's verdict table.
<#-- rows.claims.systems: TableRows.SystemRow, built in Java from the plans' criteria and the registry; nothing computed here. -->
\begin{tabular}{@{}>{\raggedright\arraybackslash}p{0.19\linewidth}>{\raggedright\arraybackslash}p{0.2\linewidth}p{0.1\linewidth}p{0.12\linewidth}p{0.1\linewidth}p{0.12\linewidth}@{}}
\toprule
registered rule & rule (RabbitMQ plan) & RabbitMQ & verdict & NATS & verdict \\
\midrule
<#list rows.claims.systems as r>
{}${r.idLatex} & {}${r.ruleLatex}<#list r.statistics as c> & <#if c.key??>{}${c.linked}<#else>--</#if> & <#if r.verdicts[c?index].key??>{}${r.verdicts[c?index].linked}<#else>n/a</#if></#list> \\
</#list>
\bottomrule
\end{tabular}
