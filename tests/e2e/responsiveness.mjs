// How responsive a page's main thread stays while a table plays: every long task (over
// 50 ms, from a PerformanceObserver), the longest gap between animation frames, and for
// each click on a decision the time from the click to the next frame (the click's handler
// ran and the browser could paint). Installed before the page's own scripts run.

/** Starts recording in `page` (call before `page.goto`). */
export async function recordResponsiveness(page) {
  await page.addInitScript(() => {
    const r = { longtasks: [], frameGaps: [], clicks: [] };
    window.__responsiveness = r;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) r.longtasks.push(e.duration);
    }).observe({ type: "longtask", buffered: true });
    let last = performance.now();
    const frame = (t) => {
      r.frameGaps.push(t - last);
      last = t;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // A click on a decision: its handler runs in the bubbling phase; the next frame after
    // it is when the answer can show.
    document.addEventListener(
      "click",
      (e) => {
        if (!(e.target instanceof Element) || !e.target.closest('[data-testid="decision"]')) return;
        const start = e.timeStamp;
        requestAnimationFrame(() => r.clicks.push(performance.now() - start));
      },
      true,
    );
  });
}

/** Clears what was recorded so far (the page load and the deal are not play). */
export async function resetResponsiveness(page) {
  await page.evaluate(() => {
    const r = window.__responsiveness;
    r.start = performance.now();
    r.longtasks.length = 0;
    r.frameGaps.length = 0;
    r.clicks.length = 0;
  });
}

/**
 * What was recorded since the reset: its span, the long tasks (their count, their time
 * together and its share of the span, the longest), frame gaps and click answers.
 */
export async function responsiveness(page) {
  const r = await page.evaluate(() => ({ ...window.__responsiveness, spanMs: performance.now() - (window.__responsiveness.start ?? 0) }));
  const max = (xs) => (xs.length ? Math.max(...xs) : 0);
  const p = (xs, q) => {
    if (!xs.length) return 0;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  };
  const longTaskMs = r.longtasks.reduce((a, b) => a + b, 0);
  return {
    spanMs: Math.round(r.spanMs),
    longtasks: r.longtasks.length,
    longTaskMs: Math.round(longTaskMs),
    longTaskShare: Number((longTaskMs / r.spanMs).toFixed(3)),
    longestTaskMs: max(r.longtasks),
    frames: r.frameGaps.length,
    longestFrameGapMs: max(r.frameGaps),
    clicks: r.clicks.length,
    clickToFrameP50Ms: p(r.clicks, 0.5),
    clickToFrameMaxMs: max(r.clicks),
  };
}
