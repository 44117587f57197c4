// The suite's link delay (harness.mjs, COUP_E2E_LINK_DELAY_MS) does what a run with it
// relies on: every data-channel message comes late, none before an earlier one on its
// channel, and the channel's close after its last message. Two connections in one page,
// over loopback, with the delay given to that page's context whatever the environment says.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, delayLinks } from "./harness.mjs";

const MAX_MS = 300;

test("the link delay holds each data-channel message back, in order, and the close behind them", { timeout: 60_000 }, async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ permissions: ["camera", "microphone"] });
    await delayLinks(context, MAX_MS);
    const page = await context.newPage();
    const seen = await page.evaluate(async () => {
      const a = new RTCPeerConnection();
      const b = new RTCPeerConnection();
      a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
      b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
      const out = a.createDataChannel("coup");
      const got = [];
      const closed = new Promise((resolve) => {
        b.ondatachannel = ({ channel }) => {
          channel.onmessage = (m) => got.push({ n: Number(m.data), at: performance.now() });
          channel.onclose = () => resolve(got.length);
        };
      });
      await a.setLocalDescription(await a.createOffer());
      await b.setRemoteDescription(a.localDescription);
      await b.setLocalDescription(await b.createAnswer());
      await a.setRemoteDescription(b.localDescription);
      await new Promise((resolve) => (out.onopen = resolve));
      // Sent in bursts and alone: a late message must not let an early one pass it.
      const sentAt = [];
      for (let i = 0; i < 120; i++) {
        sentAt.push(performance.now());
        out.send(String(i));
        if (i % 7 === 0) await new Promise((r) => setTimeout(r, 20));
      }
      out.close();
      const beforeClose = await closed;
      return { order: got.map((g) => g.n), beforeClose, lags: got.map((g) => g.at - sentAt[g.n]) };
    });
    assert.deepEqual(seen.order, [...Array(120).keys()], "every message, in the order sent");
    assert.equal(seen.beforeClose, 120, "the close comes after the last message");
    const late = Math.max(...seen.lags);
    assert.ok(late >= MAX_MS / 3, `messages come late: the latest by ${late.toFixed(0)} ms`);
  } finally {
    await browser.close();
  }
});
