-- The room bookkeeping of a relay cluster, run inside Redis or Valkey (one script, one
-- operation per call: ARGV[1] names it). A script runs atomically, so every operation
-- sees and leaves the rooms consistent, and the frames it publishes reach each instance's
-- channel in the order the operations ran: one relay's ordering, across instances.
--
-- Keys (all under "coup:"; a single Redis or Valkey, not Redis Cluster):
--   room:CODE        the room, JSON: h host peer id, s host secret, o owner address,
--                    d host deadline (ms, 0 while the host is present),
--                    p members present in entry order, each {peer, instance, conn, address},
--                    b banned addresses,
--                    g guests that left, by address, the address whose last departure
--                    is the oldest first, each {address, {peer, ...}} (a kick may still
--                    name one: its address is then banned),
--                    v 1 for a handover room, hg its handover grace (ms), a when a guest
--                    is made host (ms, 0 unless the host of a handover room is away),
--                    i the host's address (absent: o's), x the secrets of the hosts a
--                    handover replaced, the latest last, k the host's last deposit
--                    (absent without one; the next promotion takes it)
--   m:CODE           hash: peer -> "INST CONN" of the members present (what a signal reads)
--   rooms            set of every room code (for the room bound)
--   deadlines        sorted set: code -> host deadline (ms)
--   handovers        sorted set: code -> when a guest is made host (ms)
--   owned:ADDR       set of the codes of the rooms ADDR created and that are still open
--   seats:INST       hash: conn -> "CODE PEER" for the seated connections of instance INST
--   irooms:INST      set of the rooms where INST has members (for evicting a dead instance)
--   conns            hash: address -> connections open across the cluster
--   iconns:INST      hash: address -> connections open on INST
--   open:INST        hash: conn -> address of each connection open on INST (so a closed
--                    connection's count is released once, however often it is reported)
--   instances        hash: instance -> last heartbeat (ms)
--   tb:KIND:ADDR     token bucket (t tokens, u updated ms) of failed joins (j) or creates (c)
-- Channel "coup:to:INST" carries "CONN KIND PAYLOAD" to instance INST: kind f is a frame
-- for CONN, kind p is a frame for CONN that made it a handover room's host (the instance
-- watches it for silence), kind r closes CONN with 4000 (replaced by a reclaim); "0 b" is each beat's
-- word to its own instance, which shows the subscription alive.

