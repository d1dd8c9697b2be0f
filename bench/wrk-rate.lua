-- wrk script for bench/wrk.mjs `wrkAtRate`: the paths of WRK_PATHS in turn at WRK_RATE requests
-- per second, however many connections are open. Debian's wrk has no rate option (wrk2 has);
-- its `delay()` hook asks, before each request, how many ms to hold it. Request k is due at
-- start + k / rate on whichever connection is free first, so the rate holds while responses
-- are quick, and a late answer does not slow the others down.
--
-- wrk times each request from the moment it is sent. Where every connection is waiting on a
-- slow answer, a due request goes out late and its wait is not in the figures (what wrk2
-- corrects): `late` counts the requests sent more than 5 ms after they were due, so a run
-- whose p99 would hide a queue says so.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } sf_timespec;
  int clock_gettime(int clk_id, sf_timespec *tp);
]]
local ts = ffi.new("sf_timespec")
local CLOCK_MONOTONIC = 1
local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do
  if #line > 0 then paths[#paths + 1] = line end
end
local interval = 1000 / tonumber(os.getenv("WRK_RATE"))
local requests = {}
local i = 0
local start = nil
local slot = 0
late = 0
lateMaxMs = 0

init = function()
  -- What a phone's browser says it takes (WRK_ACCEPT_ENCODING, set by bench/wrk.mjs).
  local enc = os.getenv("WRK_ACCEPT_ENCODING")
  if enc and #enc > 0 then wrk.headers["Accept-Encoding"] = enc end
  for n, p in ipairs(paths) do requests[n] = wrk.format("GET", p) end
end

delay = function()
  local now = now_ms()
  if not start then start = now end
  local due = start + slot * interval
  slot = slot + 1
  if now - due > 5 then
    late = late + 1
    if now - due > lateMaxMs then lateMaxMs = now - due end
  end
  -- wrk holds a request whole milliseconds: the fraction is made up over the next ones.
  if due <= now then return 0 end
  return math.floor(due - now)
end

request = function()
  i = i % #requests + 1
  return requests[i]
end

local threads = {}
setup = function(thread) threads[#threads + 1] = thread end

done = function(summary, latency, requests)
  local e = summary.errors
  local t = threads[1]
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"errors":%d,"non2xx":%d,"late":%d,"lateMaxMs":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, e.status,
    t:get("late"), math.floor(t:get("lateMaxMs"))))
end
