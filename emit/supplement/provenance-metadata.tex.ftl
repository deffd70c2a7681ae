% GENERATED from ${template} — do not edit
% The provenance listing's metadata carries the digest of the data it was built from and the archive's version
% (./ftl check-pdf compares them with the archive's); every value it prints links to its own row (q.<key>), the
% destination the paper's and the supplement's numbers link to in this PDF.
\renewcommand{\ftlQuantity}[2]{\hyperlink{q.#1}{#2}}
\input{../paper/generated/data-digest}
\hypersetup{pdfsubject={ftl data digest \ftlDataDigest}, pdfkeywords={ftl ${archiveVersion}, data digest \ftlDataDigest},
  pdfinfo={FtlVersion={${archiveVersion}}, FtlText={supplement/provenance.tex}}}
