% GENERATED from ${template} — do not edit
% Every condition of every campaign, from its ledger and events (ok runs only). Data digest: ${dataDigest}
<#-- rows.conditions: TableRows.CampaignConditions, per campaign its TableRows.ConditionRow (condition name and registry quantities). -->
<#list rows.conditions as c>
\subsection*{Campaign \texttt{${tex(c.campaign)}}}
\begin{longtable}{@{}lrrrrrrrr@{}}
\toprule
condition & runs & $b$ & $A<0$ share & retention min & median & max & grid law agrees & median flight \\
\midrule
\endhead
<#list c.rows as y>
\texttt{${tex(y.condition)}} & ${y.runs.latex} & ${y.b.latex} & <#if y.ackNegativeRate??>${y.ackNegativeRate.latex}<#else>--</#if> & ${y.retentionMin.latex} & ${y.retentionMedian.latex} & ${y.retentionMax.latex} & ${y.agreement.latex} & ${y.flightMedian.latex} \\
</#list>
\bottomrule
\end{longtable}
</#list>
<#if rows.conditions?size == 0>
No campaign data.
</#if>
