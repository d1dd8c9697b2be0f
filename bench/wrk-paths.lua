-- wrk script for bench/wrk.mjs: requests the paths listed (one per line) in the file named by
-- WRK_PATHS in turn, and prints the run's figures as one JSON line at the end.
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do
  if #line > 0 then paths[#paths + 1] = line end
end
local requests = {}
local i = 0

-- Formatted once, on the thread: per request wrk only sends the next prepared bytes, so the
-- load generator's CPU stays small beside the servers'.
init = function()
  -- What a phone's browser says it takes (WRK_ACCEPT_ENCODING, set by bench/wrk.mjs).
  local enc = os.getenv("WRK_ACCEPT_ENCODING")
  if enc and #enc > 0 then wrk.headers["Accept-Encoding"] = enc end
  for n, p in ipairs(paths) do requests[n] = wrk.format("GET", p) end
end

request = function()
  i = i % #requests + 1
  return requests[i]
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
