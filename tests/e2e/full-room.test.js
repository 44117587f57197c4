// A full room. Ana hosts, Bo joins: both seats are taken. Cy joins with the code and is
// told in plain words that they are watching because every seat is taken; Ana's lobby
// says Cy is watching and offers one tap to seat Cy, which gives the table one more seat
// with Cy in it; Cy's "watching" words go. Then Ana adds a bot and removes it again: its
// seat stays, open (the table keeps the size Ana chose). At phone and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { createAndJoin, lobbiesShow, waitOrDescribe } from "./play.mjs";

const table = useTable();

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

for (const [size, viewport] of SIZES) {
  test(`a person who joins a full room is told they watch, and the host seats them in one tap (${size})`, { timeout: 120_000 }, async () => {
    const host = await table.open({ viewport });
    const bo = await table.open({ viewport });
    const cy = await table.open({ viewport });
    const sides = [host, bo, cy];
    try {
      const { code } = await createAndJoin(host, bo, ["Ana", "Bo"]);
      await lobbiesShow([host, bo], 2);
      assert.equal(await host.page.getByTestId("lobby-seat").count(), 2, "two seats, both taken");
      await cy.page.getByTestId("player-name").fill("Cy");
      await cy.page.getByTestId("join-code").fill(code);
      await cy.page.getByTestId("join-room").click();

      const watching = cy.page.getByTestId("watching-full");
      await waitOrDescribe(watching, 20_000, sides, "Cy told they watch");
      assert.equal(await watching.textContent(), "You are watching: all seats are taken. The host can give you a seat.");
      const watcher = host.page.getByTestId("watcher");
      await waitOrDescribe(watcher, 10_000, sides, "the host told Cy watches");
      assert.match(await watcher.textContent(), /^Cy is watching: all seats are taken\./);
      await cy.page.screenshot({ path: path.join(ARTIFACTS, `full-room-watching-${size}.png`) });
      await host.page.screenshot({ path: path.join(ARTIFACTS, `full-room-host-${size}.png`) });

      await watcher.getByTestId("seat-watcher").click();
      await lobbiesShow(sides, 3);
      await watching.waitFor({ state: "detached", timeout: 10_000 });
      assert.equal(await host.page.getByTestId("watcher").count(), 0, "nobody watches any more");
      const cyOnHost = host.page.getByTestId("peer").filter({ hasText: "Cy" });
      assert.ok(!(await cyOnHost.textContent()).includes("watching"), "Cy's watching label is gone");
      assert.equal(await host.page.getByTestId("lobby-seat").count(), 3, "one more seat, Cy's");

      // A bot removed leaves its seat open: the table keeps its size.
      await host.page.getByTestId("add-bot").click();
      await host.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
      const seats = await host.page.getByTestId("lobby-seat").count();
      await host.page.getByTestId("remove-bot").click();
      await host.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ state: "detached", timeout: 10_000 });
      assert.equal(await host.page.getByTestId("lobby-seat").count(), seats, "the seat stays, open");
      for (const [n, side] of sides.entries()) assert.deepEqual(side.errors, [], `no errors on page ${n}`);
    } finally {
      for (const side of sides) await side.context.close();
    }
  });
}
