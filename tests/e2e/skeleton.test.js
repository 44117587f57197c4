// The walking skeleton, end to end: a page creates a room through the relay, a second
// page joins with the code, and the two exchange chat over a WebRTC data channel.
//
// Run by .ci/test.sh inside a network namespace that holds only `lo`, so the browsers'
// traffic cannot leave the machine. The relay, the built client and Chromium come from
// ./harness.mjs (see there for the environment variables).

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable, programRuns } from "./harness.mjs";

const table = useTable();
const openPage = (viewport) => table.open({ viewport });

test("two browsers chat over a WebRTC data channel brokered by the relay", { timeout: 60_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  try {
    await host.page.getByTestId("create-room").click();
    const codeEl = host.page.getByTestId("room-code");
    await codeEl.waitFor();
    const code = await codeEl.getAttribute("data-code");
    assert.match(code, /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);

    // Typed the way a person might: lower case, with a dash.
    const typed = `${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase();
    await guest.page.getByTestId("join-code").fill(typed);
    const joinedAt = Date.now();
    await guest.page.getByTestId("join-room").click();
    await guest.page.getByTestId("room-code").waitFor();
    assert.equal(await guest.page.getByTestId("room-code").getAttribute("data-code"), code, "the guest is in the room it typed");

    // The data channel opens on both sides. A wait that fails says what each page showed
    // and logged, so that a link that never opened can be told from a list not drawn.
    const linkOpen = (side, who) =>
      side.page.locator('[data-testid="peer"][data-link="open"]').waitFor({ timeout: 20_000 }).catch(async (e) => {
        const shown = async (p) => ({
          peers: await p.locator('[data-testid="peer"]').evaluateAll((els) => els.map((el) => `${el.dataset.peer}:${el.dataset.link}`)).catch(() => null),
          notices: await p.locator(".notices").textContent({ timeout: 1_000 }).catch(() => null),
        });
        const report = JSON.stringify({ host: await shown(host.page), guest: await shown(guest.page) });
        throw new Error(`the ${who}'s page shows no open link within 20 s: ${report}\nhost's log:\n${host.log.join("\n")}\nguest's log:\n${guest.log.join("\n")}`, { cause: e });
      });
    await linkOpen(host, "host");
    await linkOpen(guest, "guest");
    console.log(`    data channel open on both sides ${Date.now() - joinedAt} ms after the join click`);
    assert.equal(await host.page.getByTestId("peer").count(), 2, "the host lists itself and the guest");
    assert.equal(await guest.page.getByTestId("peer").count(), 2, "the guest lists itself and the host");

    const fromHost = `Hello from the host ${Date.now()}`;
    await host.page.getByTestId("chat-input").fill(fromHost);
    await host.page.getByTestId("chat-send").click();
    await guest.page.getByTestId("chat-line").filter({ hasText: fromHost }).waitFor({ timeout: 10_000 });
    assert.equal(await host.page.getByTestId("chat-input").inputValue(), "", "the box clears after sending");

    const fromGuest = "Hi! I'll take Duke, obviously.";
    await guest.page.getByTestId("chat-input").fill(fromGuest);
    await guest.page.getByTestId("chat-input").press("Enter");
    await host.page.getByTestId("chat-line").filter({ hasText: fromGuest }).waitFor({ timeout: 10_000 });

    // Each side sees both lines, once each. A line comes back to its sender from the host
    // (the host's log is the chat), so the guest's own line reaches its page after the
    // host's: each side is waited for until it shows both, and then counted.
    for (const [who, side] of [["host", host], ["guest", guest]]) {
      for (const line of [fromHost, fromGuest]) {
        await side.page.getByTestId("chat-line").filter({ hasText: line }).waitFor({ timeout: 10_000 });
      }
      assert.equal(await side.page.getByTestId("chat-line").count(), 2, `the ${who} shows each line once`);
    }
    await host.page.screenshot({ path: path.join(ARTIFACTS, "host.png"), fullPage: true });
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "guest.png"), fullPage: true });
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the guest's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a wrong code shows an error and stays in the lobby", { timeout: 30_000 }, async () => {
  const { context, page } = await openPage({ width: 390, height: 844 });
  // Every step that waits gives up well within the test's limit, so that a step that
  // hangs fails with its own message (and the one below) instead of the test's time-out.
  page.setDefaultTimeout(8_000);
  try {
    // A wait that fails says what the page shows instead, with a screenshot.
    const says = (text) =>
      page.getByTestId("notice").filter({ hasText: text }).waitFor({ timeout: 8_000 }).catch(async (e) => {
        await page.screenshot({ path: path.join(ARTIFACTS, "failed-lobby-error.png"), fullPage: true, timeout: 3_000 }).catch(() => {});
        const shown = await page.locator("[data-testid]").evaluateAll((els) => els.slice(0, 20).map((el) => el.dataset.testid));
        const notices = await page.locator(".notices").textContent().catch(() => null);
        throw new Error(`no notice "${text}" within 8 s; notices: ${JSON.stringify(notices)}; on the page: ${shown}`, { cause: e });
      });
    await page.getByTestId("join-code").fill("ZZZ-ZZZ");
    await page.getByTestId("join-room").click();
    await says("no room with that code");
    await programRuns(page);
    await page.getByTestId("join-code").fill("hello");
    await page.getByTestId("join-room").click();
    await says("6 letters and digits");
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-error.png"), fullPage: true, timeout: 3_000 }).catch(() => {});
    // The credit line: whose games these are, and that this is a fan implementation.
    const credit = await page.getByTestId("credit").textContent();
    assert.match(credit, /Rikki Tahta/);
    assert.match(credit, /Indie Boards & Cards/);
    assert.match(credit, /unofficial fan implementation/);
  } finally {
    await context.close();
  }
});
