% GENERATED from ${template} — do not edit
% The timeline figure's rounds (ftl.quantity.TimelineQuantities): the first ok run of the sign campaign (modeA) in ledger order with an event whose A = recv_ns - ack_ns < 0, and the consecutive events of its events file around the first such event. One row per round: seq, then the three monotonic stamps in us after the window's first send (send: application send thread; ack: producer I/O thread; recv: consumer poll thread; nan when missing), ackAfterRecv = 1 when A < 0. Data digest: ${dataDigest}
seq sendUs ackUs recvUs ackAfterRecv
<#list timeline![] as r>
${r.seq} ${r.sendUs} ${r.ackUs} ${r.recvUs} ${r.ackAfterRecv}
</#list>
