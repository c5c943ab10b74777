// In-memory shapes the engine works on: per-account state, live positions and orders with their
// heap entries, and the per-symbol trigger book.
//
// Owns: internal structure only (records inside are the persisted shapes of types.ts). No I/O.
//
// Trigger book of a symbol — four heaps, one per (price side, direction), so a tick only pops
// the entries it crosses:
//   askUp    fires when ask ≥ key: BuyStop, BuyStopLimit (stop phase), SL of sell positions
//   askDown  fires when ask ≤ key: BuyLimit, TP of sell positions
//   bidUp    fires when bid ≥ key: SellLimit, TP of buy positions
//   bidDown  fires when bid ≤ key: SellStop, SellStopLimit (stop phase), SL of buy positions
// Risk bands (see risk.ts) of accounts exposed to the symbol live in the same heaps.

import type { SymbolSpec } from "../symbols.ts";
import type { HeapEntry } from "./heap.ts";
import { TriggerHeap } from "./heap.ts";
import type { AccountRecord, OrderRecord, PositionRecord } from "./types.ts";

export type Trigger =
  | { kind: "order"; order: LiveOrder }
  | { kind: "sl"; position: LivePosition }
  | { kind: "tp"; position: LivePosition }
  | { kind: "band"; account: LiveAccount };

export type TriggerEntry = HeapEntry<Trigger>;

export interface LiveAccount {
  record: AccountRecord;
  /** Open positions by ticket. */
  positions: Map<number, LivePosition>;
  /** Netting accounts: the one position per symbol. */
  bySymbol: Map<string, LivePosition>;
  /** Active orders by ticket. */
  orders: Map<number, LiveOrder>;
  /** Current risk-band heap entries. */
  bands: TriggerEntry[];
}

export interface LivePosition {
  record: PositionRecord;
  spec: SymbolSpec;
  account: LiveAccount;
  sl: TriggerEntry | undefined;
  tp: TriggerEntry | undefined;
}

export interface LiveOrder {
  record: OrderRecord;
  spec: SymbolSpec;
  account: LiveAccount;
  trigger: TriggerEntry | undefined;
  expiry: HeapEntry<LiveOrder> | undefined;
  /** A FlashFill remainder being filled tick by tick at market. */
  working: boolean;
}

export interface SymbolBook {
  spec: SymbolSpec;
  askUp: TriggerHeap<Trigger>;
  askDown: TriggerHeap<Trigger>;
  bidUp: TriggerHeap<Trigger>;
  bidDown: TriggerHeap<Trigger>;
  working: Set<LiveOrder>;
  /** Cached trade-session state, valid until `sessionUntilMs` (sessions change per minute). */
  sessionOpen: boolean;
  sessionUntilMs: number;
}

export function newBook(spec: SymbolSpec): SymbolBook {
  return {
    spec,
    askUp: new TriggerHeap<Trigger>(false),
    askDown: new TriggerHeap<Trigger>(true),
    bidUp: new TriggerHeap<Trigger>(false),
    bidDown: new TriggerHeap<Trigger>(true),
    working: new Set(),
    sessionOpen: false,
    sessionUntilMs: Number.NEGATIVE_INFINITY,
  };
}

export function newAccount(record: AccountRecord): LiveAccount {
  return { record, positions: new Map(), bySymbol: new Map(), orders: new Map(), bands: [] };
}