local P = 'coup:'
-- The most addresses whose departed guests a room remembers (rooms.rs's MAX_LEFT).
local MAX_LEFT = 64
-- The most departures a room remembers of one address, which may then not join it again
-- (rooms.rs's MAX_DEPARTURES).
local MAX_DEPARTURES = 64
-- The most earlier host secrets a handover room remembers (rooms.rs's MAX_OLD_SECRETS).
local MAX_OLD_SECRETS = 16
-- A deposit: 1 to MAX_DEPOSIT_CHARS characters of [0-9A-Za-z._-] (rooms.rs's
-- valid_deposit), so that it goes into a JSON string as it is.
local MAX_DEPOSIT_CHARS = 64
local DEPOSIT_PATTERN = '^[0-9A-Za-z._%-]*$'
local op = ARGV[1]

local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

local function load_room(code)
  if code == '' then return nil end
  local raw = redis.call('GET', P .. 'room:' .. code)
  if not raw then return nil end
  local r = cjson.decode(raw)
  if type(r.p) ~= 'table' then r.p = {} end
  if type(r.b) ~= 'table' then r.b = {} end
  if type(r.g) ~= 'table' then r.g = {} end
  if type(r.x) ~= 'table' then r.x = {} end
  if type(r.a) ~= 'number' then r.a = 0 end
  -- An earlier version's list of departures, one entry each, which g replaces.
  r.l = nil
  return r
end

local function save_room(code, r)
  redis.call('SET', P .. 'room:' .. code, cjson.encode(r))
end

local function set_member(code, peer, inst, conn)
  redis.call('HSET', P .. 'm:' .. code, peer, inst .. ' ' .. conn)
end

local function del_member(code, peer)
  redis.call('HDEL', P .. 'm:' .. code, peer)
end

local function send(inst, conn, kind, payload)
  redis.call('PUBLISH', P .. 'to:' .. inst, conn .. ' ' .. kind .. payload)
end

local function seat_of(inst, conn)
  local s = redis.call('HGET', P .. 'seats:' .. inst, conn)
  if not s then return nil, nil end
  local sp = string.find(s, ' ', 1, true)
  return string.sub(s, 1, sp - 1), string.sub(s, sp + 1)
end

-- The host's address: the creator's, until a handover made a guest host.
local function host_addr(r)
  return r.i or r.o
end

local function occupancy(r)
  if r.d ~= 0 then return #r.p + 1 end
  return #r.p
end

local function peer_frame(kind, peer)
  return '{"type":"' .. kind .. '","peer":"' .. peer .. '"}'
end

local function closed_frame(reason)
  return '{"type":"room_closed","reason":"' .. reason .. '"}'
end

-- Sends a frame to every member present but (inst, conn).
local function notify(r, inst, conn, frame)
  for _, m in ipairs(r.p) do
    if not (m[2] == inst and m[3] == conn) then send(m[2], m[3], 'f', frame) end
  end
end

local function peers_of(r)
  local out = {}
  for _, m in ipairs(r.p) do out[#out + 1] = m[1] end
  return out
end

-- Forgets that INST has members in room CODE once it has none.
local function unindex(r, code, inst)
  for _, m in ipairs(r.p) do
    if m[2] == inst then return end
  end
  redis.call('SREM', P .. 'irooms:' .. inst, code)
end

-- A token bucket of PER_MINUTE tokens refilling over a minute (limits.rs's TokenBucket).
local function bucket(kind, addr, per_minute, now, take)
  local key = P .. 'tb:' .. kind .. ':' .. addr
  local v = redis.call('HMGET', key, 't', 'u')
  local tokens = per_minute
  if v[1] then
    local elapsed = math.max(0, now - tonumber(v[2]))
    tokens = math.min(per_minute, tonumber(v[1]) + elapsed * per_minute / 60000)
  end
  if not take then return tokens >= 1 end
  if tokens >= 1 then tokens = tokens - 1 end
  redis.call('HSET', key, 't', tostring(tokens), 'u', tostring(now))
  redis.call('PEXPIRE', key, 61000)
  return true
end

-- Closes room CODE: everyone present is out of it and hears FRAME (when given).
local function close_room(code, r, frame)
  for _, m in ipairs(r.p) do
    redis.call('HDEL', P .. 'seats:' .. m[2], m[3])
    redis.call('SREM', P .. 'irooms:' .. m[2], code)
    if frame then send(m[2], m[3], 'f', frame) end
  end
  redis.call('DEL', P .. 'room:' .. code, P .. 'm:' .. code)
  redis.call('SREM', P .. 'rooms', code)
  redis.call('ZREM', P .. 'deadlines', code)
  redis.call('ZREM', P .. 'handovers', code)
  redis.call('SREM', P .. 'owned:' .. r.o, code)
end

-- Remembers that PEER, from address ADDR, left room R as a guest (a host may remove it).
local function record_departure(r, addr, peer)
  local from = nil
  for i, d in ipairs(r.g) do
    if d[1] == addr then
      from = table.remove(r.g, i)
      break
    end
  end
  if not from then
    if #r.g >= MAX_LEFT then table.remove(r.g, 1) end
    from = {addr, {}}
  end
  from[2][#from[2] + 1] = peer
  -- The host's address is never banned: its oldest departures may go.
  if addr == host_addr(r) and #from[2] > MAX_DEPARTURES then table.remove(from[2], 1) end
  r.g[#r.g + 1] = from
end

local function valid_deposit(part)
  return type(part) == 'string' and #part >= 1 and #part <= MAX_DEPOSIT_CHARS
    and string.find(part, DEPOSIT_PATTERN) ~= nil
end

-- Makes member r.p[IDX] of handover room CODE (whose host is not present) its host, with
-- secret SECRET: `promoted` to it, with the room's deposit (which the room then holds no
-- more), `host_changed` to the others (rooms.rs's promote).
local function promote(code, r, idx, secret)
  local m = r.p[idx]
  local previous, previous_addr = r.h, host_addr(r)
  r.h = m[1]
  r.i = m[4]
  -- The host before is a guest that left now: its new host may remove it.
  record_departure(r, previous_addr, previous)
  if #r.x >= MAX_OLD_SECRETS then table.remove(r.x, 1) end
  r.x[#r.x + 1] = r.s
  r.s = secret
  r.d = 0
  r.a = 0
  redis.call('ZREM', P .. 'deadlines', code)
  redis.call('ZREM', P .. 'handovers', code)
  local others = {}
  for i, o in ipairs(r.p) do
    if i ~= idx then others[#others + 1] = '"' .. o[1] .. '"' end
  end
  -- Checked again as it is read: only a deposit that needs no escaping is written out.
  local deposit = ''
  if valid_deposit(r.k) then deposit = ',"deposit":"' .. r.k .. '"' end
  r.k = nil
  local changed = '{"type":"host_changed","host":"' .. m[1] .. '","previous":"' .. previous .. '"}'
  for i, o in ipairs(r.p) do
    if i ~= idx then send(o[2], o[3], 'f', changed) end
  end
  send(m[2], m[3], 'p', '{"type":"promoted","room":"' .. code .. '","host_secret":"' .. secret
    .. '","previous":"' .. previous .. '","peers":[' .. table.concat(others, ',') .. ']'
    .. deposit .. '}')
  save_room(code, r)
end

-- Member (inst, conn), peer PEER, leaves room CODE (rooms.rs's leave). Returns 1 when
-- the room closed.
local function depart(code, r, inst, conn, peer, grace, now)
  local addr = nil
  for i, m in ipairs(r.p) do
    if m[2] == inst and m[3] == conn then
      table.remove(r.p, i)
      del_member(code, m[1])
      addr = m[4]
      break
    end
  end
  redis.call('HDEL', P .. 'seats:' .. inst, conn)
  if peer ~= r.h and addr then record_departure(r, addr, peer) end
  if peer == r.h then
    -- A handover room's host keeps its place at least until a guest takes it.
    if r.v == 1 and #r.p > 0 then grace = math.max(grace, r.hg) end
    if grace == 0 then
      close_room(code, r, closed_frame('the host left'))
      return 1
    end
    r.d = now + grace
    redis.call('ZADD', P .. 'deadlines', tostring(r.d), code)
    if r.v == 1 then
      r.a = now + r.hg
      redis.call('ZADD', P .. 'handovers', tostring(r.a), code)
    end
  end
  notify(r, '', '', peer_frame('peer_left', peer))
  save_room(code, r)
  unindex(r, code, inst)
  return 0
end

local function constant_time_eq(a, b)
  if #a ~= #b then return false end
  local diff = 0
  for i = 1, #a do
    diff = bit.bor(diff, bit.bxor(string.byte(a, i), string.byte(b, i)))
  end
  return diff == 0
end

-- open INST CONN ADDR LIMIT: a new connection from ADDR, unless ADDR holds LIMIT.
if op == 'open' then
  local inst, conn, addr, limit = ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
  local n = tonumber(redis.call('HGET', P .. 'conns', addr) or '0')
  if n >= limit then return 0 end
  redis.call('HINCRBY', P .. 'conns', addr, 1)
  redis.call('HINCRBY', P .. 'iconns:' .. inst, addr, 1)
  redis.call('HSET', P .. 'open:' .. inst, conn, addr)
  return 1
end

local function release(inst, addr)
  if redis.call('HINCRBY', P .. 'conns', addr, -1) <= 0 then
    redis.call('HDEL', P .. 'conns', addr)
  end
  if redis.call('HINCRBY', P .. 'iconns:' .. inst, addr, -1) <= 0 then
    redis.call('HDEL', P .. 'iconns:' .. inst, addr)
  end
end

-- gone INST CONN ADDR GRACE: a connection closed; it leaves its room. Told again (an
-- instance retries when it did not hear the answer), it changes nothing more.
if op == 'gone' then
  local inst, conn, addr, grace = ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
  if redis.call('HDEL', P .. 'open:' .. inst, conn) == 1 then release(inst, addr) end
  local code, peer = seat_of(inst, conn)
  if not code then return 0 end
  local r = load_room(code)
  if not r then
    redis.call('HDEL', P .. 'seats:' .. inst, conn)
    return 0
  end
  return depart(code, r, inst, conn, peer, grace, now_ms())
end

-- create INST CONN ADDR PEER SECRET ROOMS_PER_ADDR MAX_ROOMS CREATES_PER_MINUTE
--   [handover=GRACE] CODE...: with handover=GRACE, a handover room whose handover grace
--   is GRACE ms (a code is upper case: never taken for it)
if op == 'create' then
  local inst, conn, addr, peer, secret = ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
  local per_addr, max_rooms, per_minute = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
  local handover, handover_grace, first_code = 0, 0, 10
  local option = ARGV[10] and string.match(ARGV[10], '^handover=(%d+)$')
  if option then
    handover, handover_grace, first_code = 1, tonumber(option), 11
  end
  local now = now_ms()
  if not bucket('c', addr, per_minute, now, false) then return {'err', 'creates'} end
  if seat_of(inst, conn) then return {'err', 'already_in_room'} end
  local owned = P .. 'owned:' .. addr
  local live = 0
  for _, c in ipairs(redis.call('SMEMBERS', owned)) do
    if redis.call('EXISTS', P .. 'room:' .. c) == 1 then
      live = live + 1
    else
      redis.call('SREM', owned, c)
    end
  end
  if live >= per_addr then return {'err', 'too_many_rooms'} end
  if redis.call('SCARD', P .. 'rooms') >= max_rooms then return {'err', 'server_full'} end
  local r = {h = peer, s = secret, o = addr, d = 0, p = {{peer, inst, conn, addr}}, b = {},
    v = handover, hg = handover_grace, a = 0}
  local raw = cjson.encode(r)
  for i = first_code, #ARGV do
    local code = ARGV[i]
    if redis.call('SET', P .. 'room:' .. code, raw, 'NX') then
      set_member(code, peer, inst, conn)
      redis.call('SADD', P .. 'rooms', code)
      redis.call('SADD', owned, code)
      redis.call('HSET', P .. 'seats:' .. inst, conn, code .. ' ' .. peer)
      redis.call('SADD', P .. 'irooms:' .. inst, code)
      bucket('c', addr, per_minute, now, true)
      return {'ok', code}
    end
  end
  return {'err', 'retry'}
end

-- Shared by join and reclaim: the throttle before any lookup, then the room.
local function entry_checks(inst, conn, addr, code, per_minute, now)
  if not bucket('j', addr, per_minute, now, false) then return nil, {'err', 'throttled'} end
  if seat_of(inst, conn) then return nil, {'err', 'already_in_room'} end
  local r = load_room(code)
  if not r then
    bucket('j', addr, per_minute, now, true)
    return nil, {'err', 'no_such_room'}
  end
  return r, nil
end

-- join INST CONN ADDR CODE PEER ROOM_SIZE JOIN_FAILURES
if op == 'join' then
  local inst, conn, addr, code, peer = ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
  local room_size, per_minute = tonumber(ARGV[7]), tonumber(ARGV[8])
  local now = now_ms()
  local r, err = entry_checks(inst, conn, addr, code, per_minute, now)
  if err then return err end
  for _, b in ipairs(r.b) do
    if b == addr then return {'err', 'banned'} end
  end
  for _, d in ipairs(r.g) do
    if d[1] == addr and addr ~= host_addr(r) and #d[2] >= MAX_DEPARTURES then
      return {'err', 'too_many_joins'}
    end
  end
  if occupancy(r) >= room_size then return {'err', 'room_full'} end
  local peers = peers_of(r)
  notify(r, inst, conn, peer_frame('peer_joined', peer))
  r.p[#r.p + 1] = {peer, inst, conn, addr}
  set_member(code, peer, inst, conn)
  save_room(code, r)
  redis.call('HSET', P .. 'seats:' .. inst, conn, code .. ' ' .. peer)
  redis.call('SADD', P .. 'irooms:' .. inst, code)
  -- A guest that enters a handover room whose host's grace ran out while no guest was
  -- there is made its host by the next beat.
  if r.v == 1 and r.d ~= 0 and r.a ~= 0 and r.a <= now then
    redis.call('ZADD', P .. 'handovers', tostring(now), code)
  end
  local out = {'ok', r.h, tostring(r.v or 0)}
  for _, p in ipairs(peers) do out[#out + 1] = p end
  return out
end

-- reclaim INST CONN ADDR CODE SECRET JOIN_FAILURES
if op == 'reclaim' then
  local inst, conn, addr, code, secret = ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
  local per_minute = tonumber(ARGV[7])
  local now = now_ms()
  local r, err = entry_checks(inst, conn, addr, code, per_minute, now)
  if err then return err end
  if not constant_time_eq(r.s, secret) then
    -- Every old secret is compared, so the time taken tells nothing of which.
    local old = false
    for _, s in ipairs(r.x) do
      if constant_time_eq(s, secret) then old = true end
    end
    if old then return {'err', 'handed_over'} end
    bucket('j', addr, per_minute, now, true)
    return {'err', 'bad_secret'}
  end
  for i, m in ipairs(r.p) do
    if m[1] == r.h then
      table.remove(r.p, i)
      redis.call('HDEL', P .. 'seats:' .. m[2], m[3])
      send(m[2], m[3], 'r', '')
      unindex(r, code, m[2])
      break
    end
  end
  r.d = 0
  r.a = 0
  redis.call('ZREM', P .. 'deadlines', code)
  redis.call('ZREM', P .. 'handovers', code)
  local peers = peers_of(r)
  notify(r, inst, conn, peer_frame('peer_joined', r.h))
  r.p[#r.p + 1] = {r.h, inst, conn, host_addr(r)}
  set_member(code, r.h, inst, conn)
  save_room(code, r)
  redis.call('HSET', P .. 'seats:' .. inst, conn, code .. ' ' .. r.h)
  redis.call('SADD', P .. 'irooms:' .. inst, code)
  local out = {'ok', r.h, tostring(r.v or 0)}
  for _, p in ipairs(peers) do out[#out + 1] = p end
  return out
end

-- signal INST CONN TO DATA: forwards DATA (serialized JSON) to peer TO of the room.
-- The hot path: two hash reads and a publish, no JSON decoding.
if op == 'signal' then
  local inst, conn, to, data = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
  local code, peer = seat_of(inst, conn)
  if not code then return 'not_in_room' end
  if peer == to then return 'unknown_peer' end
  local where = redis.call('HGET', P .. 'm:' .. code, to)
  if not where then return 'unknown_peer' end
  local sp = string.find(where, ' ', 1, true)
  send(string.sub(where, 1, sp - 1), string.sub(where, sp + 1), 'f',
    '{"type":"signal","from":"' .. peer .. '","data":' .. data .. '}')
  return 'ok'
end

-- Bans address ADDR from room R, unless it is the owner's (the host's own address is never
-- banned) or banned already; at most MAX_BANNED are kept, the oldest forgotten first.
local function ban(r, addr, max_banned)
  if addr == host_addr(r) then return end
  for _, b in ipairs(r.b) do
    if b == addr then return end
  end
  if #r.b >= max_banned then table.remove(r.b, 1) end
  r.b[#r.b + 1] = addr
end

-- kick INST CONN PEER MAX_BANNED
if op == 'kick' then
  local inst, conn, target, max_banned = ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
  local code, peer = seat_of(inst, conn)
  if not code then return 'not_in_room' end
  local r = load_room(code)
  if not r then return 'not_in_room' end
  if peer ~= r.h then return 'not_host' end
  if target == r.h then return 'unknown_peer' end
  for i, m in ipairs(r.p) do
    if m[1] == target then
      table.remove(r.p, i)
      del_member(code, target)
      redis.call('HDEL', P .. 'seats:' .. m[2], m[3])
      unindex(r, code, m[2])
      ban(r, m[4], max_banned)
      notify(r, '', '', peer_frame('peer_left', target))
      save_room(code, r)
      return 'ok'
    end
  end
  -- A guest that left already: no one to take out or tell, only its address to ban.
  for i, d in ipairs(r.g) do
    for j, p in ipairs(d[2]) do
      if p == target then
        table.remove(d[2], j)
        if #d[2] == 0 then table.remove(r.g, i) end
        ban(r, d[1], max_banned)
        save_room(code, r)
        return 'ok'
      end
    end
  end
  return 'unknown_peer'
end

-- hand_over INST CONN TO SECRET: the host CONN passes its handover room on to peer TO (or,
-- TO empty, to the member present longest), whose secret is SECRET; the host is out of
-- the room as with leave. Returns {'ok', new host, previous host} or {'err', why}.
if op == 'hand_over' then
  local inst, conn, to, secret = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
  local code, peer = seat_of(inst, conn)
  if not code then return {'err', 'not_in_room'} end
  local r = load_room(code)
  if not r then return {'err', 'not_in_room'} end
  if peer ~= r.h then return {'err', 'not_host'} end
  if r.v ~= 1 then return {'err', 'no_handover'} end
  local me, idx = nil, nil
  for i, m in ipairs(r.p) do
    if m[2] == inst and m[3] == conn then
      me = i
    elseif not idx and (to == '' or m[1] == to) then
      idx = i
    end
  end
  if not me then return {'err', 'not_in_room'} end
  if not idx then return {'err', 'unknown_peer'} end
  table.remove(r.p, me)
  if idx > me then idx = idx - 1 end
  del_member(code, peer)
  redis.call('HDEL', P .. 'seats:' .. inst, conn)
  notify(r, '', '', peer_frame('peer_left', peer))
  promote(code, r, idx, secret)
  unindex(r, code, inst)
  return {'ok', r.h, peer}
end

-- deposit INST CONN PART: the host CONN of a handover room keeps PART in the room,
-- replacing the one it held, for the member the next promotion makes host.
if op == 'deposit' then
  local inst, conn, part = ARGV[2], ARGV[3], ARGV[4]
  if not valid_deposit(part) then return 'bad_deposit' end
  local code, peer = seat_of(inst, conn)
  if not code then return 'not_in_room' end
  local r = load_room(code)
  if not r then return 'not_in_room' end
  if peer ~= r.h then return 'not_host' end
  if r.v ~= 1 then return 'no_handover' end
  r.k = part
  save_room(code, r)
  return 'ok'
end

-- leave INST CONN GRACE
if op == 'leave' then
  local inst, conn, grace = ARGV[2], ARGV[3], tonumber(ARGV[4])
  local code, peer = seat_of(inst, conn)
  if not code then return 'not_in_room' end
  local r = load_room(code)
  if not r then
    redis.call('HDEL', P .. 'seats:' .. inst, conn)
    return 'not_in_room'
  end
  if depart(code, r, inst, conn, peer, grace, now_ms()) == 1 then return 'closed' end
  return 'ok'
end

-- beat INST DEAD_AFTER GRACE SECRET...: records INST's heartbeat, makes a guest host of
-- each handover room whose host's handover grace ran out (one fresh SECRET each; rooms
-- past the SECRETs given wait for the next beat), closes rooms whose host's grace ran
-- out, and evicts instances silent for DEAD_AFTER ms (their members leave as after a
-- dropped socket). Every instance runs it; whichever comes first does the work. Returns
-- {closed rooms, evicted instances, 1 when INST had been evicted itself, rooms handed
-- over}.
if op == 'beat' then
  local inst, dead_after, grace = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
  local now = now_ms()
  local fresh = redis.call('HSET', P .. 'instances', inst, tostring(now))
  -- A word to INST's own channel: a subscription that hears nothing for a while is lost.
  redis.call('PUBLISH', P .. 'to:' .. inst, '0 b')
  local promoted = 0
  local next_secret = 5
  for _, code in ipairs(redis.call('ZRANGEBYSCORE', P .. 'handovers', '-inf', tostring(now), 'LIMIT', 0, 256)) do
    if next_secret > #ARGV then break end
    local r = load_room(code)
    if r == nil or r.d == 0 or r.a == 0 or #r.p == 0 then
      -- Gone, its host back, or no guest to take it (a guest that joins puts it back).
      redis.call('ZREM', P .. 'handovers', code)
    elseif r.a <= now then
      promote(code, r, 1, ARGV[next_secret])
      next_secret = next_secret + 1
      promoted = promoted + 1
    end
  end
  local closed = 0
  for _, code in ipairs(redis.call('ZRANGEBYSCORE', P .. 'deadlines', '-inf', tostring(now), 'LIMIT', 0, 256)) do
    local r = load_room(code)
    if r == nil then
      redis.call('ZREM', P .. 'deadlines', code)
    elseif r.d ~= 0 and r.d <= now then
      close_room(code, r, closed_frame('the host did not come back in time'))
      closed = closed + 1
    end
  end
  local evicted = 0
  local all = redis.call('HGETALL', P .. 'instances')
  for i = 1, #all, 2 do
    local other, last = all[i], tonumber(all[i + 1])
    if other ~= inst and now - last > dead_after then
      for _, code in ipairs(redis.call('SMEMBERS', P .. 'irooms:' .. other)) do
        local r = load_room(code)
        if r then
          local gone = {}
          for _, m in ipairs(r.p) do
            if m[2] == other then gone[#gone + 1] = {m[3], m[1]} end
          end
          for _, g in ipairs(gone) do
            if depart(code, r, other, g[1], g[2], grace, now) == 1 then break end
          end
        end
      end
      local counts = redis.call('HGETALL', P .. 'iconns:' .. other)
      for j = 1, #counts, 2 do
        if redis.call('HINCRBY', P .. 'conns', counts[j], -tonumber(counts[j + 1])) <= 0 then
          redis.call('HDEL', P .. 'conns', counts[j])
        end
      end
      redis.call('DEL', P .. 'seats:' .. other, P .. 'irooms:' .. other, P .. 'iconns:' .. other,
        P .. 'open:' .. other)
      redis.call('HDEL', P .. 'instances', other)
      evicted = evicted + 1
    end
  end
  return {closed, evicted, fresh, promoted}
end

-- counts INST: rooms open in the cluster, and connections of INST in rooms.
if op == 'counts' then
  return {redis.call('SCARD', P .. 'rooms'), redis.call('HLEN', P .. 'seats:' .. ARGV[2])}
end

return redis.error_reply('unknown operation')
