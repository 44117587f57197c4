// A STUN Binding request (RFC 8489) to a relay's STUN responder over UDP: the answer
// must be a Binding success response (0x0101) with the magic cookie, the request's
// transaction id and an XOR-MAPPED-ADDRESS that decodes to this socket's own address.
//
//   node .ci/image/stun.mjs HOST PORT
//
// Sends the request up to three times (UDP may drop it), each time waiting up to 2 s for
// the answer; any answer that is not the expected one fails at once.

import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import dgram from "node:dgram";

const [host, portArg] = process.argv.slice(2);
const port = Number(portArg);
if (!host || !Number.isInteger(port) || port < 1 || port > 65535) {
  console.error("usage: node .ci/image/stun.mjs HOST PORT");
  process.exit(2);
}
const COOKIE = 0x2112a442;
const XOR_MAPPED_ADDRESS = 0x0020;
const TRIES = 3;
const WAIT_MS = 2_000;

const id = randomBytes(12);
const request = Buffer.alloc(20);
request.writeUInt16BE(0x0001, 0); // Binding request
request.writeUInt16BE(0, 2); // no attributes
request.writeUInt32BE(COOKIE, 4);
id.copy(request, 8);

const socket = dgram.createSocket(host.includes(":") ? "udp6" : "udp4");
await new Promise((resolve) => socket.bind(0, host.includes(":") ? "::1" : "127.0.0.1", resolve));
const self = socket.address();

function answer() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => (socket.off("message", onMessage), resolve(null)), WAIT_MS);
    function onMessage(msg, rinfo) {
      clearTimeout(timer);
      socket.off("message", onMessage);
      resolve({ msg, rinfo });
    }
    socket.on("message", onMessage);
  });
}

let got = null;
for (let i = 0; i < TRIES && !got; i++) {
  const waiting = answer();
  socket.send(request, port, host);
  got = await waiting;
}
socket.close();
assert.ok(got, `no STUN answer from ${host}:${port} to ${TRIES} Binding requests`);
const { msg, rinfo } = got;
assert.equal(rinfo.port, port, `the answer came from port ${rinfo.port}, not ${port}`);
assert.ok(msg.length >= 20, `a ${msg.length}-byte answer is shorter than a STUN header`);
assert.equal(msg.readUInt16BE(0), 0x0101, `message type 0x${msg.readUInt16BE(0).toString(16)}, not 0x0101`);
const length = msg.readUInt16BE(2);
assert.equal(msg.length, 20 + length, `the header's length ${length} is not the ${msg.length - 20} bytes that follow`);
assert.equal(msg.readUInt32BE(4), COOKIE, "the answer lacks the magic cookie");
assert.ok(msg.subarray(8, 20).equals(id), "the answer's transaction id is not the request's");

let mapped = null;
for (let at = 20; at + 4 <= msg.length; ) {
  const type = msg.readUInt16BE(at);
  const len = msg.readUInt16BE(at + 2);
  assert.ok(at + 4 + len <= msg.length, `attribute 0x${type.toString(16)} runs past the message`);
  if (type === XOR_MAPPED_ADDRESS) {
    const family = msg.readUInt8(at + 5);
    const xport = msg.readUInt16BE(at + 6) ^ (COOKIE >>> 16);
    let address;
    if (family === 0x01) {
      assert.equal(len, 8, "an IPv4 XOR-MAPPED-ADDRESS is 8 bytes");
      const a = (msg.readUInt32BE(at + 8) ^ COOKIE) >>> 0;
      address = [a >>> 24, (a >>> 16) & 255, (a >>> 8) & 255, a & 255].join(".");
    } else {
      assert.equal(family, 0x02, `address family ${family}`);
      assert.equal(len, 20, "an IPv6 XOR-MAPPED-ADDRESS is 20 bytes");
      const mask = Buffer.concat([msg.subarray(4, 8), id]);
      const bytes = Buffer.from(msg.subarray(at + 8, at + 24).map((b, i) => b ^ mask[i]));
      address = [...Array(8).keys()].map((i) => bytes.readUInt16BE(2 * i).toString(16)).join(":");
    }
    mapped = { address, port: xport };
  }
  at += 4 + len + ((4 - (len % 4)) % 4);
}
assert.ok(mapped, "the answer has no XOR-MAPPED-ADDRESS");
assert.equal(mapped.port, self.port, `XOR-MAPPED-ADDRESS port ${mapped.port}, this socket's is ${self.port}`);
if (self.family === "IPv4" || self.family === 4) {
  assert.equal(mapped.address, self.address, `XOR-MAPPED-ADDRESS ${mapped.address}, this socket's is ${self.address}`);
}
console.log(`    ok  STUN on ${host}:${port}: a Binding request is answered with this socket's address ${mapped.address}:${mapped.port}`);
