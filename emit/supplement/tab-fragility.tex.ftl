% GENERATED from ${template} — do not edit
% How fragile each registered interval rule of the block campaigns is (issue #59): beside the registered verdict, the rule's
% own Student t p (one-sided in the rule's direction; held iff below 0.025), that p Holm-adjusted within the campaign's family,
% the exact sign-flip p over blocks and the 95 % percentile bootstrap interval over blocks (FragilityQuantities). Exploratory.
<#-- fragility: Emitter#fragility, one row per interval rule with fragility.<campaign>.<rule>.* entries; nothing computed here. -->
\begin{longtable}{@{}lllllll@{}}
\toprule
campaign & rule & registered & $p$ & Holm $p$ & exact $p$ & bootstrap interval \\
\midrule
\endhead
<#list fragility as r>
${r.campaign} & {}${r.idLatex} & {}${r.verdict} & ${r.p} & ${r.pHolm} & ${r.pExact} & ${r.bootLower} to ${r.bootUpper} \\
</#list>
\bottomrule
\end{longtable}
