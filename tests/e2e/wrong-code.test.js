// Error notices a newcomer meets. Bo types a code with a typo and presses Join: the page
// says there is no such room and keeps what Bo typed, to be fixed; pressing Join again
// says it once, not twice. Ana's room is closed to newcomers: Bo, joining it, is told so;
// Bo then creates a room of their own, and that notice does not follow Bo there.
// At phone and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { lobbiesShow } from "./play.mjs";

const table = useTable();

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

/** The notices `page` shows. */
const notices = (page) => page.getByTestId("notice").allTextContents();

for (const [size, viewport] of SIZES) {
  test(`a wrong code keeps what was typed and says so once, and a refusal does not follow the person into their own room (${size})`, { timeout: 120_000 }, async () => {
    const host = await table.open();
    const bo = await table.open({ viewport });
    try {
      await bo.page.getByTestId("player-name").fill("Bo");
      await bo.page.getByTestId("join-code").fill("ZZZ-222");
      await bo.page.getByTestId("join-room").click();
      await bo.page.getByTestId("notice").first().waitFor({ timeout: 15_000 });
      const first = await notices(bo.page);
      assert.equal(first.length, 1, `${first}`);
      assert.match(first[0], /^There is no room with that code\./);
      assert.equal(await bo.page.getByTestId("join-code").inputValue(), "ZZZ-222", "what was typed stays, to be fixed");
      await bo.page.screenshot({ path: path.join(ARTIFACTS, `wrong-code-${size}.png`) });
      // Again: the same words once.
      await bo.page.getByTestId("join-room").click();
      await bo.page.getByTestId("create-room").waitFor({ timeout: 15_000 });
      await bo.page.getByTestId("opening").waitFor({ state: "detached", timeout: 15_000 });
      assert.equal((await notices(bo.page)).length, 1, `${await notices(bo.page)}`);

      // Ana's room, closed to newcomers.
      await host.page.getByTestId("player-name").fill("Ana");
      await host.page.getByTestId("create-room").click();
      const codeEl = host.page.getByTestId("room-code");
      await codeEl.waitFor();
      const code = await codeEl.getAttribute("data-code");
      await host.page.getByTestId("opt-lock").check();
      await bo.page.getByTestId("join-code").fill(code);
      await bo.page.getByTestId("join-room").click();
      await bo.page.getByTestId("notice").filter({ hasText: "closed to newcomers" }).waitFor({ timeout: 20_000 });
      // Bo opens a room of their own: the refusal stays behind.
      await bo.page.getByTestId("create-room").waitFor({ timeout: 15_000 });
      await bo.page.getByTestId("create-room").click();
      await bo.page.getByTestId("room-code").waitFor({ timeout: 15_000 });
      await lobbiesShow([bo], 1);
      assert.deepEqual(await notices(bo.page), [], "no notice from the other room");
      assert.deepEqual(bo.errors, [], "no errors on Bo's page");
    } finally {
      await host.context.close();
      await bo.context.close();
    }
  });
}
