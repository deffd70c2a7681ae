% GENERATED from ${template} — do not edit
% Every condition of every campaign, from its ledger and events (ok runs only).
<#-- rows.measured.conditions: TableRows.CampaignConditions, per campaign its TableRows.ConditionRow (condition name and registry quantities);
     quantities print as \ftlQuantity links (Cell.linked) that ./ftl check-pdf traces, the condition's name is a label. -->
<#list rows.measured.conditions as c>
\subsection*{Campaign \texttt{${tex(c.campaign)}}}
\setlength{\tabcolsep}{5pt}%
\begin{longtable}{@{}lrrrrrrrr@{}}
\toprule
condition & runs & $b$ & $A<0$ share & retention min & median & max & grid law agrees & median flight \\
\midrule
\endhead
<#list c.rows as y>
\texttt{${tex(y.condition)}} & ${y.runs.linked} & ${y.b.linked} & <#if y.ackNegativeRate??>${y.ackNegativeRate.linked}<#else>--</#if> & ${y.retentionMin.linked} & ${y.retentionMedian.linked} & ${y.retentionMax.linked} & ${y.agreement.linked} & ${y.flightMedian.linked} \\
</#list>
\bottomrule
\end{longtable}
</#list>
<#if rows.measured.conditions?size == 0>
No campaign data.
</#if>
