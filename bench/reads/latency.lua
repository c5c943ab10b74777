-- wrk script for bench/reads' latency windows: every request's own latency, timed here.
--
-- Why not wrk's `latency` percentiles: Debian's wrk 4.1.0 does not keep one sample per request.
-- Calibrated against a server that makes exactly 2% of requests wait 2 ms (one connection), its
-- percentiles gave p90 = 1.64 ms where the true p90 is 0.03 ms: a slow request weighs far more
-- than its share, so its p99 reports a stall that touches 0.1% of requests. This script, on the
-- same server, gave p90 = 0.033 ms and p99 = 2.15 ms.
--
-- Run with one connection per thread (`-tN -cN`): each thread's request() and response() then
-- alternate, so the time between them is that request's latency (the monotonic clock, through
-- LuaJIT's FFI, which wrk is built on). Latencies go into a histogram of whole microseconds per
-- thread; done() merges them and writes one line `WRKLAT {…}` read by index.ts.
--
-- Script arguments (after `--`), optional: a method, then bodies sent in turn (the order round
-- trip posts a buy, then a sell, so a netting account stays flat); none = wrk's own request. A
-- method written `POST+key` sends each request with an Idempotency-Key of its own (the thread,
-- the second the run started and a counter: unique across the windows of one run).
local ffi = require("ffi")
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *tp);
]])
local CLOCK_MONOTONIC = 1
local ts = ffi.new("bench_timespec")
local function now_us()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) * 1000000 + tonumber(ts.tv_nsec) / 1000
end

local threads = {}
local next_thread = 0
function setup(thread)
  next_thread = next_thread + 1
  thread:set("thread_id", next_thread)
  table.insert(threads, thread)
end

local prepared = {}
local turn = 0
local started = nil
local method, bodies, keyed = nil, {}, false
local counter, prefix = 0, ""
-- Global, so that done() can read each thread's copy with thread:get().
histogram = {}

function init(args)
  if args[1] == nil then
    prepared[1] = wrk.format()
    return
  end
  method = args[1]
  if method:sub(-4) == "+key" then
    method = method:sub(1, -5)
    keyed = true
    prefix = string.format("bench-%d-%d-", thread_id or 0, os.time())
  end
  for i = 2, #args do
    bodies[#bodies + 1] = args[i]
    prepared[#prepared + 1] = wrk.format(method, nil, nil, args[i])
  end
  if #prepared == 0 then
    prepared[1] = wrk.format(method)
  end
end

function request()
  turn = turn % #prepared + 1
  if keyed then
    counter = counter + 1
    -- A headers table given to wrk.format replaces the -H headers: copy them first.
    local headers = {}
    for name, value in pairs(wrk.headers) do
      headers[name] = value
    end
    headers["Idempotency-Key"] = prefix .. counter
    local req = wrk.format(method, nil, headers, bodies[turn])
    started = now_us()
    return req
  end
  started = now_us()
  return prepared[turn]
end

function response(status, headers, body)
  if started ~= nil then
    local us = math.floor(now_us() - started)
    histogram[us] = (histogram[us] or 0) + 1
    started = nil
  end
end

function done(summary, latency, requests)
  local merged, n = {}, 0
  for _, thread in ipairs(threads) do
    local h = thread:get("histogram")
    for us, k in pairs(h) do
      merged[us] = (merged[us] or 0) + k
      n = n + k
    end
  end
  local keys = {}
  for us in pairs(merged) do
    keys[#keys + 1] = us
  end
  table.sort(keys)
  local function percentile(p)
    local rank = math.max(1, math.ceil(p / 100 * n))
    local seen = 0
    for _, us in ipairs(keys) do
      seen = seen + merged[us]
      if seen >= rank then
        return us
      end
    end
    return 0
  end
  local e = summary.errors
  io.write(string.format(
    'WRKLAT {"requests":%d,"timed":%d,"duration_us":%d,"socket_errors":%d,"non_2xx":%d,"p50_us":%d,"p99_us":%d,"p999_us":%d,"max_us":%d}\n',
    summary.requests, n, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    percentile(50), percentile(99), percentile(99.9), keys[#keys] or 0))
end
