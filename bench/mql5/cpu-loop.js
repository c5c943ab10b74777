// biome-ignore-all lint/correctness/noUnusedVariables: EA handlers are called by the runtime, not by this file
// biome-ignore-all lint/correctness/noUnusedFunctionParameters: handler signatures are MQL5's
// cpu-loop.mq5 written by hand in JavaScript for `npm run bench mql5`: the same loops, the same
// arithmetic and the same checksum, with JS's own idioms (Math.imul and `| 0` where the MQL5
// int wraps, plain numbers for the long values, which stay below 2^53; no bounds checks).

const Iterations = input.int(5000);
const Workload = input.int(0);

class Counter {
  constructor() {
    this.total = 0;
  }
  reset() {
    this.total = 0;
  }
  add(v) {
    this.total = (this.total + (v & 0xffff)) | 0;
  }
}

const table = new Array(256).fill(0);
const wide = new Array(256).fill(0);
const counter = new Counter();
let checksum = 0;

function OnInit() {
  for (let i = 0; i < 256; i++) {
    table[i] = Math.imul(i, 7919);
    wide[i] = Math.imul(i, 7919);
  }
  return INIT_SUCCEEDED;
}

function intRound(n) {
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) | 0;
    const k = (seed >> 16) & 255;
    table[k] = (table[k] + i) | 0;
    counter.add(table[(k + 1) & 255] ^ seed);
  }
  return seed;
}

function longRound(n) {
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103 + 12345) & 0x7ffffff; // below 2^38 before the mask: exact
    const k = (seed >> 16) & 255;
    wide[k] = wide[k] + i;
    counter.add(wide[(k + 1) & 255] ^ seed); // `^` keeps the low 32 bits, as MQL5's (int) does
  }
  return seed;
}

const MOD36 = 2 ** 36;

function wideRound(n) {
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 69069 + 1) % MOD36; // `&` would cut to 32 bits
    const k = (seed >> 16) & 255; // bits 16..23: within the low 32 bits JS's `>>` keeps
    wide[k] = wide[k] + i;
    counter.add(wide[(k + 1) & 255] ^ seed);
  }
  return seed;
}

function OnTick() {
  counter.reset();
  switch (Workload) {
    case 0:
      checksum += intRound(Iterations);
      break;
    case 1:
      checksum += longRound(Iterations);
      break;
    default:
      checksum += wideRound(Iterations);
  }
  checksum += counter.total;
}

function OnDeinit(reason) {
  PrintFormat("checksum %I64d", checksum);
}
