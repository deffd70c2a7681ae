% GENERATED from ${template} — do not edit
% Every confirmatory verdict of the archive: a criterion registered before the data it judges (data/registrations.csv,
% derived from git history, or a plan's criteria whose digest every ledger row names), held or not, none left out.
% Data digest: ${dataDigest}
<#-- confirmatory: Emitter.verdicts, every verdict whose registration is confirmatory, in registry order; a basis longer
     than Emitter.SHORT_BASIS characters is cut at a space and marked (the supplement's verdict table prints it whole). -->
\begin{tabular}{>{\raggedright\arraybackslash}p{0.25\linewidth}>{\raggedright\arraybackslash}p{0.11\linewidth}p{0.1\linewidth}>{\raggedright\arraybackslash}p{0.44\linewidth}}
\toprule
registered prediction & campaigns & verdict & basis \\
\midrule
<#list confirmatory as v>
\texttt{${v.keyBreakLatex}} & ${v.campaignsLatex} & ${v.linked} & {}${v.basisShortLatex!"--"} \\
</#list>
\bottomrule
\end{tabular}
