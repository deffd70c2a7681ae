% GENERATED from ${template} — do not edit
% The digest of the data every file of paper/generated/ and supplement/generated/ was computed from, in one place: the
% PDFs' metadata (provenance.tex here, metadata.tex and provenance-metadata.tex in supplement/generated/) read it from
% here, ./ftl reproduce and ./ftl --version print it, and ./ftl check-pdf compares the PDF's with the archive's. So an
% edit of data/ that moves no number rewrites this file alone.
\def\ftlDataDigest{${dataDigest}}
