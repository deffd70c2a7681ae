% GENERATED from ${template} — do not edit
% Provenance in the PDF: every emitted number links to its row in the provenance listing (supplement/provenance.pdf,
% built from supplement/provenance.tex beside the supplement), and the PDF's metadata carries the digest of the data
% it was built from (compare with ./ftl reproduce).
\providecommand{\ftlProvenance}{../supplement/provenance.pdf}
\renewcommand{\ftlQuantity}[2]{\href{\ftlProvenance\#q.#1}{#2}}
% ./ftl check-pdf reads the digest from the Subject, and FtlVersion and FtlText from the document information.
\input{generated/data-digest}
\hypersetup{pdfsubject={ftl data digest \ftlDataDigest}, pdfkeywords={ftl ${archiveVersion}, data digest \ftlDataDigest},
  pdfinfo={FtlVersion={${archiveVersion}}, FtlText={paper/paper.tex}}}
