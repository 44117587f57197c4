// What a page looks like to a player, measured in the page: whether a box is inside the
// viewport, text that overflows its box, touch targets smaller than 44×44 px, text
// whose contrast with what is rendered behind it is under 4.5:1 (WCAG AA), seats hidden
// or covered, and what reaches past the screen's sides. Not a test file itself.

/** The part of `locator`'s box outside the viewport, in px per side (all 0: inside). */
export async function outsideViewport(page, locator) {
  const box = await locator.boundingBox();
  if (!box) return { missing: true };
  const vp = page.viewportSize();
  const out = {
    top: Math.max(0, -box.y),
    left: Math.max(0, -box.x),
    bottom: Math.max(0, box.y + box.height - vp.height),
    right: Math.max(0, box.x + box.width - vp.width),
  };
  return Object.values(out).some((v) => v > 0.5) ? out : null;
}

// Every helper below says so when it found nothing to measure: a class renamed in the
// client must fail the check, not switch it off.

/** What a table always shows of the boxes `overflowing` measures: seat names, buttons and their labels. */
export const AT_TABLE = [".t-name", ".btn", ".d-label"];

/**
 * Seat names, card names and button labels whose text is wider or taller than its box;
 * and each of `required` (class selectors) that no visible element matches.
 */
export async function overflowing(page, required = [".btn"]) {
  return page.evaluate((required) => {
    const bad = [];
    const sel = ".t-name, .t-card-name, .btn, .d-label, .d-hint, .t-what";
    const seen = new Set();
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest(".hidden")) continue;
      for (const q of required) if (el.matches(q)) seen.add(q);
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        bad.push(`${el.className}: "${el.textContent.trim()}" (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      }
      // The box itself inside its seat, card or button.
      const parent = el.parentElement?.closest(".t-seat, .t-card, .btn, .t-panel");
      if (parent && parent !== el) {
        const p = parent.getBoundingClientRect();
        if (r.right > p.right + 1 || r.left < p.left - 1) {
          bad.push(`${el.className}: "${el.textContent.trim()}" spills out of its ${parent.className} (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(p.left)}–${Math.round(p.right)})`);
        }
      }
    }
    for (const q of required) if (!seen.has(q)) bad.push(`nothing visible matches ${q}: nothing of it was measured`);
    return bad;
  }, required);
}

/**
 * Visible interactive elements smaller than 44×44 px: buttons, links, selects, text
 * fields, disclosure summaries, and the labels that are a checkbox's target.
 */
export async function smallTargets(page) {
  return page.evaluate(() => {
    const bad = [];
    const sel =
      'button, a[href], select, summary, input:not([type="checkbox"]):not([type="radio"]), label.check';
    let measured = 0;
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === "hidden") continue;
      measured += 1;
      if (r.width < 43.5 || r.height < 43.5) {
        bad.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.getAttribute("aria-label") ?? el.textContent).trim().slice(0, 40)}": ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    if (measured === 0) bad.push("no visible control: nothing was measured");
    return bad;
  });
}

/**
 * Text whose contrast with its rendered background is under `min`: each element holding
 * text of its own, its colour against the background colours of it and its ancestors
 * composited (alpha included), the ancestors' opacity applied to the text. Disabled
 * controls are left out (WCAG exempts inactive components).
 */
export async function lowContrast(page, min = 4.5) {
  return page.evaluate((min) => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const lum = ([r, g, b]) => {
      const f = (v) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const bad = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    let measured = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || seen.has(el) || !n.textContent.trim()) continue;
      seen.add(el);
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (el.closest("[disabled], .disabled, noscript, option, select")) continue;
      let opacity = 1;
      let hidden = false;
      const layers = [];
      for (let a = el; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.visibility === "hidden" || s.display === "none") hidden = true;
        opacity *= Number(s.opacity);
        layers.push(parse(s.backgroundColor));
      }
      if (hidden || opacity < 0.05) continue;
      let bg = [255, 255, 255, 1]; // the canvas
      for (const layer of layers.reverse()) bg = over(layer, bg);
      const fg = parse(getComputedStyle(el).color);
      const text = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
      const [l1, l2] = [lum(text), lum(bg)].sort((x, y) => y - x);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      measured += 1;
      if (ratio < min) {
        bad.push(`"${n.textContent.trim().slice(0, 40)}" in ${el.tagName.toLowerCase()}.${el.className}: ${ratio.toFixed(2)}:1`);
      }
    }
    if (measured === 0) bad.push("no visible text: nothing was measured");
    return bad;
  }, min);
}

/**
 * Seats that are not wholly visible: outside the viewport, or covered (by the docked
 * decision, say) at their centre or near any corner, as `elementFromPoint` finds them.
 */
export async function hiddenSeats(page) {
  return page.evaluate(() => {
    const bad = [];
    const [w, h] = [innerWidth, innerHeight];
    const seats = document.querySelectorAll('[data-testid="seat"]');
    if (seats.length === 0) bad.push("no seat on the page: nothing was measured");
    for (const seat of seats) {
      const r = seat.getBoundingClientRect();
      const name = seat.querySelector(".t-name")?.textContent;
      if (r.top < 0 || r.left < 0 || r.bottom > h || r.right > w) {
        bad.push(`${name}: ${Math.round(r.top)}–${Math.round(r.bottom)} outside 0–${h}`);
        continue;
      }
      // Inside the rounded corners.
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 8, r.top + 8],
        [r.right - 8, r.top + 8],
        [r.left + 8, r.bottom - 8],
        [r.right - 8, r.bottom - 8],
      ];
      for (const [x, y] of points) {
        const top = document.elementFromPoint(x, y);
        if (!top || !seat.contains(top)) {
          bad.push(`${name}: covered at (${Math.round(x)}, ${Math.round(y)}) by ${top?.tagName.toLowerCase()}.${top?.className}`);
          break;
        }
      }
    }
    return bad;
  });
}

/**
 * Elements inside `selector` that reach past the viewport's sides, or that scroll
 * sideways (content wider than their box).
 */
export async function widerThanViewport(page, selector) {
  return page.evaluate((selector) => {
    const bad = [];
    const root = document.querySelector(selector);
    if (!root) return [`no ${selector}: nothing was measured`];
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const r = el.getBoundingClientRect();
      // Nothing drawn (a heading kept for screen readers only, clipped to 1 px).
      if (r.width <= 1 || r.height <= 1) continue;
      const what = `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} "${el.textContent.trim().slice(0, 30)}"`;
      if (r.left < -0.5 || r.right > innerWidth + 0.5) bad.push(`${what}: ${Math.round(r.left)}–${Math.round(r.right)} past 0–${innerWidth}`);
      else if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") bad.push(`${what} scrolls sideways (${el.scrollWidth} in ${el.clientWidth})`);
    }
    return bad;
  }, selector);
}

/** The contrast ratio of two CSS colours (`rgb(…)`), alpha ignored. */
export function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}
