% GENERATED from ${template} — do not edit
% The supplement's metadata carries the digest of the data it was built from and the archive's version
% (./ftl check-pdf compares them with the archive's), and every emitted number links to its row of the
% provenance listing, provenance.pdf beside this PDF (supplement/provenance.tex), which ./ftl check-pdf follows
% to trace the number to its quantity.
\providecommand{\ftlProvenance}{provenance.pdf}
\renewcommand{\ftlQuantity}[2]{\href{\ftlProvenance\#q.#1}{#2}}
\input{../paper/generated/data-digest}
\hypersetup{pdfsubject={ftl data digest \ftlDataDigest}, pdfkeywords={ftl ${archiveVersion}, data digest \ftlDataDigest},
  pdfinfo={FtlVersion={${archiveVersion}}, FtlText={supplement/supplement.tex}}}
