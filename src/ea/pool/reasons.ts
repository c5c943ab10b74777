// The MQL5 deinit reasons (UninitializeReason) the pool passes to OnDeinit; re-exported by
// ../host-pool.ts.

export const REASON_PROGRAM = 0;
export const REASON_REMOVE = 1;
export const REASON_INITFAILED = 8;
export const REASON_CLOSE = 9;
