-- wrk report script for bench/reads' throughput windows (one wrk thread, many connections):
-- after a run, one line `WRKJSON {…}` with the request count, the duration and the errors, read
-- by index.ts. Latency comes from the latency windows (latency.lua), not from wrk's own
-- percentiles, which do not weigh each request once (see latency.lua).
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"duration_us":%d,"socket_errors":%d,"non_2xx":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status))
end
