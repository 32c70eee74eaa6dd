-- wrk sends each address of a file once: line i goes to thread i mod (threads), which sends its lines in order.
-- Should a thread run out it starts over; the report says how many requests were sent and to how many distinct
-- addresses (fewer: the list was too short for the run). Usage: wrk ... -s bench/search-list.lua URL -- <file> <threads>   (run from the repository's root)
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  local count = tonumber(args[2])
  queries = {}
  local n = 0
  for line in io.lines(args[1]) do
    -- Each request formatted once, here, not as it is sent: the generator's CPU is the server's too.
    if n % count == id then table.insert(queries, wrk.format(nil, line)) end
    n = n + 1
  end
  sent = 0
end

function request()
  sent = sent + 1
  return queries[(sent - 1) % #queries + 1]
end

dofile("bench/wrk-report.lua")
local report = done

-- Sent counts the requests still unanswered at the end too: their addresses were used.
function done(summary, latency, requests)
  local sent, distinct = 0, 0
  for _, thread in ipairs(threads) do
    local n = thread:get("sent")
    sent = sent + n
    distinct = distinct + math.min(n, #thread:get("queries"))
  end
  io.write(string.format("WRK_SENT %d %d\n", sent, distinct))
  report(summary, latency, requests)
end
