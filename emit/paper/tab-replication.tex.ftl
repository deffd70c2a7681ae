% GENERATED from ${template} — do not edit
% The original study's claims (paper/original-study.csv) beside our figures, each with a computed verdict and
% the basis that decided it (column verdict_key: a registry verdict; -- for a row that is a size, not a claim). Data digest: ${dataDigest}
<#-- rows.replication: TableRows.ReplicationRow, the claim's texts, our quantities and the verdict with its basis. Ours and the
     verdict print as \ftlQuantity links (Cell.linked) that ./ftl check-pdf traces; the original's figure is the original study's
     (check-pdf exempts it as such), and the basis is the verdict's explanation, text that no single quantity prints. -->
<#-- kind: the verdict's kind, one word (Emitter.verdicts: confirmatory, exploratory or consistency; the supplement dates each exploratory rule). -->
\setlength{\tabcolsep}{3pt}%
\begin{tabular}{p{0.22\linewidth}p{0.1\linewidth}p{0.14\linewidth}p{0.07\linewidth}p{0.1\linewidth}p{0.27\linewidth}}
\toprule
claim & original & ours & verdict & kind & basis \\
\midrule
<#list rows.replication as o>
${o.claimLatex} & ${o.originalLatex} & <#if o.ours??><#list o.ours as c>${c.linked}<#sep> of </#list><#if o.noteLatex?has_content> (${o.noteLatex})</#if><#else>--</#if> & <#if o.verdict??>${o.verdict.linked} & ${(q[o.verdict.key].kind)!"--"} & ${o.basisLatex}<#else>-- & -- & --</#if> \\
</#list>
\bottomrule
\end{tabular}
