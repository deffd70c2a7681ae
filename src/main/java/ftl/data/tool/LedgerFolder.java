package ftl.data.tool;

import ftl.data.io.DataGate;

/**
 * A tool's folder as its ledger reader opens it: the run files a ledger row names are read through {@code gate} under
 * {@code prefix}, and messages name the folder and its ledger as the user sees them.
 *
 * @param gate the data root's gate
 * @param prefix the folder relative to the gate's root, with a trailing slash ("" for the root itself)
 * @param display how messages name the folder, e.g. {@code data/omb-real}
 * @param ledger how messages name the ledger, e.g. {@code data/omb-real/ledger.csv}
 */
record LedgerFolder(DataGate gate, String prefix, String display, String ledger) {}
