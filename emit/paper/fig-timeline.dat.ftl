% GENERATED from ${template} — do not edit
% The timeline figure's rounds (ftl.quantity.section.TimelineQuantities): of the ok runs of the sign campaign (modeA) with an event whose A = recv_ns - ack_ns < 0, the one at the lower median of their median flights recv_ns - send_ns (equal medians in ledger order), and the consecutive events of its events file around its first such event in the second half of the file. One row per round: seq, then the three monotonic stamps in us after the window's first send (send: application send thread; ack: producer I/O thread; recv: consumer poll thread; nan when missing), ackAfterRecv = 1 when A < 0.
seq sendUs ackUs recvUs ackAfterRecv
<#list timeline![] as r>
${r.seq} ${r.sendUs} ${r.ackUs} ${r.recvUs} ${r.ackAfterRecv}
</#list>
